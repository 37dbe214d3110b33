// The routing experiment (see routing.h): the workload, one federation per arm, the reads.
#include "bench/meld/routing.h"

#include <algorithm>
#include <map>
#include <set>

#include "bench/meld/qa_corpus.h"
#include "meld/federation.h"
#include "meld/subscription.h"

namespace bm::meld {

namespace {

std::string source_id(size_t b) { return "source" + std::to_string(b); }
std::string sink_id(size_t j) { return "sink" + std::to_string(j); }
// The question's scope cell: it sorts before "paragraph:", so it is the wire subject's cell.
std::string question_cell(const QaItem& item) { return "hotpot:" + item.id; }
size_t sink_of(size_t question) { return question % kRoutingSinks; }

// What every arm publishes: the sources' claims, then their retractions, in delivery order.
struct Workload {
    std::vector<QaQuestionCorpus> corpora;
    std::vector<std::pair<size_t, Delta>> claims;  // (source, delta)
    std::vector<std::pair<size_t, Delta>> links;
    std::map<std::string, size_t> question_of_cell;
    std::vector<std::set<std::string>> needed_keys;  // per sink
    KeyDirectory directory;
};

Workload build_workload(const std::shared_ptr<const SignalEngine>& engine, const std::vector<QaItem>& items, size_t n,
                        const RoutingOptions& options) {
    Workload w;
    w.directory.group_key = "bench routing group key";
    w.directory.group_key_fallback = true;  // every brain signs with the group key
    for (size_t b = 0; b < kRoutingSources; ++b) w.directory.brains[source_id(b)] = {"", 1, {"*"}};
    for (size_t j = 0; j < kRoutingSinks; ++j) w.directory.brains[sink_id(j)] = {"", 1, {"*"}};
    w.needed_keys.resize(kRoutingSinks);
    BrainOptions brain_options;
    brain_options.keep_patches = false;
    std::vector<std::unique_ptr<Brain>> sources;
    for (size_t b = 0; b < kRoutingSources; ++b)
        sources.push_back(std::make_unique<Brain>(source_id(b), w.directory, options.thresholds, engine, brain_options));
    for (size_t q = 0; q < n; ++q) {
        w.corpora.push_back(build_question_corpus(items[q], q, kRoutingSources, kRoutingOverlap, options.seed));
        w.question_of_cell[question_cell(items[q])] = q;
    }
    // Claims: every source asserts what it holds, question by question.
    std::vector<std::vector<Delta>> claim_outboxes(kRoutingSources), link_outboxes(kRoutingSources);
    for (size_t b = 0; b < kRoutingSources; ++b) {
        std::vector<StatusLink> retractions;
        for (size_t q = 0; q < n; ++q)
            for (const QaHeldItem& it : w.corpora[q].held[b]) {
                Claim c;
                c.text = it.text;
                c.scope.cells = {question_cell(items[q]), "paragraph:" + std::to_string(w.corpora[q].sentences[it.sentence].paragraph)};
                c.authority = 1;
                c.scope.normalise();
                const std::string key = claim_key(c);
                w.needed_keys[sink_of(q)].insert(key);
                // Retractions: a seeded share of what the source holds, deprecated by the source.
                if (qa_unit(qa_draw(options.seed, q, it.sentence, 5 + b)) < kRetractShare) {
                    StatusLink link;
                    link.claim = key;
                    link.claim_scope = c.scope.cells;
                    link.effect = ClaimStatus::kDeprecated;
                    link.kind = "deprecate";
                    retractions.push_back(std::move(link));
                }
                sources[b]->assert_claim(std::move(c));
            }
        claim_outboxes[b] = sources[b]->take_outbox();
        for (StatusLink& link : retractions) sources[b]->author_link(std::move(link));
        link_outboxes[b] = sources[b]->take_outbox();
    }
    auto tag = [](const std::vector<Delta>& in, const std::vector<std::vector<Delta>>& boxes) {
        std::map<std::string, size_t> sender;
        for (size_t b = 0; b < boxes.size(); ++b) sender[source_id(b)] = b;
        std::vector<std::pair<size_t, Delta>> out;
        for (const Delta& d : in) out.emplace_back(sender.at(d.sender), d);
        return out;
    };
    w.claims = tag(interleave_outboxes(claim_outboxes), claim_outboxes);
    w.links = tag(interleave_outboxes(link_outboxes), link_outboxes);
    return w;
}

std::unique_ptr<Router> make_router(RoutingStrategy strategy, double threshold, const SignalEngine& engine,
                                    const std::vector<QaItem>& items, size_t n) {
    // Sources publish and consume nothing in every arm; flooding: every sink subscribes to the
    // empty topic prefix, which every scope cell starts with.
    auto router = std::make_unique<Router>(engine);
    for (size_t b = 0; b < kRoutingSources; ++b) router->subscribe({source_id(b), {}, {}, std::nullopt});
    for (size_t j = 0; j < kRoutingSinks; ++j) {
        Subscription s;
        s.brain = sink_id(j);
        std::vector<std::string> declared;
        if (strategy == RoutingStrategy::kFlooding) s.topics = {""};
        for (size_t q = j; q < n && strategy != RoutingStrategy::kFlooding; q += kRoutingSinks) {
            if (strategy == RoutingStrategy::kSubject) {
                s.topics.push_back(question_cell(items[q]));
                continue;
            }
            declared.push_back(items[q].question);
            for (const QaParagraph& p : items[q].paragraphs) declared.push_back(p.title);
        }
        if (strategy == RoutingStrategy::kSemantic) {
            s.profile = build_interest_profile(engine, declared);
            s.min_similarity = threshold;
        }
        router->subscribe(std::move(s));
    }
    return router;
}

// Mean recall@5 over questions at each question's sink (its active claims on that question).
double sink_recall_at_5(Federation& fed, const Workload& w, std::vector<QaReader>& readers) {
    std::vector<std::vector<QaHeldItem>> live(w.corpora.size());
    for (size_t j = 0; j < kRoutingSinks; ++j) {
        Brain& sink = fed.brain(kRoutingSources + j);
        for (const HeldClaim& h : sink.claims()) {
            const auto at = w.question_of_cell.find(h.claim.scope.cells.front());
            if (at == w.question_of_cell.end() || sink_of(at->second) != j) continue;
            if (sink.status(h.key) != ClaimStatus::kActive) continue;
            const QaQuestionCorpus& c = w.corpora[at->second];
            const std::string& cell = h.claim.scope.cells.back();
            const size_t paragraph = std::stoul(cell.substr(cell.find(':') + 1));
            live[at->second].push_back({c.by_text.at({paragraph, h.claim.text}), h.claim.text});
        }
    }
    double sum = 0;
    for (size_t q = 0; q < live.size(); ++q) sum += readers[q].recall(live[q], w.corpora[q].gold)[0];
    return live.empty() ? 0 : sum / static_cast<double>(live.size());
}

size_t links_held(Federation& fed, const Workload& w) {
    size_t held = 0;
    for (const auto& [source, d] : w.links) {
        const size_t j = sink_of(w.question_of_cell.at(d.link->claim_scope.front()));
        held += fed.brain(kRoutingSources + j).status_links().contains(d.link->id);
    }
    return held;
}

RoutingArm run_arm(RoutingStrategy strategy, double threshold, const std::shared_ptr<const SignalEngine>& engine,
                   const Workload& w, const std::vector<QaItem>& items, const RoutingOptions& options,
                   std::vector<QaReader>& readers) {
    RoutingArm arm;
    arm.strategy = strategy;
    arm.threshold = threshold;
    BrainOptions brain_options;
    brain_options.keep_patches = false;
    std::vector<std::unique_ptr<Brain>> brains;
    for (size_t b = 0; b < kRoutingSources; ++b)
        brains.push_back(std::make_unique<Brain>(source_id(b), w.directory, options.thresholds, engine, brain_options));
    for (size_t j = 0; j < kRoutingSinks; ++j)
        brains.push_back(std::make_unique<Brain>(sink_id(j), w.directory, options.thresholds, engine, brain_options));
    // The sources hold their own retractions (anti-entropy pulls them from there).
    for (const auto& [source, d] : w.links) brains[source]->add_link(*d.link);
    Federation fed(std::move(brains), TransportOptions{});
    const auto router = make_router(strategy, threshold, *engine, items, w.corpora.size());
    fed.set_router(router.get());

    for (const auto& [source, d] : w.claims) fed.publish(source, d);
    arm.claim_messages = fed.deliver();
    for (const auto& [source, d] : w.links) fed.publish(source, d);
    arm.link_messages = fed.deliver();
    arm.bytes = fed.delivered_bytes();

    for (size_t j = 0; j < kRoutingSinks; ++j) {
        arm.needed += w.needed_keys[j].size();
        for (const std::string& key : w.needed_keys[j]) arm.admitted += fed.brain(kRoutingSources + j).find(key) != nullptr;
    }
    arm.routing_recall = arm.needed ? static_cast<double>(arm.admitted) / static_cast<double>(arm.needed) : 0;
    arm.messages_per_admitted =
        arm.admitted ? static_cast<double>(arm.claim_messages + arm.link_messages) / static_cast<double>(arm.admitted) : 0;
    arm.recall_at_5 = sink_recall_at_5(fed, w, readers);
    arm.links_needed = w.links.size();
    arm.links_held = links_held(fed, w);

    const SyncCost sync = fed.anti_entropy_round();
    arm.digest_bytes = sync.bytes;
    arm.links_pulled = sync.links_pulled;
    arm.links_held_after_digest = links_held(fed, w);
    arm.recall_at_5_after_digest = sink_recall_at_5(fed, w, readers);
    return arm;
}

}  // namespace

const char* routing_strategy_name(RoutingStrategy s) {
    switch (s) {
        case RoutingStrategy::kFlooding:
            return "flooding";
        case RoutingStrategy::kSubject:
            return "subject";
        case RoutingStrategy::kSemantic:
            return "semantic";
    }
    return "flooding";
}

RoutingResult measure_routing(const std::shared_ptr<const SignalEngine>& engine, const std::vector<QaItem>& items,
                              const RoutingOptions& options) {
    const size_t n = options.questions == 0 ? items.size() : std::min(options.questions, items.size());
    const Workload w = build_workload(engine, items, n, options);
    RoutingResult r;
    r.questions = n;
    for (const QaQuestionCorpus& c : w.corpora) r.sentences += c.sentences.size();
    r.claims_published = w.claims.size();
    r.links_published = w.links.size();
    std::vector<QaReader> readers;
    readers.reserve(n);
    for (size_t q = 0; q < n; ++q) readers.emplace_back(*engine, items[q], w.corpora[q].sentences);

    r.arms.push_back(run_arm(RoutingStrategy::kFlooding, 0, engine, w, items, options, readers));
    r.arms.push_back(run_arm(RoutingStrategy::kSubject, 0, engine, w, items, options, readers));
    const double target = r.arms.front().recall_at_5 - kMatchTolerance;
    for (double threshold : kSemanticThresholds) {
        r.arms.push_back(run_arm(RoutingStrategy::kSemantic, threshold, engine, w, items, options, readers));
        if (!r.semantic_matched && r.arms.back().recall_at_5 >= target) {
            r.semantic_matched = true;
            r.matched = r.arms.size() - 1;
        }
        if (!r.semantic_delivers && r.arms.back().routing_recall >= kDeliveryTarget) {
            r.semantic_delivers = true;
            r.delivery_matched = r.arms.size() - 1;
        }
    }
    if (!r.semantic_matched) r.matched = r.arms.size() - 1;
    if (!r.semantic_delivers) r.delivery_matched = r.arms.size() - 1;
    return r;
}

}  // namespace bm::meld
