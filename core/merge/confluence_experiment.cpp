// Exhaustive enumeration behind `beliefmerge bench confluence`.
#include "merge/confluence_experiment.h"

#include <algorithm>
#include <array>

namespace bm {

namespace {

struct Space {
    std::string name;
    std::vector<std::string> values;
    std::vector<int> levels;
};

// Every per-branch template: for each value, absent or asserted at one level.
std::vector<std::vector<std::pair<std::string, int>>> templates(const Space& space) {
    std::vector<std::vector<std::pair<std::string, int>>> out = {{}};
    for (const auto& v : space.values) {
        std::vector<std::vector<std::pair<std::string, int>>> next;
        for (const auto& t : out) {
            next.push_back(t);
            for (int level : space.levels) {
                auto u = t;
                u.emplace_back(v, level);
                next.push_back(std::move(u));
            }
        }
        out = std::move(next);
    }
    return out;
}

Annotation branch(const std::vector<std::pair<std::string, int>>& t, int index) {
    std::vector<Opinion> ops;
    for (const auto& [v, e] : t) ops.push_back({v, "b" + std::to_string(index), e});
    return Annotation(std::move(ops));
}

Decision incremental(const std::array<Annotation, 3>& b, const std::array<int, 3>& order, Representation r,
                     ScoreRule rule) {
    Annotation acc = b[static_cast<size_t>(order[0])];
    for (int k = 1; k < 3; ++k) acc = represent(Annotation::join(acc, b[static_cast<size_t>(order[k])]), r, rule);
    return select(acc, rule);
}

std::string profile_text(const std::vector<std::vector<std::pair<std::string, int>>>& ts) {
    std::string out;
    for (const auto& t : ts) {
        out += '{';
        for (size_t i = 0; i < t.size(); ++i)
            out += (i ? "," : "") + t[i].first + "@" + std::to_string(t[i].second);
        out += '}';
    }
    return out;
}

}  // namespace

std::string describe(const Decision& d) {
    if (d.outcome == Outcome::kEmpty) return "empty";
    if (d.outcome == Outcome::kResolved) return d.winner;
    std::string out = "disputed{";
    for (size_t i = 0; i < d.tied.size(); ++i) out += (i ? "," : "") + d.tied[i];
    return out + "}";
}

ConfluenceReport run_confluence_experiment() {
    ConfluenceReport report;
    const std::vector<Space> spaces = {{"A", {"a", "b", "c"}, {1, 2}}, {"B", {"a", "b"}, {1, 2, 3, 4}}};
    const std::array<ScoreRule, 2> rules = {ScoreRule::kEgalitarian, ScoreRule::kElitist};
    const std::array<Representation, 3> reprs = {Representation::kJoin, Representation::kCount, Representation::kMax};
    std::array<std::array<int, 3>, 6> orders = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    report.idempotent = true;
    for (const auto& space : spaces) {
        const auto ts = templates(space);
        for (ScoreRule rule : rules) {
            std::array<std::array<ConfluenceCell, 3>, 2> cells;  // [well_formed][repr]
            for (int wf = 0; wf < 2; ++wf)
                for (size_t r = 0; r < 3; ++r) cells[static_cast<size_t>(wf)][r] = {space.name, rule, wf == 1, reprs[r], 0, 0};
            for (const auto& t0 : ts)
                for (const auto& t1 : ts)
                    for (const auto& t2 : ts) {
                        const bool well_formed = t0.size() <= 1 && t1.size() <= 1 && t2.size() <= 1;
                        std::array<Annotation, 3> b = {branch(t0, 0), branch(t1, 1), branch(t2, 2)};
                        const Annotation all = Annotation::join(Annotation::join(b[0], b[1]), b[2]);
                        const Decision nary = select(all, rule);
                        if (Annotation::join(all, all) != all) report.idempotent = false;
                        ++report.evaluations;
                        if (well_formed) ++report.evaluations;
                        for (size_t r = 0; r < 3; ++r) {
                            bool failed = false;
                            for (const auto& order : orders) {
                                Decision inc = incremental(b, order, reprs[r], rule);
                                if (inc != nary) {
                                    failed = true;
                                    const std::string text = profile_text({t0, t1, t2});
                                    if (text == "{a@1}{a@1}{b@2}" && order == orders[0] && rule == ScoreRule::kEgalitarian &&
                                        space.name == "A")
                                        report.witnesses.push_back({text, representation_name(reprs[r]),
                                                                    score_rule_name(rule), describe(nary), describe(inc)});
                                    break;
                                }
                            }
                            for (int wf = 0; wf < (well_formed ? 2 : 1); ++wf) {
                                auto& cell = cells[static_cast<size_t>(wf)][r];
                                ++cell.total;
                                if (failed) ++cell.failures;
                            }
                        }
                    }
            for (const auto& row : cells)
                for (const auto& cell : row) report.cells.push_back(cell);
        }
    }
    // The derivation cascade: c0 asserted twice at level 1, refuted once at level 1.
    {
        std::array<Annotation, 3> b = {Annotation({{"assert", "b0", 1}}), Annotation({{"assert", "b1", 1}}),
                                       Annotation({{"refute", "b2", 1}})};
        const Decision nary = select(Annotation::join(Annotation::join(b[0], b[1]), b[2]), ScoreRule::kEgalitarian);
        const Decision inc = incremental(b, orders[0], Representation::kMax, ScoreRule::kEgalitarian);
        report.cascade.profile = "c0:assert@1, c0:assert@1, c0:refute@1";
        // c0 is IN iff it resolves to assert (SPEC §8: a disputed conclusion is never IN).
        auto in = [](const Decision& d) {
            return d.outcome == Outcome::kResolved && d.winner == "assert" ? std::vector<std::string>{"c0"}
                                                                            : std::vector<std::string>{};
        };
        report.cascade.nary_in = in(nary);
        report.cascade.incremental_in = in(inc);
    }
    return report;
}

}  // namespace bm
