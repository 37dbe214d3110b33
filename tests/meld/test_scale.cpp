// Scale properties of MELD at small sizes: the sink's live store stays corpus-sized while N brains
// re-publish one corpus, the throughput workload is deterministic, and the candidate index finds
// the candidates the exhaustive scan finds (the figures bench throughput reports at full size).
#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "meld/brain.h"
#include "meld/candidate_index.h"
#include "meld/claim_corpus.h"
#include "meld/signals/sentence_vector.h"
#include "bench/meld/throughput.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

TEST(SinkRepublication, LiveStoreStaysCorpusSizedWhileNaiveUnionGrowsNFold) {
    ClaimCorpus corpus(7);
    const std::vector<std::string> facts = corpus.held(26);
    const std::vector<SinkRow> rows = sink_republish(lexical_engine(), facts, {1, 2, 8, 16});
    ASSERT_EQ(rows.size(), 4u);
    for (const SinkRow& row : rows) {
        EXPECT_EQ(row.deltas, 26 * row.brains);
        EXPECT_EQ(row.naive_union, 26 * row.brains);
        EXPECT_EQ(row.held, 26u) << row.brains << " brains";
        EXPECT_EQ(row.active, 26u) << row.brains << " brains";
        EXPECT_EQ(row.echoed, 0u) << "a sink never re-publishes what it received";
        // Every re-publication after the first brain's is an exact-key merge (R4), adding nothing.
        const size_t merges = row.decisions.count("merge") ? row.decisions.at("merge") : 0;
        EXPECT_EQ(merges, 26 * (row.brains - 1));
    }
}

TEST(ClaimCorpus, SameSeedSameClaimsAndHeldFactsAreDistinct) {
    ClaimCorpus a(3), b(3), c(4);
    const auto ha = a.held(2000), hb = b.held(2000), hc = c.held(2000);
    EXPECT_EQ(ha, hb);
    EXPECT_NE(ha, hc);
    EXPECT_EQ(std::set<std::string>(ha.begin(), ha.end()).size(), ha.size());
    const auto ia = a.incoming(500), ib = b.incoming(500);
    std::map<IncomingKind, size_t> kinds;
    for (size_t i = 0; i < ia.size(); ++i) {
        EXPECT_EQ(ia[i].text, ib[i].text);
        ++kinds[ia[i].kind];
    }
    EXPECT_EQ(kinds.size(), 4u) << "novel, paraphrase, contradiction and re-publication all occur";
}

TEST(CandidateIndex, FindsTheDecisiveCandidatesOfTheExhaustiveScanWhileScoringFarFewer) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    ThroughputOptions options;
    options.sizes = {2000};
    options.admissions = 300;
    const ThroughputResult r = measure_throughput(lexical_engine(), options);
    ASSERT_EQ(r.recall.size(), 1u);
    ASSERT_EQ(r.rows.size(), 3u);  // index, index pipelined, exhaustive
    ASSERT_TRUE(r.rows[1].same_patches.has_value());
    EXPECT_TRUE(*r.rows[1].same_patches) << "receive_all gives the one-by-one Patches";
    const RecallRow& recall = r.recall[0];
    EXPECT_EQ(recall.queries, 300u);
    // σ_lo is low for lexical σ on one-domain text: most queries have hundreds of candidates above
    // it, and the bounded index returns only index_limit of them (bench throughput reports the recall).
    EXPECT_GT(recall.exhaustive_candidates, 300u * options.index_limit);
    EXPECT_LT(recall.recall, 1.0);
    // What decides the outcome is found: every merge-grade candidate and (nearly) every scan-best one.
    EXPECT_GT(recall.merge_candidates, 10u);
    EXPECT_EQ(recall.merge_found, recall.merge_candidates);
    EXPECT_GE(static_cast<double>(recall.best_found), 0.95 * static_cast<double>(recall.with_best));
    EXPECT_GE(recall.decision_agreement, 0.95);
    EXPECT_LT(r.rows[0].mean_candidates * 4, r.rows[2].mean_candidates) << "the index scores far fewer claims";
    for (const ThroughputRow& row : r.rows)
        for (const char* d : {"merge", "relate", "conflict"}) EXPECT_GT(row.decisions.count(d), 0u) << row.path << " " << d;
}

TEST(BoundPruning, GivesTheSamePatchesAsScoringEveryCandidateOnBothPaths) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    KeyDirectory dir;
    dir.group_key = "pruning test group key, 32+ bytes long";
    dir.group_key_fallback = true;
    dir.brains["sink"] = {"", 1, {"*"}};
    dir.brains["peer"] = {"", 1, {"*"}};
    ClaimCorpus corpus(11);
    Brain brain("sink", dir, lexical_default_thresholds(), lexical_engine());
    int64_t sent = 0;
    auto delta = [&](const std::string& text) {
        Delta d;
        d.sender = "peer";
        d.sent = ++sent;
        d.claim = Claim{};
        d.claim->text = text;
        d.claim->scope.cells = {"team:platform"};
        d.claim->origin = "peer";
        d.sign(dir);
        return d;
    };
    for (const std::string& text : corpus.held(1500)) brain.receive(delta(text));
    std::map<std::string, size_t> decisions;
    size_t pruned_away = 0, considered = 0;
    for (const IncomingClaim& incoming : corpus.incoming(300)) {
        const Delta d = delta(incoming.text);
        for (bool index : {true, false}) {
            brain.set_use_index(index);
            CandidateStats with, without;
            brain.set_bound_pruning(true);
            const Patch pruned = brain.decide(d, &with);
            brain.set_bound_pruning(false);
            const Patch full = brain.decide(d, &without);
            ASSERT_EQ(pruned.body_bytes(), full.body_bytes()) << incoming.text << (index ? " (index)" : " (scan)");
            EXPECT_EQ(with.scanned, without.scanned);
            EXPECT_EQ(without.scored, without.scanned);
            pruned_away += without.scored - with.scored;
            considered += without.scored;
            if (!index) ++decisions[decision_name(full.decision)];
        }
        brain.set_use_index(true);
        brain.set_bound_pruning(true);
        brain.receive(d);  // the state grows as in production
    }
    for (const char* name : {"merge", "relate", "conflict"}) EXPECT_GT(decisions[name], 0u) << name;
    EXPECT_GT(pruned_away * 2, considered) << "the σ ceiling skips most candidates on this workload";
}

// receive_all's worker thread checks deltas ahead of, and seals Patches behind, the sequential
// decide-and-apply: the admissions, Patches (bytes, ids, MACs), the kept log and the state must be
// exactly those of receive() one delta at a time, over forged, duplicate, link and claim deltas in
// several chunks.
TEST(ReceiveAll, PipelinedGivesExactlyTheOneByOneAdmissionsPatchesAndState) {
    KeyDirectory dir;
    dir.group_key = "pipeline test group key, 32+ bytes long";
    dir.group_key_fallback = true;
    dir.overrule_authority = 2;
    dir.brains["sink"] = {"", 1, {"*"}};
    dir.brains["peer"] = {"", 3, {"*"}};
    ClaimCorpus corpus(19);
    std::vector<Delta> deltas;
    int64_t sent = 0;
    auto claim_delta = [&](const std::string& text) {
        Claim c;
        c.text = text;
        c.scope.cells = {"team:platform"};
        return signed_claim(dir, "peer", c, ++sent);
    };
    for (const std::string& text : corpus.held(150)) deltas.push_back(claim_delta(text));
    std::vector<std::string> keys;
    for (const Delta& d : deltas) keys.push_back(claim_key(*d.claim));
    size_t i = 0;
    for (const IncomingClaim& incoming : corpus.incoming(250)) {
        deltas.push_back(claim_delta(incoming.text));
        if (++i % 17 == 0) deltas.push_back(deltas[deltas.size() / 2]);  // a re-delivery: duplicate
        if (i % 23 == 0) {                                                // a forged delta: dropped
            Delta forged = claim_delta(incoming.text + " (forged)");
            forged.mac[3] = forged.mac[3] == 'a' ? 'b' : 'a';
            deltas.push_back(forged);
        }
        if (i % 19 == 0) {  // an overrule of a held claim: a status Patch that changes candidates
            StatusLink link;
            link.claim = keys[i % keys.size()];
            link.claim_scope = {"team:platform"};
            link.effect = ClaimStatus::kOverruled;
            link.kind = "overrule";
            link.author = "peer";
            link.authority = 3;
            link.issued = ++sent;
            deltas.push_back(signed_link(dir, link));
        }
    }
    ASSERT_GT(deltas.size(), 128u * 3) << "several chunks of the pipeline (128 each)";
    Brain one("sink", dir, lexical_default_thresholds(), lexical_engine());
    Brain all = one;
    std::vector<Admission> expected;
    for (const Delta& d : deltas) expected.push_back(one.receive(d));
    const std::vector<Admission> got = all.receive_all(deltas);
    ASSERT_EQ(got.size(), expected.size());
    std::map<Admission::Outcome, size_t> outcomes;
    std::set<std::string> decisions;
    for (size_t k = 0; k < got.size(); ++k) {
        ++outcomes[expected[k].outcome];
        EXPECT_EQ(got[k].outcome, expected[k].outcome) << k;
        EXPECT_EQ(got[k].reason, expected[k].reason) << k;
        ASSERT_EQ(got[k].patch.has_value(), expected[k].patch.has_value()) << k;
        if (!got[k].patch) continue;
        decisions.insert(decision_name(expected[k].patch->decision));
        EXPECT_EQ(got[k].patch->body_bytes(), expected[k].patch->body_bytes()) << k;
        EXPECT_EQ(got[k].patch->id, expected[k].patch->id) << k;
        EXPECT_EQ(got[k].patch->mac, expected[k].patch->mac) << k;
        EXPECT_TRUE(got[k].patch->verify(dir)) << k;
    }
    EXPECT_GT(outcomes[Admission::Outcome::kDuplicate], 5u);
    EXPECT_GT(outcomes[Admission::Outcome::kDroppedMac], 5u);
    for (const char* d : {"insert", "merge", "relate", "conflict", "status"}) EXPECT_TRUE(decisions.count(d)) << d;
    // The Patches the brain kept (its log) are sealed too, and equal.
    ASSERT_EQ(all.patches().size(), one.patches().size());
    for (size_t k = 0; k < one.patches().size(); ++k) {
        EXPECT_EQ(all.patches()[k].id, one.patches()[k].id) << k;
        EXPECT_EQ(all.patches()[k].mac, one.patches()[k].mac) << k;
    }
    EXPECT_EQ(all.claims().size(), one.claims().size());
    EXPECT_EQ(all.active_count(), one.active_count());
    EXPECT_EQ(all.mappings().size(), one.mappings().size());
    EXPECT_EQ(all.contradictions().size(), one.contradictions().size());
    EXPECT_EQ(all.clock(), one.clock());
    // Not pipelined: the same again.
    Brain plain("sink", dir, lexical_default_thresholds(), lexical_engine());
    const std::vector<Admission> sequential = plain.receive_all(deltas, /*pipelined=*/false);
    for (size_t k = 0; k < sequential.size(); ++k)
        EXPECT_EQ(sequential[k].patch ? sequential[k].patch->id : "", expected[k].patch ? expected[k].patch->id : "") << k;
}

// The index's top-k as first written: per-slot float weights, nth_element on (weight desc, slot asc).
std::vector<uint32_t> reference_top(const std::vector<std::vector<uint32_t>>& postings, const std::vector<uint64_t>& terms,
                                    size_t slots, size_t limit, size_t max_terms) {
    std::vector<const std::vector<uint32_t>*> lists;
    for (uint64_t t : terms)
        if (t < postings.size() && !postings[t].empty()) lists.push_back(&postings[t]);
    std::sort(lists.begin(), lists.end(), [](const auto* a, const auto* b) { return a->size() < b->size(); });
    if (lists.size() > max_terms) lists.resize(max_terms);
    std::vector<float> weight(slots, 0.0f);
    std::vector<uint32_t> out;
    for (const auto* l : lists) {
        const float w = static_cast<float>(std::log1p(static_cast<double>(slots) / static_cast<double>(l->size())));
        for (uint32_t slot : *l) {
            if (weight[slot] == 0.0f) out.push_back(slot);
            weight[slot] += w;
        }
    }
    if (out.size() > limit) {
        auto better = [&](uint32_t a, uint32_t b) { return weight[a] != weight[b] ? weight[a] > weight[b] : a < b; };
        std::nth_element(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(limit), out.end(), better);
        out.resize(limit);
    }
    std::sort(out.begin(), out.end());
    return out;
}

TEST(CandidateIndex, TopKEqualsPerSlotWeightsWithNthElementOnRandomPostings) {
    std::mt19937_64 rng(64);
    for (int round = 0; round < 300; ++round) {
        const size_t slots = 20 + rng() % 400, vocabulary = 3 + rng() % 12;
        // Few distinct list sizes, so equal weights across different term sets are common.
        std::vector<std::vector<uint32_t>> postings(vocabulary);
        CandidateIndex index;
        for (uint32_t slot = 0; slot < slots; ++slot) {
            std::vector<uint64_t> terms;
            for (uint64_t t = 0; t < vocabulary; ++t)
                if (rng() % (2 + t % 3) == 0) terms.push_back(t);
            for (uint64_t t : terms) postings[t].push_back(slot);
            index.add(slot, terms);
        }
        std::vector<uint64_t> query;
        for (uint64_t t = 0; t < vocabulary + 2; ++t)  // terms past the vocabulary are unknown
            if (rng() % 2) query.push_back(t);
        const size_t touched = reference_top(postings, query, slots, 0 + slots, 6).size();
        for (size_t limit : {size_t{1}, size_t{2}, size_t{7}, size_t{64}, touched > 1 ? touched - 1 : 1, touched, touched + 1})
            ASSERT_EQ(index.query(query, limit), reference_top(postings, query, slots, limit, 6))
                << "round " << round << ", limit " << limit;
    }
}

TEST(SimilarityCeiling, IsNeverBelowSimilarityEvenForNearDuplicates) {
    std::mt19937_64 rng(7);
    IdfTable idf;  // unfitted: every feature weighs alike
    FeatureOptions options;
    options.block_weight = {1.0, 0.5, 0.35, 0.25};
    for (int i = 0; i < 20000; ++i) {
        std::vector<Feature> a, b;
        const int n = 1 + static_cast<int>(rng() % 30);
        for (int k = 0; k < n; ++k) {
            const Feature f{rng() % 40, static_cast<FeatureBlock>(rng() % kFeatureBlockCount),
                            static_cast<float>(0.05 + static_cast<double>(rng() % 100) / 37.0)};
            a.push_back(f);
            if (rng() % 10) b.push_back(f);  // mostly the same features: cosines near 1
            else b.push_back({rng() % 40, f.block, f.prior});
        }
        const SentenceVector x(a, idf), y(b, idf);
        ASSERT_GE(x.similarity_ceiling(y, options), x.similarity(y, options)) << i;
        ASSERT_GE(x.similarity_ceiling(x, options), x.similarity(x, options)) << i;
    }
}

}  // namespace
}  // namespace bm::meld
