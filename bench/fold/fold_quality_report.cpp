// The fold-quality report: per-policy summaries, the markdown tables and the JSON form.
#include <algorithm>
#include <cstdio>

#include "bench/fold/fold_quality.h"

namespace bm::bench {

PolicySummary summarise(const std::vector<const ReplayMetrics*>& replays) {
    PolicySummary s;
    std::vector<size_t> surface;
    size_t unchanged = 0, before = 0;
    bool any_compaction = false;
    for (const ReplayMetrics* m : replays) {
        s.sessions += 1;
        s.turns += m->turns;
        s.compactions += m->compactions;
        s.root_folds += m->root_folds;
        s.checkpoints += m->checkpoints;
        for (size_t i = 0; i < m->prefix_unchanged_bytes.size(); ++i) {
            const size_t u = m->prefix_unchanged_bytes[i];
            s.prefix_unchanged_min = any_compaction ? std::min(s.prefix_unchanged_min, u) : u;
            any_compaction = true;
            unchanged += u;
            before += m->prefix_before_bytes[i];
            s.prefix_kept_compactions += u > 0;
        }
        s.prompt_tokens += m->prompt_tokens;
        s.reusable_tokens += m->reusable_tokens;
        s.dead_tokens += m->dead_tokens;
        surface.insert(surface.end(), m->surface_tokens.begin(), m->surface_tokens.end());
        s.refs_held += m->refs_held;
        s.refs_recalled += m->refs_recalled;
        s.refs_lost += m->refs_lost;
        s.repeated_calls += m->repeated_calls;
        s.duplicate_calls += m->duplicate_calls;
    }
    if (s.compactions > 0) s.prefix_unchanged_mean = static_cast<double>(unchanged) / static_cast<double>(s.compactions);
    if (before > 0) s.prefix_unchanged_share = static_cast<double>(unchanged) / static_cast<double>(before);
    if (!surface.empty()) {
        std::sort(surface.begin(), surface.end());
        size_t total = 0;
        for (size_t t : surface) total += t;
        s.surface_mean = static_cast<double>(total) / static_cast<double>(surface.size());
        s.surface_p95 = surface[std::min(surface.size() - 1, surface.size() * 95 / 100)];
        s.surface_max = surface.back();
    }
    return s;
}

namespace {

double percent(int64_t part, int64_t whole) {
    return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0;
}

std::string markdown_row(const std::string& name, const char* policy, const PolicySummary& s) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "| %s | %s | %lld (%lld root) | %.0f B (min %zu, %lld/%lld kept, %.1f%%) | %.1f%% | %.0f / %zu / %zu | %.1f%% | "
                  "%lld / %lld / %lld | %lld of %lld |\n",
                  name.c_str(), policy, static_cast<long long>(s.compactions), static_cast<long long>(s.root_folds),
                  s.prefix_unchanged_mean, s.prefix_unchanged_min, static_cast<long long>(s.prefix_kept_compactions),
                  static_cast<long long>(s.compactions), 100.0 * s.prefix_unchanged_share,
                  percent(s.reusable_tokens, s.prompt_tokens), s.surface_mean, s.surface_p95, s.surface_max,
                  percent(s.dead_tokens, s.prompt_tokens), static_cast<long long>(s.refs_held),
                  static_cast<long long>(s.refs_recalled), static_cast<long long>(s.refs_lost),
                  static_cast<long long>(s.duplicate_calls), static_cast<long long>(s.repeated_calls));
    return buf;
}

const char* kHeader =
    "| session | policy | compactions | PrefixMutationDepth: unchanged prefix per compaction, mean (min, compactions "
    "keeping any, share of prompt bytes) | cache-reusable tokens | surface tokens mean / p95 / max | dead weight | "
    "recall regret: held / recalled (rank <= 3) / lost | duplicate work: calls of repeated |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";

nlohmann::json summary_json(const PolicySummary& s) {
    return {{"sessions", s.sessions},
            {"turns", s.turns},
            {"compactions", s.compactions},
            {"rootFolds", s.root_folds},
            {"checkpoints", s.checkpoints},
            {"prefixUnchangedBytesMean", s.prefix_unchanged_mean},
            {"prefixUnchangedBytesMin", s.prefix_unchanged_min},
            {"prefixKeptCompactions", s.prefix_kept_compactions},
            {"prefixUnchangedShare", s.prefix_unchanged_share},
            {"promptTokens", s.prompt_tokens},
            {"cacheReusableTokens", s.reusable_tokens},
            {"surfaceTokens", {{"mean", s.surface_mean}, {"p95", s.surface_p95}, {"max", s.surface_max}}},
            {"deadWeightTokens", s.dead_tokens},
            {"recallRegret", {{"held", s.refs_held}, {"recalled", s.refs_recalled}, {"lost", s.refs_lost}}},
            {"duplicateWork", {{"duplicateCalls", s.duplicate_calls}, {"repeatedCalls", s.repeated_calls}}}};
}

}  // namespace

std::string fold_quality_markdown(const FoldQualityReport& r) {
    std::vector<const ReplayMetrics*> ef, basic;
    std::string rows;
    for (const auto& row : r.rows) {
        const std::string name = row.name + " (" + std::to_string(row.messages) + " msgs, " + std::to_string(row.tokens) + " tok)";
        rows += markdown_row(name, "EF", summarise({&row.ef}));
        rows += markdown_row(name, "Basic", summarise({&row.basic}));
        ef.push_back(&row.ef);
        basic.push_back(&row.basic);
    }
    std::string out = "All sessions (" + std::to_string(r.rows.size()) + "), context budget " +
                      std::to_string(r.options.budget) + " tokens, retained tail " +
                      std::to_string(r.options.budget / 4) + ":\n\n" + kHeader;
    out += markdown_row("all", "EF", summarise(ef));
    out += markdown_row("all", "Basic", summarise(basic));
    out += "\nPer session:\n\n" + std::string(kHeader) + rows;
    for (const auto& row : r.rows)
        for (const auto* m : {&row.ef, &row.basic})
            for (const auto& key : m->lost_keys)
                out += std::string("\nLost (") + (m == &row.ef ? "EF" : "Basic") + ") " + row.name + " message " + key;
    out += "\n\nTask success cannot be measured offline (it needs an agent acting on each surface); it is not reported.\n"
           "Cache-reusable and dead weight are shares of the surface tokens summed over turns.\n";
    return out;
}

nlohmann::json fold_quality_json(const FoldQualityReport& r) {
    std::vector<const ReplayMetrics*> ef, basic;
    nlohmann::json sessions = nlohmann::json::array();
    for (const auto& row : r.rows) {
        sessions.push_back({{"session", row.name},
                            {"messages", row.messages},
                            {"tokens", row.tokens},
                            {"EF", summary_json(summarise({&row.ef}))},
                            {"Basic", summary_json(summarise({&row.basic}))},
                            {"lostKeys", {{"EF", row.ef.lost_keys}, {"Basic", row.basic.lost_keys}}}});
        ef.push_back(&row.ef);
        basic.push_back(&row.basic);
    }
    return {{"budget", r.options.budget},
            {"retainedTail", r.options.budget / 4},
            {"all", {{"EF", summary_json(summarise(ef))}, {"Basic", summary_json(summarise(basic))}}},
            {"sessions", sessions},
            {"taskSuccess", "not measured: task success cannot be measured offline"}};
}

}  // namespace bm::bench
