// `beliefmerge bench routing`: flooding vs subject routing vs semantic routing of MELD deltas over
// the HotpotQA workload — messages, bytes, messages per admitted claim, recall@5 at the sinks and
// the status-link completeness the anti-entropy digest restores (bench/meld/routing.h, docs/meld.md).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "bench/common/machine.h"
#include "bench/meld/routing.h"
#include "bench_commands.h"
#include "bench_hotpotqa.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

namespace {

std::string threshold_text(const RoutingArm& a) {
    if (a.strategy != RoutingStrategy::kSemantic) return "-";
    return std::isinf(a.threshold) ? "top-1 only" : "top-1 + σ ≥ " + num(a.threshold, 2);
}

nlohmann::json threshold_json(const RoutingArm& a) {
    if (a.strategy != RoutingStrategy::kSemantic) return nullptr;
    return std::isinf(a.threshold) ? nlohmann::json("top-1") : rounded(a.threshold);
}

double share(size_t part, size_t whole) { return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0; }

}  // namespace

int bench_routing(const QStringList& args) {
    QCommandLineParser parser;
    const HotpotqaBenchOptions common("0");
    common.add_to(parser);
    auto p = parse(parser, args,
                   QStringLiteral("MELD routing on HotpotQA distractor: the meld-recall workload's sentences, published by 3\n"
                                  "source brains to 3 sinks (question q answered by sink q mod 3), by flooding, by subject\n"
                                  "(topic = the question's scope cell) and by semantic routing (interest profiles of the\n"
                                  "sinks' questions and paragraph titles, σ thresholds with top-1 fallback). Reports messages,\n"
                                  "bytes, messages per admitted claim, recall@5 at the sinks and the status-link completeness\n"
                                  "one anti-entropy digest round restores; semantic is reported at matched recall@5."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    int exit_code = kOk;
    const auto in = read_hotpotqa_bench_input("beliefmerge bench routing", parser, common, exit_code);
    if (!in) return exit_code;
    const MeldProvider& provider = in->provider;
    const std::string& data = in->data;
    const auto* items = &in->items;
    RoutingOptions options;
    options.seed = in->seed;
    options.questions = in->questions;
    options.thresholds = provider.thresholds;
    const auto start = std::chrono::steady_clock::now();
    const RoutingResult r = measure_routing(provider.engine, *items, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    nlohmann::json thresholds = nlohmann::json::array();
    std::string threshold_list;
    for (double t : kSemanticThresholds) {
        thresholds.push_back(std::isinf(t) ? nlohmann::json("top-1") : rounded(t));
        threshold_list += (threshold_list.empty() ? "" : ", ") + (std::isinf(t) ? std::string("top-1 only") : num(t, 2));
    }
    nlohmann::json out = {{"provider", provider.engine->identity()},
                          {"thresholds", options.thresholds.to_json()},
                          {"data", data},
                          {"questions", r.questions},
                          {"sentences", r.sentences},
                          {"claims_published", r.claims_published},
                          {"links_published", r.links_published},
                          {"seed", options.seed},
                          {"sources", kRoutingSources},
                          {"sinks", kRoutingSinks},
                          {"overlap", kRoutingOverlap},
                          {"retract_share", kRetractShare},
                          {"semantic_thresholds", thresholds},
                          {"match_tolerance", kMatchTolerance},
                          {"delivery_target", kDeliveryTarget},
                          {"paper", {{"deltas_per_cell", {{"broadcast", 585}, {"semantic", 195}}},
                                     {"recall", {{"broadcast", 1.000}, {"semantic", 0.997}}}}}};
    std::string md = "machine: " + bm::bench::machine_line(bm::bench::describe_machine()) + "\n";
    md += "provider " + provider.engine->identity() + " (theta_merge " + num(options.thresholds.theta_merge, 2) + ", sigma_lo " +
          num(options.thresholds.sigma_lo, 2) + "); data " + data + "; " + std::to_string(r.questions) + " questions, " +
          std::to_string(r.sentences) + " sentences; " + std::to_string(kRoutingSources) + " sources, " +
          std::to_string(kRoutingSinks) + " sinks; overlap " + num(kRoutingOverlap, 2) + "; seed " + std::to_string(options.seed) +
          "; " + std::to_string(r.claims_published) + " claims and " + std::to_string(r.links_published) +
          " retractions (share " + num(kRetractShare, 2) + ") published; semantic thresholds (fixed in code): " + threshold_list +
          "; " + num(seconds, 1) + " s\n\n";
    md += "| strategy | routing | claim msgs | link msgs | bytes | msgs / admitted claim | routing recall | recall@5 | "
          "links held | after digest | digest bytes |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    nlohmann::json arms = nlohmann::json::array();
    for (size_t i = 0; i < r.arms.size(); ++i) {
        const RoutingArm& a = r.arms[i];
        std::string name = routing_strategy_name(a.strategy);
        if (i == r.matched && r.semantic_matched) name += " (matched: recall@5)";
        if (i == r.delivery_matched && r.semantic_delivers) name += " (matched: routing recall)";
        md += "| " + name + " | " + threshold_text(a) + " | " + std::to_string(a.claim_messages) + " | " +
              std::to_string(a.link_messages) + " | " + std::to_string(a.bytes) + " | " + num(a.messages_per_admitted, 2) + " | " +
              num(a.routing_recall, 3) + " | " + num(a.recall_at_5, 3) + " | " + num(share(a.links_held, a.links_needed), 3) + " | " +
              num(share(a.links_held_after_digest, a.links_needed), 3) + " | " + std::to_string(a.digest_bytes) + " |\n";
        arms.push_back({{"strategy", routing_strategy_name(a.strategy)}, {"threshold", threshold_json(a)},
                        {"claim_messages", a.claim_messages}, {"link_messages", a.link_messages}, {"bytes", a.bytes},
                        {"admitted", a.admitted}, {"needed", a.needed}, {"messages_per_admitted", rounded(a.messages_per_admitted)},
                        {"routing_recall", rounded(a.routing_recall)}, {"recall_at_5", rounded(a.recall_at_5)},
                        {"recall_at_5_after_digest", rounded(a.recall_at_5_after_digest)}, {"links_needed", a.links_needed},
                        {"links_held", a.links_held}, {"links_held_after_digest", a.links_held_after_digest},
                        {"digest_bytes", a.digest_bytes}, {"links_pulled", a.links_pulled}});
    }
    out["arms"] = arms;
    const RoutingArm& flood = r.arms.front();
    auto messages = [](const RoutingArm& a) { return static_cast<double>(a.claim_messages + a.link_messages); };
    auto over = [&](const RoutingArm& a) { return messages(a) > 0 ? messages(flood) / messages(a) : 0.0; };
    const RoutingArm& on_recall = r.arms[r.matched];
    const RoutingArm& on_delivery = r.arms[r.delivery_matched];
    out["matched_on_recall_at_5"] = {{"arm", r.matched}, {"found", r.semantic_matched}, {"flooding_over_semantic", rounded(over(on_recall))}};
    out["matched_on_routing_recall"] = {{"arm", r.delivery_matched}, {"found", r.semantic_delivers},
                                        {"target", kDeliveryTarget}, {"flooding_over_semantic", rounded(over(on_delivery))}};
    md += "\nmatched on recall@5 (the first semantic arm with recall@5 >= flooding's - " + num(kMatchTolerance, 2) + "): " +
          (r.semantic_matched ? "" : "NONE, showing the lowest threshold: ") + threshold_text(on_recall) + ", recall@5 " +
          num(on_recall.recall_at_5, 3) + " vs flooding " + num(flood.recall_at_5, 3) + "; flooding delivers " +
          num(over(on_recall), 2) + "x its messages.\n";
    md += "matched on routing recall (the first semantic arm delivering >= " + num(kDeliveryTarget, 2) +
          " of the needed claims to their sink): " + (r.semantic_delivers ? "" : "NONE, showing the lowest threshold: ") +
          threshold_text(on_delivery) + ", routing recall " + num(on_delivery.routing_recall, 3) + ", recall@5 " +
          num(on_delivery.recall_at_5, 3) + "; flooding delivers " + num(over(on_delivery), 2) + "x its messages.\n";
    md += "paper (Section 7.5): broadcast 585 vs semantic 195 deltas per cell (3.0x) at routing recall 1.000 vs 0.997.\n";
    print_out(parser.isSet(common.json) ? out.dump(2) + "\n" : md);
    return kOk;
}

}  // namespace bm::cli
