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

void record(Tally& into, Tally t, const std::string& text, size_t budget, const TokenCounter& counter) {
    const size_t tokens = counter.count(text);
    t.tokens_sum = tokens;
    t.max_tokens = tokens;
    t.blocks = 1;
    t.over_budget = tokens > budget;
    into.add(t);
}

double rate(size_t n, size_t d) { return d ? static_cast<double>(n) / static_cast<double>(d) : 0.0; }

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

RunResult run_mergebench(const RunOptions& options, const TokenCounter& counter, const ModelExtractor& model) {
    RunResult result;
    result.options = options;
    result.counter = counter.name();
    const size_t nb = std::max<size_t>(options.branches, 1);
    std::vector<Tally> singles(nb);
    Tally concat, heuristic, oracle, model_tally;
    result.model_arm = static_cast<bool>(model);
    for (size_t seed = 0; seed < options.seeds; ++seed) {
        Scenario sc = generate_scenario({options.family, seed, options.topics, nb});
        for (const auto& q : sc.questions) (q.bridge ? result.bridge_questions : result.local_questions)++;
        std::vector<const Session*> all;
        for (const auto& s : sc.sessions) all.push_back(&s);
        for (size_t i = 0; i < sc.sessions.size(); ++i) {
            const std::string text = transcript({&sc.sessions[i]}, options.budget, counter);
            record(singles[i], score_text(sc, text), text, options.budget, counter);
        }
        const std::string cat = transcript(all, options.budget, counter);
        record(concat, score_text(sc, cat), cat, options.budget, counter);
        ExtractOptions extract;  // no current session: everything is EXTERNAL or UNTRUSTED
        const std::string h = packed_block(extract_heuristic(sc.sessions, extract), options.budget, counter);
        record(heuristic, score_text(sc, h), h, options.budget, counter);

        const std::string o = packed_block(extract_oracle(sc.sessions, extract), options.budget, counter);
        record(oracle, score_text(sc, o), o, options.budget, counter);
        if (model) {
            ModelArmClaims claims = model(sc.sessions, extract);
            result.model_fallbacks += claims.fell_back ? 1 : 0;
            const std::string m = packed_block(std::move(claims.branches), options.budget, counter);
            record(model_tally, score_text(sc, m), m, options.budget, counter);
        }
        if (std::getenv("MERGEBENCH_DUMP")) std::fprintf(stderr, "seed %zu\n%s\n---\n%s\n---\n%s\n", seed, cat.c_str(), h.c_str(), o.c_str());
    }
    double best_single = 0;
    for (const auto& s : singles) best_single = std::max(best_single, rate(s.bridge, s.bridge_total));
    auto arm = [&](const std::string& name, const Tally& t) {
        result.arms.push_back({name, t, rate(t.bridge, t.bridge_total) - best_single});
        result.within_budget = result.within_budget && t.over_budget == 0;
    };
    arm("single:branch-a", singles[0]);
    arm("concat", concat);
    arm("heuristic", heuristic);
    arm("oracle", oracle);
    if (result.model_arm) arm("model", model_tally);
    return result;
}

std::string result_json(const RunResult& r) {
    nlohmann::json arms = nlohmann::json::array();
    for (const auto& a : r.arms) {
        const Tally& t = a.tally;
        nlohmann::json j = {{"arm", a.arm},
                            {"local", rate(t.local, t.local_total)},
                            {"bridge", rate(t.bridge, t.bridge_total)},
                            {"gain", a.gain},
                            {"unambig", rate(t.unambig, t.conflicted_total)},
                            {"both", rate(t.both, t.conflicted_total)},
                            {"invent", rate(t.invented, t.topics_total)},
                            {"tokens", t.blocks ? static_cast<double>(t.tokens_sum) / static_cast<double>(t.blocks) : 0.0},
                            {"max_tokens", t.max_tokens}};
        if (r.options.family == Family::kInjection) j["leaks"] = t.leaks;
        arms.push_back(std::move(j));
    }
    nlohmann::json doc = {{"family", family_name(r.options.family)},
                          {"seeds", r.options.seeds},
                          {"topics", r.options.topics},
                          {"branches", r.options.branches},
                          {"budget", r.options.budget},
                          {"counter", r.counter},
                          {"questions", {{"local", r.local_questions}, {"bridge", r.bridge_questions}}},
                          {"arms", arms}};
    if (r.model_arm) doc["model_fallbacks"] = r.model_fallbacks;
    return doc.dump(2) + "\n";
}

std::string result_table(const RunResult& r) {
    char buf[256];
    std::string out = "MergeBench family " + std::string(family_name(r.options.family)) + ": " +
                      std::to_string(r.options.seeds) + " seeds, " + std::to_string(r.options.topics) + " topics, " +
                      std::to_string(r.options.branches) + " branches, budget " + std::to_string(r.options.budget) +
                      " tokens (" + r.counter + "); questions: " + std::to_string(r.local_questions) + " local, " +
                      std::to_string(r.bridge_questions) + " bridge\n\n";
    const bool injection = r.options.family == Family::kInjection;
    out += std::string("| arm | local | bridge | GAIN | unambig | both | invent | tokens | max tokens |") +
           (injection ? " leaks |" : "") + "\n";
    out += std::string("|---|---:|---:|---:|---:|---:|---:|---:|---:|") + (injection ? "---:|" : "") + "\n";
    for (const auto& a : r.arms) {
        const Tally& t = a.tally;
        std::snprintf(buf, sizeof buf, "| %s | %.0f%% | %.0f%% | %+.0f%% | %.0f%% | %.0f%% | %.0f%% | %.0f | %zu |",
                      a.arm.c_str(), 100 * rate(t.local, t.local_total), 100 * rate(t.bridge, t.bridge_total),
                      100 * a.gain, 100 * rate(t.unambig, t.conflicted_total), 100 * rate(t.both, t.conflicted_total),
                      100 * rate(t.invented, t.topics_total),
                      t.blocks ? static_cast<double>(t.tokens_sum) / static_cast<double>(t.blocks) : 0.0, t.max_tokens);
        out += buf;
        if (injection) out += " " + std::to_string(t.leaks) + " |";
        out += "\n";
    }
    if (r.model_arm && r.model_fallbacks > 0)
        out += "\nmodel arm: " + std::to_string(r.model_fallbacks) + " of " + std::to_string(r.options.seeds) +
               " scenario(s) fell back to the heuristic extractor (the call or its reply failed).\n";
    if (!r.within_budget) out += "\nA BLOCK EXCEEDED THE BUDGET.\n";
    return out;
}

}  // namespace bm::mergebench
