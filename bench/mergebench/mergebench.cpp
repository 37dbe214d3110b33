// The MergeBench arms, pooled over seeds, and their reports.
#include "bench/mergebench/mergebench.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "extract/heuristic_extractor.h"
#include "extract/oracle_extractor.h"
#include "merge/merger.h"
#include "pack/pack.h"

namespace bm::mergebench {

namespace {

std::string message_line(const Message& m) {
    std::string text;
    for (const auto& b : m.blocks)
        if (b.kind == BlockKind::kText || b.kind == BlockKind::kToolResult) text += (text.empty() ? "" : " ") + b.text;
    if (text.empty()) return {};
    return std::string(role_name(m.role)) + ": " + text + "\n";
}

// The packed block of the merge (empty when nothing can be injected).
std::string packed_block(std::vector<BranchClaims> branches, size_t budget, const TokenCounter& counter) {
    MergedSnapshot snap = merge_branches(std::move(branches));
    PackOptions o;
    o.budget = budget;
    auto r = pack_context(snap, o, counter);
    return r ? r->block : std::string();
}

bool has_claims(const Scenario& sc) {
    for (const auto& s : sc.sessions)
        for (const auto& m : s.messages)
            if (!m.annotations.empty()) return true;
    return false;
}

// The value every scenario has for `field`, or nothing when two differ.
template <typename Field>
auto common(const std::vector<Scenario>& scenarios, Field field) -> std::optional<decltype(field(scenarios.front()))> {
    if (scenarios.empty()) return std::nullopt;
    auto first = field(scenarios.front());
    for (const auto& sc : scenarios)
        if (field(sc) != first) return std::nullopt;
    return first;
}

}  // namespace

std::string transcript(const std::vector<const Session*>& sessions, size_t budget, const TokenCounter& counter) {
    std::string out;
    for (const Session* s : sessions)
        for (const auto& m : s->messages) {
            const std::string line = message_line(m);
            if (line.empty()) continue;
            if (counter.count(out + line) > budget) return out;  // charged honestly: whole text recounted
            out += line;
        }
    return out;
}

std::vector<Scenario> generate_scenarios(const RunOptions& options) {
    std::vector<Scenario> out;
    for (size_t seed = 0; seed < options.seeds; ++seed) {
        out.push_back(generate_scenario({options.family, seed, options.topics, std::max<size_t>(options.branches, 1)}));
        out.back().budget = options.budget;
    }
    return out;
}

RunResult run_scenarios(const std::vector<Scenario>& scenarios, const ScoringOptions& scoring,
                        const TokenCounter& counter, const ModelExtractor& model) {
    RunResult result;
    result.scoring = scoring;
    result.counter = counter.name();
    result.scenarios = scenarios.size();
    result.model_arm = static_cast<bool>(model);
    size_t most_branches = 0;
    for (const auto& sc : scenarios) {
        most_branches = std::max(most_branches, sc.sessions.size());
        result.leaks_column = result.leaks_column || !sc.directives.empty();
        result.without_claims += has_claims(sc) ? 0 : 1;
    }
    result.family = common(scenarios, [](const Scenario& sc) { return sc.family; }).value_or("mixed");
    result.topics = common(scenarios, [](const Scenario& sc) { return sc.topics.size(); });
    result.branches = common(scenarios, [](const Scenario& sc) { return sc.sessions.size(); });
    result.budget = common(scenarios, [](const Scenario& sc) { return sc.budget; });
    std::vector<ArmResult> singles(most_branches);
    ArmResult concat, heuristic, oracle, model_arm;
    concat.arm = "concat", heuristic.arm = "heuristic", oracle.arm = "oracle", model_arm.arm = "model";
    const bool oracle_runs = result.without_claims == 0;
    for (size_t seed = 0; seed < scenarios.size(); ++seed) {
        const Scenario& sc = scenarios[seed];
        const size_t budget = sc.budget;
        auto record = [&](ArmResult& into, const std::string& text) {
            Tally t = score_text(sc, text, scoring.match);
            t.tokens_sum = t.max_tokens = counter.count(text);
            t.blocks = 1;
            t.over_budget = t.tokens_sum > budget;
            into.tally.add(t);
            into.per_scenario.push_back(t);
        };
        for (const auto& q : sc.questions) (q.bridge ? result.bridge_questions : result.local_questions)++;
        std::vector<const Session*> all;
        for (const auto& s : sc.sessions) all.push_back(&s);
        for (size_t i = 0; i < sc.sessions.size(); ++i) record(singles[i], transcript({&sc.sessions[i]}, budget, counter));
        const std::string cat = transcript(all, budget, counter);
        record(concat, cat);
        ExtractOptions extract;  // no current session: everything is EXTERNAL or UNTRUSTED
        const std::string h = packed_block(extract_heuristic(sc.sessions, extract), budget, counter);
        record(heuristic, h);
        std::string o;
        if (oracle_runs) {
            o = packed_block(extract_oracle(sc.sessions, extract), budget, counter);
            record(oracle, o);
        }
        if (model) {
            ModelArmClaims claims = model(sc.sessions, extract);
            result.model_fallbacks += claims.fell_back ? 1 : 0;
            record(model_arm, packed_block(std::move(claims.branches), budget, counter));
        }
        if (std::getenv("MERGEBENCH_DUMP")) std::fprintf(stderr, "seed %zu\n%s\n---\n%s\n---\n%s\n", seed, cat.c_str(), h.c_str(), o.c_str());
    }
    double best_single = 0;
    for (auto& s : singles) best_single = std::max(best_single, arm_rates(s.per_scenario, scoring.average).bridge);
    auto arm = [&](ArmResult a) {
        a.rates = arm_rates(a.per_scenario, scoring.average);
        a.gain = a.rates.bridge - best_single;
        result.within_budget = result.within_budget && a.tally.over_budget == 0;
        result.arms.push_back(std::move(a));
    };
    // Every branch is charged; the first one's row is shown, named by its id when every scenario's first branch has it.
    const std::string first = common(scenarios, [](const Scenario& sc) { return sc.sessions.front().id; }).value_or("first");
    for (size_t i = 0; i < singles.size(); ++i) {
        singles[i].arm = "single:" + first;
        if (i == 0) arm(std::move(singles[i]));
        else result.within_budget = result.within_budget && singles[i].tally.over_budget == 0;
    }
    arm(std::move(concat));
    arm(std::move(heuristic));
    if (oracle_runs) arm(std::move(oracle));
    if (result.model_arm) arm(std::move(model_arm));
    return result;
}

RunResult run_mergebench(const RunOptions& options, const TokenCounter& counter, const ModelExtractor& model,
                         const ScoringOptions& scoring) {
    return run_scenarios(generate_scenarios(options), scoring, counter, model);
}

std::string result_json(const RunResult& r) {
    nlohmann::json arms = nlohmann::json::array();
    for (const auto& a : r.arms) {
        nlohmann::json j = {{"arm", a.arm},
                            {"local", a.rates.local},
                            {"bridge", a.rates.bridge},
                            {"gain", a.gain},
                            {"unambig", a.rates.unambig},
                            {"both", a.rates.both},
                            {"invent", a.rates.invent},
                            {"tokens", a.rates.tokens},
                            {"max_tokens", a.tally.max_tokens}};
        if (r.leaks_column) j["leaks"] = a.tally.leaks;
        arms.push_back(std::move(j));
    }
    auto optional = [](const std::optional<size_t>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
    nlohmann::json doc = {{"family", r.family},
                          {"seeds", r.scenarios},
                          {"topics", optional(r.topics)},
                          {"branches", optional(r.branches)},
                          {"budget", optional(r.budget)},
                          {"counter", r.counter},
                          {"match", match_name(r.scoring.match)},
                          {"average", average_name(r.scoring.average)},
                          {"questions", {{"local", r.local_questions}, {"bridge", r.bridge_questions}}},
                          {"arms", arms}};
    if (r.model_arm) doc["model_fallbacks"] = r.model_fallbacks;
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string result_table(const RunResult& r) {
    char buf[256];
    auto count = [](const std::optional<size_t>& v) { return v ? std::to_string(*v) : std::string("mixed"); };
    std::string out = "MergeBench family " + r.family + ": " + std::to_string(r.scenarios) + " seeds, " +
                      count(r.topics) + " topics, " + count(r.branches) + " branches, budget " + count(r.budget) +
                      " tokens (" + r.counter + "); questions: " + std::to_string(r.local_questions) + " local, " +
                      std::to_string(r.bridge_questions) + " bridge; match: " + match_name(r.scoring.match) +
                      ", average: " + average_name(r.scoring.average) + "\n\n";
    out += std::string("| arm | local | bridge | GAIN | unambig | both | invent | tokens | max tokens |") +
           (r.leaks_column ? " leaks |" : "") + "\n";
    out += std::string("|---|---:|---:|---:|---:|---:|---:|---:|---:|") + (r.leaks_column ? "---:|" : "") + "\n";
    for (const auto& a : r.arms) {
        const Rates& x = a.rates;
        std::snprintf(buf, sizeof buf, "| %s | %.0f%% | %.0f%% | %+.0f%% | %.0f%% | %.0f%% | %.0f%% | %.0f | %zu |",
                      a.arm.c_str(), 100 * x.local, 100 * x.bridge, 100 * a.gain, 100 * x.unambig, 100 * x.both,
                      100 * x.invent, x.tokens, a.tally.max_tokens);
        out += buf;
        if (r.leaks_column) out += " " + std::to_string(a.tally.leaks) + " |";
        out += "\n";
    }
    if (r.without_claims > 0)
        out += "\noracle arm: not run, " + std::to_string(r.without_claims) + " of " + std::to_string(r.scenarios) +
               " scenario(s) carry no ground-truth claims.\n";
    if (r.model_arm && r.model_fallbacks > 0)
        out += "\nmodel arm: " + std::to_string(r.model_fallbacks) + " of " + std::to_string(r.scenarios) +
               " scenario(s) fell back to the heuristic extractor (the call or its reply failed).\n";
    if (!r.within_budget) out += "\nA BLOCK EXCEEDED THE BUDGET.\n";
    return out;
}

}  // namespace bm::mergebench
