// The routing experiment of `bench routing` (issue 25; the paper's Section 7.5): HotpotQA context
// sentences held by source brains (the meld-recall workload, bench/meld/qa_corpus.h) are published
// to sink brains, each answering its own share of the questions, over the in-process federation
// by flooding, by subject (a topic subscription on the question's scope cell) and by semantic
// routing (interest profiles: each sink's questions and their paragraph titles, matched by σ, at a
// range of thresholds with top-1 fallback). Sources also retract a share of their claims with
// status links; afterwards one anti-entropy round restores the links routing skipped. Reported per
// arm: messages and bytes delivered, messages per admitted claim, routing recall, recall@5 at the
// sinks, and status-link completeness before and after the digest. Thread-safety: each call
// builds its own brains.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bench/meld/hotpotqa.h"
#include "meld/signal_engine.h"
#include "meld/thresholds.h"

namespace bm::meld {

// Fixed before any run (printed with the results).
inline constexpr size_t kRoutingSources = 3;       // brains that publish the sentences
inline constexpr size_t kRoutingSinks = 3;         // brains that answer; question q goes to sink q mod 3
inline constexpr double kRoutingOverlap = 0.5;     // the meld-recall headline overlap
inline constexpr double kRetractShare = 0.1;       // share of held claims a source deprecates by a status link
inline constexpr double kMatchTolerance = 0.01;    // semantic matches flooding when recall@5 ≥ flooding − this
inline constexpr double kDeliveryTarget = 0.99;    // ... and, second criterion, when routing recall ≥ this
// Semantic thresholds swept, from top-1 only (no threshold) down; the matched arm is the first
// (fewest messages) whose recall@5 matches flooding's.
inline constexpr std::array<double, 6> kSemanticThresholds = {std::numeric_limits<double>::infinity(), 0.40, 0.30,
                                                              0.20, 0.10, 0.05};

struct RoutingOptions {
    uint64_t seed = 1;     // the workload's draws (owners, overlap, paraphrases, retractions)
    size_t questions = 0;  // the first N items (0: all)
    Thresholds thresholds = lexical_default_thresholds();
};

enum class RoutingStrategy { kFlooding, kSubject, kSemantic };
const char* routing_strategy_name(RoutingStrategy s);

struct RoutingArm {
    RoutingStrategy strategy = RoutingStrategy::kFlooding;
    double threshold = 0;          // semantic only (infinity: top-1 only)
    size_t claim_messages = 0;     // claim deltas delivered, all sinks
    size_t link_messages = 0;      // status-link deltas delivered
    size_t bytes = 0;              // their canonical JSON bytes
    size_t admitted = 0;           // needed claims (distinct keys) the answering sink holds
    size_t needed = 0;             // needed claims (distinct keys) published
    double messages_per_admitted = 0;
    double routing_recall = 0;     // admitted / needed
    double recall_at_5 = 0;        // mean over questions, at the answering sink, after routing
    double recall_at_5_after_digest = 0;
    size_t links_needed = 0;       // (sink, link) pairs on the sink's questions' claims
    size_t links_held = 0;         // of them, held after routing
    size_t links_held_after_digest = 0;
    size_t digest_bytes = 0;       // one anti-entropy round over the federation
    size_t links_pulled = 0;
};

struct RoutingResult {
    size_t questions = 0;
    size_t sentences = 0;
    size_t claims_published = 0;
    size_t links_published = 0;
    std::vector<RoutingArm> arms;  // flooding, subject, then semantic in kSemanticThresholds order
    size_t matched = 0;            // index into arms of the semantic arm matched on recall@5
    bool semantic_matched = false; // false: no threshold reached matched recall (matched = the last)
    size_t delivery_matched = 0;   // index of the semantic arm matched on routing recall (kDeliveryTarget)
    bool semantic_delivers = false; // false: no threshold reached it (delivery_matched = the last)
};

RoutingResult measure_routing(const std::shared_ptr<const SignalEngine>& engine, const std::vector<QaItem>& items,
                              const RoutingOptions& options);

}  // namespace bm::meld
