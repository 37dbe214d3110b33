// Throughput, index recall and sink re-publication measurements (see throughput.h).
#include "bench/meld/throughput.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>

#include "meld/brain.h"
#include "meld/claim_corpus.h"

namespace bm::meld {

namespace {

using Clock = std::chrono::steady_clock;

double cpu_us(clockid_t clock) {
    timespec ts{};
    ::clock_gettime(clock, &ts);
    return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}
double thread_cpu_us() { return cpu_us(CLOCK_THREAD_CPUTIME_ID); }

KeyDirectory throughput_directory() {
    KeyDirectory d;
    d.group_key = "throughput bench group key";
    d.group_key_fallback = true;  // every brain signs with the group key
    d.brains["sink"] = {"", 1, {"*"}};
    d.brains["peer"] = {"", 1, {"*"}};
    return d;
}

Claim plain(const std::string& text, const std::string& origin) {
    Claim c;
    c.text = text;
    c.scope.cells = {"team:platform"};
    c.origin = origin;
    c.authority = 1;
    return c;
}

Delta signed_delta(const KeyDirectory& dir, const std::string& sender, const std::string& text, int64_t sent) {
    Delta d;
    d.sender = sender;
    d.sent = sent;
    d.claim = plain(text, sender);
    d.sign(dir);
    return d;
}

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t at = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
    return v[at];
}

// Times receive() for each delta; the brain keeps the admitted state (it grows as in production).
// The Patch ids go to `ids` when given.
ThroughputRow time_admissions(Brain& brain, const std::vector<Delta>& deltas, size_t active, const char* path,
                              std::vector<std::string>* ids = nullptr) {
    ThroughputRow row;
    row.active = active;
    row.path = path;
    row.admissions = deltas.size();
    std::vector<double> latency, cpu;
    latency.reserve(deltas.size());
    cpu.reserve(deltas.size());
    const auto start = Clock::now();
    const double cpu_start = thread_cpu_us();
    for (const Delta& d : deltas) {
        const auto t0 = Clock::now();
        const double c0 = thread_cpu_us();
        Admission a = brain.receive(d);
        cpu.push_back(thread_cpu_us() - c0);
        latency.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        if (a.patch) ++row.decisions[decision_name(a.patch->decision)];
        if (ids) ids->push_back(a.patch ? std::move(a.patch->id) : std::string());
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    row.per_second = seconds > 0 ? static_cast<double>(deltas.size()) / seconds : 0;
    row.p50_us = percentile(latency, 0.50);
    row.p99_us = percentile(latency, 0.99);
    const double cpu_seconds = (thread_cpu_us() - cpu_start) / 1e6;
    row.cpu_per_second = cpu_seconds > 0 ? static_cast<double>(deltas.size()) / cpu_seconds : 0;
    row.cpu_p50_us = percentile(cpu, 0.50);
    row.cpu_p99_us = percentile(cpu, 0.99);
    return row;
}

// Times receive_all() over the deltas (pipelined) and compares its Patch ids with `expected`.
ThroughputRow time_pipelined(Brain& brain, const std::vector<Delta>& deltas, size_t active,
                             const std::vector<std::string>& expected) {
    ThroughputRow row;
    row.active = active;
    row.path = "index, pipelined";
    row.admissions = deltas.size();
    row.has_latency = false;
    const auto start = Clock::now();
    const double cpu_start = cpu_us(CLOCK_PROCESS_CPUTIME_ID);
    const std::vector<Admission> admitted = brain.receive_all(deltas, /*pipelined=*/true);
    const double cpu_seconds = (cpu_us(CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / 1e6;
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    row.per_second = seconds > 0 ? static_cast<double>(deltas.size()) / seconds : 0;
    row.cpu_per_second = cpu_seconds > 0 ? static_cast<double>(deltas.size()) / cpu_seconds : 0;
    bool same = admitted.size() == expected.size();
    for (size_t i = 0; i < admitted.size(); ++i) {
        const Admission& a = admitted[i];
        if (a.patch) ++row.decisions[decision_name(a.patch->decision)];
        same = same && i < expected.size() && (a.patch ? a.patch->id : std::string()) == expected[i];
    }
    row.same_patches = same;
    return row;
}

// Candidates σ is computed for on each path, and the recall of the index at σ ≥ σ_lo.
void compare_paths(Brain& brain, const std::vector<Delta>& queries, double sigma_lo, double theta_merge, RecallRow& recall,
                   CandidateStats& index_stats, CandidateStats& exhaustive_stats) {
    const SignalEngine& engine = brain.engine();
    size_t agree = 0;
    for (const Delta& d : queries) {
        const PreparedText q = engine.prepare(d.claim->text);
        std::vector<uint32_t> proposed = brain.index_candidates(q);
        std::set<uint32_t> proposed_set(proposed.begin(), proposed.end());
        const auto& held = brain.claims();
        double best_sigma = -1;
        uint32_t best = 0;
        for (uint32_t slot = 0; slot < held.size(); ++slot) {
            if (brain.status(held[slot].key) != ClaimStatus::kActive) continue;
            const double s = engine.similarity(held[slot].prepared, q);
            if (s < sigma_lo) continue;
            ++recall.exhaustive_candidates;
            const bool found = proposed_set.count(slot) > 0;
            recall.index_found += found;
            if (s >= theta_merge) {
                ++recall.merge_candidates;
                recall.merge_found += found;
            }
            if (s > best_sigma) {
                best_sigma = s;
                best = slot;
            }
        }
        if (best_sigma >= 0) {
            ++recall.with_best;
            recall.best_found += proposed_set.count(best);
        }
        CandidateStats with_index, without_index;
        brain.set_use_index(true);
        const Patch a = brain.decide(d, &with_index);
        brain.set_use_index(false);
        brain.set_bound_pruning(false);
        const Patch b = brain.decide(d, &without_index);
        brain.set_use_index(true);
        brain.set_bound_pruning(true);
        agree += a.decision == b.decision && a.target == b.target;
        index_stats.scanned += with_index.scanned;
        index_stats.scored += with_index.scored;
        exhaustive_stats.scanned += without_index.scanned;
        exhaustive_stats.scored += without_index.scored;
    }
    recall.queries = queries.size();
    recall.recall = recall.exhaustive_candidates
                        ? static_cast<double>(recall.index_found) / static_cast<double>(recall.exhaustive_candidates)
                        : 1.0;
    recall.decision_agreement = queries.empty() ? 1.0 : static_cast<double>(agree) / static_cast<double>(queries.size());
}

}  // namespace

ThroughputResult measure_throughput(const std::shared_ptr<const SignalEngine>& engine, const ThroughputOptions& options) {
    const KeyDirectory dir = throughput_directory();
    ThroughputResult result;
    for (size_t size : options.sizes) {
        ClaimCorpus corpus(options.seed + size);
        BrainOptions brain_options;
        brain_options.keep_patches = false;
        brain_options.index_limit = options.index_limit;
        Brain brain("sink", dir, options.thresholds, engine, brain_options);
        // Preload: insert Patches applied directly (a restore from the log, as BrainDir does).
        const auto preload_start = Clock::now();
        for (const std::string& text : corpus.held(size)) {
            Patch p;
            p.brain = "sink";
            p.decision = Decision::kInsert;
            p.rule = "R2";
            p.added_claim = plain(text, "peer");
            p.subject = claim_key(*p.added_claim);
            p.seal(dir);
            (void)brain.apply(p);
        }
        result.preload_seconds += std::chrono::duration<double>(Clock::now() - preload_start).count();
        std::vector<Delta> deltas;
        int64_t sent = 0;
        for (const IncomingClaim& c : corpus.incoming(options.admissions))
            deltas.push_back(signed_delta(dir, "peer", c.text, ++sent));
        const size_t exhaustive_n = std::min(deltas.size(), std::max<size_t>(20, options.exhaustive_work / std::max<size_t>(size, 1)));
        const std::vector<Delta> exhaustive_deltas(deltas.begin(), deltas.begin() + static_cast<std::ptrdiff_t>(exhaustive_n));

        // Both paths start from the same state: the exhaustive one runs on a copy.
        Brain scan_brain = brain;
        scan_brain.set_use_index(false);
        scan_brain.set_bound_pruning(false);
        RecallRow recall;
        recall.active = size;
        CandidateStats index_stats, exhaustive_stats;
        compare_paths(brain, exhaustive_deltas, options.thresholds.sigma_lo, options.thresholds.theta_merge, recall,
                      index_stats, exhaustive_stats);
        result.recall.push_back(recall);
        const double n = exhaustive_deltas.empty() ? 1.0 : static_cast<double>(exhaustive_deltas.size());

        // Both index paths start from copies of one state: a copied brain's claims sit together in
        // memory (as a restored one's do), so neither path gets the better cache layout.
        std::vector<std::string> ids;
        ThroughputRow indexed;
        {
            Brain one_by_one = brain;
            indexed = time_admissions(one_by_one, deltas, size, "index", &ids);
        }
        Brain pipelined_brain = brain;
        indexed.mean_candidates = static_cast<double>(index_stats.scanned) / n;
        indexed.mean_scored = static_cast<double>(index_stats.scored) / n;
        ThroughputRow pipelined = time_pipelined(pipelined_brain, deltas, size, ids);
        pipelined.mean_candidates = indexed.mean_candidates;
        pipelined.mean_scored = indexed.mean_scored;
        ThroughputRow scanned = time_admissions(scan_brain, exhaustive_deltas, size, "exhaustive");
        scanned.mean_candidates = static_cast<double>(exhaustive_stats.scanned) / n;
        scanned.mean_scored = static_cast<double>(exhaustive_stats.scored) / n;
        result.rows.push_back(indexed);
        result.rows.push_back(pipelined);
        result.rows.push_back(scanned);
    }
    return result;
}

std::vector<SinkRow> sink_republish(const std::shared_ptr<const SignalEngine>& engine, const std::vector<std::string>& corpus,
                                    const std::vector<size_t>& brain_counts) {
    std::vector<SinkRow> out;
    for (size_t n : brain_counts) {
        KeyDirectory dir;
        dir.group_key = "sink re-publication group key";
        dir.group_key_fallback = true;  // every brain signs with the group key
        dir.brains["sink"] = {"", 1, {"*"}};
        for (size_t i = 0; i < n; ++i) dir.brains["brain" + std::to_string(i)] = {"", 1, {"*"}};
        BrainOptions options;
        options.keep_patches = false;
        Brain sink("sink", dir, lexical_default_thresholds(), engine, options);
        // Every brain asserts the corpus itself (its own origin, its own clock) and publishes it.
        std::vector<Delta> published;
        std::set<std::pair<std::string, std::string>> naive;
        for (size_t i = 0; i < n; ++i) {
            const std::string id = "brain" + std::to_string(i);
            int64_t sent = 0;
            for (const std::string& text : corpus) {
                published.push_back(signed_delta(dir, id, text, ++sent));
                naive.insert({id, text});
            }
        }
        SinkRow row;
        row.brains = n;
        row.deltas = published.size();
        row.naive_union = naive.size();
        const auto start = Clock::now();
        for (const Delta& d : published) {
            Admission a = sink.receive(d);
            if (a.patch) ++row.decisions[decision_name(a.patch->decision)];
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        row.admissions_per_second = seconds > 0 ? static_cast<double>(published.size()) / seconds : 0;
        row.held = sink.claims().size();
        row.active = sink.active_count();
        row.echoed = sink.take_outbox().size();
        out.push_back(row);
    }
    return out;
}

}  // namespace bm::meld
