// `beliefmerge bench meld-recall`: MELD's recall headline reproduced offline on HotpotQA — the merged
// sink against a centralized store, the naive union and exact dedup, with the TOST verdict and the
// overlap × k sweep (bench/meld/recall.h, docs/meld.md).
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "bench/common/machine.h"
#include "bench/meld/recall.h"
#include "bench_commands.h"
#include "bench_hotpotqa.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

namespace {

nlohmann::json interval_json(const PairedInterval& i) {
    return {{"n", i.n}, {"mean_difference", rounded(i.mean)}, {"sd", rounded(i.sd)}, {"confidence", i.confidence},
            {"low", rounded(i.low)}, {"high", rounded(i.high)}};
}

std::string interval_text(const PairedInterval& i) {
    return (i.mean >= 0 ? "+" : "") + num(i.mean, 3) + " [" + num(i.low, 3) + ", " + num(i.high, 3) + "]";
}

const OverlapResult* headline_row(const RecallResult& r) {
    for (const OverlapResult& row : r.sweep)
        if (row.overlap == kHeadlineOverlap) return &row;
    return nullptr;
}

}  // namespace

int bench_meld_recall(const QStringList& args) {
    QCommandLineParser parser;
    const HotpotqaBenchOptions common("50");
    QCommandLineOption brains_opt(QStringLiteral("brains"), QStringLiteral("Source brains (default 3, at least 2)."),
                                  QStringLiteral("N"), QStringLiteral("3"));
    common.add_to(parser);
    parser.addOption(brains_opt);
    auto p = parse(parser, args,
                   QStringLiteral("MELD recall on HotpotQA distractor: each question's context sentences are held by N source\n"
                                  "brains with a controlled overlap (copies repeated or paraphrased), published as signed deltas\n"
                                  "to a sink through the admission procedure; the sink, a centralized store, the naive union and\n"
                                  "exact dedup answer by the same status-aware top-k read. Reports recall@5/10/20, live store size,\n"
                                  "TOST equivalence of merge vs centralized (margin 0.05) and the overlap x k sweep."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    bool brains_ok = false;
    RecallOptions options;
    options.brains = parser.value(brains_opt).toULongLong(&brains_ok);
    if (!brains_ok || options.brains < 2) {
        print_err("beliefmerge bench meld-recall: --brains takes an integer >= 2\n");
        return kUsage;
    }
    int exit_code = kOk;
    const auto in = read_hotpotqa_bench_input("beliefmerge bench meld-recall", parser, common, exit_code);
    if (!in) return exit_code;
    const MeldProvider& provider = in->provider;
    const std::string& data = in->data;
    const auto* items = &in->items;
    options.seed = in->seed;
    options.questions = in->questions;
    options.thresholds = provider.thresholds;
    const auto start = std::chrono::steady_clock::now();
    const RecallResult r = measure_recall(provider.engine, *items, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const OverlapResult* head = headline_row(r);

    nlohmann::json out = {{"provider", provider.engine->identity()},
                          {"thresholds", options.thresholds.to_json()},
                          {"data", data},
                          {"questions", r.questions},
                          {"sentences", r.sentences},
                          {"supporting_facts", r.supporting},
                          {"supporting_facts_outside_context", r.dangling_supporting},
                          {"brains", options.brains},
                          {"seed", options.seed},
                          {"paraphrase_share", kParaphraseShare},
                          {"headline_overlap", kHeadlineOverlap},
                          {"equivalence_margin", kRecallEquivalenceMargin},
                          {"paper", {{"recall_at_5", {{"merge", 0.630}, {"centralized", 0.619}, {"union", 0.595}}},
                                     {"tost_90_ci", {-0.001, 0.024}}, {"live", {{"merge", 38.2}, {"union", 42.9}}}}}};
    std::string md = "machine: " + bm::bench::machine_line(bm::bench::describe_machine()) + "\n";
    md += "provider " + provider.engine->identity() + " (theta_merge " + num(options.thresholds.theta_merge, 2) + ", sigma_lo " +
          num(options.thresholds.sigma_lo, 2) + "); data " + data + "; " + std::to_string(r.questions) + " questions, " +
          std::to_string(r.sentences) + " context sentences, " + std::to_string(r.supporting) + " supporting facts (" +
          std::to_string(r.dangling_supporting) + " outside the context, left out); " + std::to_string(options.brains) +
          " source brains; seed " + std::to_string(options.seed) + "; overlapping copies " + num(kParaphraseShare * 100, 0) +
          "% paraphrased, the rest repeated; TOST margin " + num(kRecallEquivalenceMargin, 2) + " (fixed in code); " +
          num(seconds, 1) + " s\n\n";

    nlohmann::json sweep = nlohmann::json::array();
    md += "| overlap | store | recall@5 | recall@10 | recall@20 | live items / question |\n|---:|---|---:|---:|---:|---:|\n";
    for (const OverlapResult& row : r.sweep) {
        nlohmann::json stores = nlohmann::json::object();
        for (size_t s = 0; s < row.stores.size(); ++s) {
            const StoreMeasure& m = row.stores[s];
            nlohmann::json recall = nlohmann::json::object();
            md += "| " + num(row.overlap, 2) + " | " + kRecallStoreNames[s];
            for (size_t d = 0; d < kRecallDepths.size(); ++d) {
                recall[std::to_string(kRecallDepths[d])] = rounded(m.recall[d]);
                md += " | " + num(m.recall[d], 3);
            }
            md += " | " + num(m.live, 1) + " |\n";
            stores[kRecallStoreNames[s]] = {{"recall_at", recall}, {"live", rounded(m.live)}};
        }
        sweep.push_back({{"overlap", row.overlap}, {"stores", stores}, {"deltas", row.deltas}, {"repeats", row.repeats},
                         {"paraphrases", row.paraphrases}, {"sink_decisions", row.decisions}});
    }
    out["sweep"] = sweep;
    md += "\nsink decisions (all questions):";
    for (const OverlapResult& row : r.sweep) {
        md += " overlap " + num(row.overlap, 2) + ": " + std::to_string(row.deltas) + " deltas (" + std::to_string(row.repeats) +
              " repeated, " + std::to_string(row.paraphrases) + " paraphrased copies)";
        for (const auto& [name, n] : row.decisions) md += " " + name + "=" + std::to_string(n);
        md += ";";
    }
    md += "\n";

    bool equivalent = false;
    if (head) {
        const auto& merge = head->stores[static_cast<size_t>(RecallStore::kMerge)];
        const auto& central = head->stores[static_cast<size_t>(RecallStore::kCentralized)];
        const auto& naive = head->stores[static_cast<size_t>(RecallStore::kUnion)];
        md += "\nat overlap " + num(kHeadlineOverlap, 2) + ", paired over " + std::to_string(r.questions) +
              " questions (mean difference [CI]):\n\n| k | merge − centralized (90% CI) | TOST within ±" +
              num(kRecallEquivalenceMargin, 2) + " | merge − union (95% CI) | live: merge / centralized / union |\n|---:|---|---|---|---|\n";
        nlohmann::json tests = nlohmann::json::array();
        for (size_t d = 0; d < kRecallDepths.size(); ++d) {
            const Equivalence e = tost(merge.per_question[d], central.per_question[d], kRecallEquivalenceMargin);
            const PairedInterval vs_union = paired_interval(merge.per_question[d], naive.per_question[d], 0.95);
            if (kRecallDepths[d] == 5) equivalent = e.equivalent;
            tests.push_back({{"k", kRecallDepths[d]}, {"merge_vs_centralized", interval_json(e.interval)},
                             {"equivalent", e.equivalent}, {"merge_vs_union", interval_json(vs_union)}});
            md += "| " + std::to_string(kRecallDepths[d]) + " | " + interval_text(e.interval) + " | " +
                  (e.equivalent ? "equivalent" : "not shown equivalent") + " | " + interval_text(vs_union) + " | " +
                  num(merge.live, 1) + " / " + num(central.live, 1) + " / " + num(naive.live, 1) + " |\n";
        }
        out["tests"] = tests;
        md += std::string("\nverdict (recall@5, pre-specified): merge is ") +
              (equivalent ? "equivalent to" : "NOT shown equivalent to") + " the centralized store within ±" +
              num(kRecallEquivalenceMargin, 2) + ".\n";
    }
    out["equivalent_at_5"] = equivalent;
    print_out(parser.isSet(common.json) ? out.dump(2) + "\n" : md);
    return kOk;
}

}  // namespace bm::cli
