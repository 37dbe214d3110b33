// Exhaustive enumeration behind `beliefmerge bench confluence`.
//
// Every profile is evaluated with the real join, represent and select, but each pure step is computed
// once: an order (i, j, k) gives the same answer as (j, i, k) (join commutes), the first merge
// represent(join(b_i, b_j)) depends on two branches only, the last step depends only on that
// (interned) annotation and branch k, so its decision is memoised, and the joins are shared by both scores.
#include "bench/confluence/confluence_experiment.h"

#include <algorithm>
#include <array>
#include <map>

namespace bm {

namespace {

using Template = std::vector<std::pair<std::string, int>>;

struct Space {
    std::string name;
    std::vector<std::string> values;
    std::vector<int> levels;
};

constexpr std::array<Representation, 3> kReprs = {Representation::kJoin, Representation::kCount, Representation::kMax};
constexpr std::array<std::array<int, 3>, 6> kOrders = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
// The unordered pair an order merges first; the third branch is the one not in it.
constexpr std::array<std::array<int, 3>, 3> kPairs = {{{0, 1, 2}, {0, 2, 1}, {1, 2, 0}}};

size_t pair_of(const std::array<int, 3>& order) {
    return static_cast<size_t>(2 - order[2]);  // third branch 2 → {0,1}, 1 → {0,2}, 0 → {1,2}
}

// Every per-branch template: for each value, absent or asserted at one level.
std::vector<Template> templates(const Space& space) {
    std::vector<Template> out = {{}};
    for (const auto& v : space.values) {
        std::vector<Template> next;
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

Annotation branch(const Template& t, int index) {
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

std::string profile_text(const std::vector<Template>& ts) {
    std::string out;
    for (const auto& t : ts) {
        out += '{';
        for (size_t i = 0; i < t.size(); ++i)
            out += (i ? "," : "") + t[i].first + "@" + std::to_string(t[i].second);
        out += '}';
    }
    return out;
}

// Equal annotations share one id.
class AnnotationIds {
public:
    int id(Annotation a) {
        auto [it, added] = m_ids.try_emplace(a.opinions(), static_cast<int>(m_values.size()));
        if (added) m_values.push_back(std::move(a));
        return it->second;
    }
    const Annotation& at(int id) const { return m_values[static_cast<size_t>(id)]; }
    size_t size() const { return m_values.size(); }

private:
    std::map<std::vector<Opinion>, int> m_ids;
    std::vector<Annotation> m_values;
};

// Equal decisions share one id (a space has only a handful).
class DecisionIds {
public:
    int id(const Decision& d) {
        auto it = std::find(m_values.begin(), m_values.end(), d);
        if (it != m_values.end()) return static_cast<int>(it - m_values.begin());
        m_values.push_back(d);
        return static_cast<int>(m_values.size()) - 1;
    }
    const Decision& at(int id) const { return m_values[static_cast<size_t>(id)]; }

private:
    std::vector<Decision> m_values;
};

constexpr std::array<ScoreRule, 2> kRules = {ScoreRule::kEgalitarian, ScoreRule::kElitist};
static_assert(kReprs[0] == Representation::kJoin);

// One space under both scores, which share every join: the failure cells [rule][well_formed][representation].
class SpaceRun {
public:
    SpaceRun(const Space& space, ConfluenceReport& report)
        : m_space(space), m_report(report), m_templates(templates(space)), m_n(m_templates.size()) {
        for (size_t i = 0; i < 3; ++i)
            for (const auto& t : m_templates) m_branches[i].push_back(branch(t, static_cast<int>(i)));
        // represent(join(b_i, b_j)) for every score, representation, pair of branches and templates.
        for (size_t q = 0; q < kRules.size(); ++q)
            for (size_t r = 0; r < 3; ++r)
                for (size_t p = 0; p < 3; ++p) {
                    auto& ids = m_first[q][r][p];
                    ids.reserve(m_n * m_n);
                    const auto& bi = m_branches[static_cast<size_t>(kPairs[p][0])];
                    const auto& bj = m_branches[static_cast<size_t>(kPairs[p][1])];
                    for (size_t ta = 0; ta < m_n; ++ta)
                        for (size_t tb = 0; tb < m_n; ++tb)
                            ids.push_back(
                                m_annotations.id(represent(Annotation::join(bi[ta], bj[tb]), kReprs[r], kRules[q])));
                }
        for (auto& by_repr : m_last)
            for (auto& by_pair : by_repr)
                for (auto& memo : by_pair) memo.assign(m_annotations.size() * m_n, -1);
    }

    void run() {
        std::array<std::array<std::array<ConfluenceCell, 3>, 2>, 2> cells;
        for (size_t q = 0; q < kRules.size(); ++q)
            for (int wf = 0; wf < 2; ++wf)
                for (size_t r = 0; r < 3; ++r)
                    cells[q][static_cast<size_t>(wf)][r] = {m_space.name, kRules[q], wf == 1, kReprs[r], 0, 0};
        std::array<size_t, 3> t{};
        for (t[0] = 0; t[0] < m_n; ++t[0])
            for (t[1] = 0; t[1] < m_n; ++t[1])
                for (t[2] = 0; t[2] < m_n; ++t[2]) {
                    const bool well_formed = m_templates[t[0]].size() <= 1 && m_templates[t[1]].size() <= 1 &&
                                             m_templates[t[2]].size() <= 1;
                    const Annotation all = Annotation::join(first(0, 0, 0, t), m_branches[2][t[2]]);
                    if (Annotation::join(all, all) != all) m_report.idempotent = false;
                    // Under JOIN an order merging pair p first reaches join(join(b_i, b_j), b_k) whatever the
                    // score; pair {0,1} computes `all` itself.
                    std::array<bool, 3> join_reaches_all = {true, false, false};
                    for (size_t p = 1; p < 3; ++p) join_reaches_all[p] = join_last(p, t) == all;
                    for (size_t q = 0; q < kRules.size(); ++q) {
                        const int nary = m_decisions.id(select(all, kRules[q]));
                        m_report.evaluations += well_formed ? 2 : 1;
                        for (size_t r = 0; r < 3; ++r) {
                            bool failed = false;
                            for (const auto& order : kOrders) {
                                const size_t p = pair_of(order);
                                const int inc = kReprs[r] == Representation::kJoin
                                                    ? (join_reaches_all[p] ? nary
                                                                           : m_decisions.id(select(join_last(p, t), kRules[q])))
                                                    : last_step(q, r, p, t, all, nary);
                                if (inc != nary) {
                                    failed = true;
                                    note_witness(t, order, q, r, nary, inc);
                                    break;
                                }
                            }
                            for (int wf = 0; wf < (well_formed ? 2 : 1); ++wf) {
                                auto& cell = cells[q][static_cast<size_t>(wf)][r];
                                ++cell.total;
                                if (failed) ++cell.failures;
                            }
                        }
                    }
                }
        for (const auto& by_rule : cells)
            for (const auto& row : by_rule)
                for (const auto& cell : row) m_report.cells.push_back(cell);
    }

private:
    // represent(join(b_i, b_j)) of profile t for the pair p.
    const Annotation& first(size_t q, size_t r, size_t p, const std::array<size_t, 3>& t) const {
        const size_t i = static_cast<size_t>(kPairs[p][0]), j = static_cast<size_t>(kPairs[p][1]);
        return m_annotations.at(m_first[q][r][p][t[i] * m_n + t[j]]);
    }

    // join(join(b_i, b_j), b_k) of profile t for the pair p.
    Annotation join_last(size_t p, const std::array<size_t, 3>& t) const {
        const size_t k = static_cast<size_t>(kPairs[p][2]);
        return Annotation::join(first(0, 0, p, t), m_branches[k][t[k]]);
    }

    // select(represent(join(first, b_k))) for the pair p of profile t, memoised on (first, t_k).
    int last_step(size_t q, size_t r, size_t p, const std::array<size_t, 3>& t, const Annotation& all, int nary) {
        const size_t i = static_cast<size_t>(kPairs[p][0]), j = static_cast<size_t>(kPairs[p][1]);
        const size_t k = static_cast<size_t>(kPairs[p][2]);
        const int first_id = m_first[q][r][p][t[i] * m_n + t[j]];
        int& memo = m_last[q][r][p][static_cast<size_t>(first_id) * m_n + t[k]];
        if (memo < 0) {
            const Annotation last =
                represent(Annotation::join(m_annotations.at(first_id), m_branches[k][t[k]]), kReprs[r], kRules[q]);
            memo = last == all ? nary : m_decisions.id(select(last, kRules[q]));  // equal annotations select alike
        }
        return memo;
    }

    void note_witness(const std::array<size_t, 3>& t, const std::array<int, 3>& order, size_t q, size_t r, int nary,
                      int inc) {
        if (order != kOrders[0] || kRules[q] != ScoreRule::kEgalitarian || m_space.name != "A") return;
        const std::string text = profile_text({m_templates[t[0]], m_templates[t[1]], m_templates[t[2]]});
        if (text != "{a@1}{a@1}{b@2}") return;
        m_report.witnesses.push_back({text, representation_name(kReprs[r]), score_rule_name(kRules[q]),
                                      describe(m_decisions.at(nary)), describe(m_decisions.at(inc))});
    }

    const Space& m_space;
    ConfluenceReport& m_report;
    std::vector<Template> m_templates;
    size_t m_n;
    std::array<std::vector<Annotation>, 3> m_branches;
    AnnotationIds m_annotations;
    DecisionIds m_decisions;
    using Tables = std::array<std::array<std::array<std::vector<int>, 3>, 3>, 2>;  // [rule][repr][pair]
    Tables m_first;  // [t_i * n + t_j] → annotation id
    Tables m_last;   // [first * n + t_k] → decision id
};

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
    report.idempotent = true;
    for (const auto& space : spaces) SpaceRun(space, report).run();
    // The derivation cascade: c0 asserted twice at level 1, refuted once at level 1.
    {
        std::array<Annotation, 3> b = {Annotation({{"assert", "b0", 1}}), Annotation({{"assert", "b1", 1}}),
                                       Annotation({{"refute", "b2", 1}})};
        const Decision nary = select(Annotation::join(Annotation::join(b[0], b[1]), b[2]), ScoreRule::kEgalitarian);
        const Decision inc = incremental(b, kOrders[0], Representation::kMax, ScoreRule::kEgalitarian);
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
