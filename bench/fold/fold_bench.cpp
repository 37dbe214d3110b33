// The fold benchmark's measurements (bench_fold and `beliefmerge bench fold` print them).
#include "bench/fold/fold_bench.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include "fold/bundle.h"
#include "fold/bundle_store.h"
#include "fold/recall.h"
#include "fold/search_index.h"
#include "bench/fold/scratch_dir.h"

namespace bm::bench {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

const char* kWords[] = {"parser", "timeout", "server", "cache",   "deploy", "retry",   "socket",
                        "config", "build",   "linker", "thread",  "mutex",  "schema",  "index",
                        "query",  "bundle",  "fold",   "recall",  "token",  "budget",  "branch",
                        "merge",  "claim",   "slot",   "trust",   "quorum", "replica", "latency",
                        "shard",  "kernel",  "driver", "compile", "verify", "digest",  "archive"};

CheckpointBundle make_bundle(std::mt19937_64& rng, int64_t n, int messages,
                             size_t bytes_per_message) {
    CheckpointBundle d;
    d.session_id = "bench-" + std::to_string(n % 50);
    d.created_at = 1700000000000 + n;
    std::uniform_int_distribution<size_t> word(0, std::size(kWords) - 1);
    for (int i = 0; i < messages; ++i) {
        std::string text;
        while (text.size() < bytes_per_message) text += std::string(kWords[word(rng)]) + " ";
        text += "marker" + std::to_string(n * 100 + i);
        const int64_t seq = n * 100 + i;
        nlohmann::json blocks = nlohmann::json::array({{{"kind", "text"}, {"text", text}}});
        if (i % 3 == 1)
            blocks.push_back({{"kind", "tool_call"},
                              {"id", "c" + std::to_string(seq)},
                              {"name", "run_tool_" + std::to_string(n % 7)}});
        d.shadowed_messages.push_back({{"seq", seq},
                                       {"id", "m" + std::to_string(seq)},
                                       {"role", i % 2 ? "assistant" : "user"},
                                       {"blocks", blocks},
                                       {"record", {{"type", "event"}, {"text", text}}}});
        d.ordered_surface_seqs.push_back(seq);
    }
    return *seal_bundle(std::move(d));
}

std::string load_line() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return "load " + (a.empty() ? std::string("unknown") : a + " " + b + " " + c) + " on " +
           std::to_string(std::thread::hardware_concurrency()) + " logical cores";
}

Result<FoldBenchReport> measure(const FoldBenchOptions& o, const std::string& dir) {
    FoldBenchReport r;
    r.options = o;
    r.options.dir = dir;
    std::mt19937_64 rng(42);
    // 1. Publish throughput with fsync: `big` bundles of 40 messages x 2 KB.
    BundleStore big_store(dir + "/big");
    std::vector<CheckpointBundle> bigs;
    size_t big_bytes = 0;
    for (int64_t n = 0; n < o.big; ++n) {
        bigs.push_back(make_bundle(rng, n, 40, 2000));
        big_bytes += bundle_bytes(bigs.back())->size();
    }
    r.big_mb = static_cast<double>(big_bytes) / (1024.0 * 1024.0);
    auto t0 = Clock::now();
    for (const auto& b : bigs)
        if (auto st = big_store.publish(b); !st.ok()) return st.error();
    r.publish_ms = ms_since(t0);
    // 2. Verify throughput.
    auto entries = big_store.list_all();
    if (!entries.ok()) return entries.error();
    t0 = Clock::now();
    for (const auto& e : *entries)
        r.verified += big_store.verify(e).state == VerifyState::kVerified;
    r.verify_ms = ms_since(t0);
    // 3. Exact recall page latency (20 messages, 8000-token cap) at random offsets.
    std::vector<double> recall;
    std::uniform_int_distribution<size_t> pick(0, bigs.size() - 1);
    std::uniform_int_distribution<int64_t> off(0, 39);
    for (int64_t i = 0; i < o.recalls; ++i) {
        const auto& b = bigs[pick(rng)];
        RecallRequest req{b.checkpoint_id, RecallDepth::kExact, off(rng), 20, 8000};
        auto t = Clock::now();
        auto page = context_recall(big_store, req);
        recall.push_back(ms_since(t));
        if (!page.ok()) return page.error();
        if ((*page)["status"] != "ok")
            return Error::internal("recall of " + b.checkpoint_id + " was not ok");
    }
    r.recall_p50_ms = percentile(recall, 0.5);
    r.recall_p99_ms = percentile(recall, 0.99);
    // 4. Search over `checkpoints` small bundles (4 messages x 300 B).
    BundleStore many(dir + "/many");
    t0 = Clock::now();
    for (int64_t n = 0; n < o.checkpoints; ++n)
        if (auto st = many.publish(make_bundle(rng, n, 4, 300)); !st.ok()) return st.error();
    r.many_publish_ms = ms_since(t0);
    t0 = Clock::now();
    auto index = SearchIndex::open(many);
    if (!index.ok()) return index.error();
    r.index_build_ms = ms_since(t0);
    std::vector<double> search;
    std::uniform_int_distribution<int64_t> marker(0, o.checkpoints * 100 - 1);
    std::uniform_int_distribution<size_t> word(0, std::size(kWords) - 1);
    for (int64_t i = 0; i < o.searches; ++i) {
        const std::string q = i % 2 ? "marker" + std::to_string(marker(rng) / 100 * 100 + 1)
                                    : std::string(kWords[word(rng)]) + " " + kWords[word(rng)];
        auto t = Clock::now();
        auto hits = (*index)->search(q, 10);
        search.push_back(ms_since(t));
        if (!hits.ok()) return hits.error();
        r.search_hits += static_cast<int64_t>(hits->size());
    }
    r.search_p50_ms = percentile(search, 0.5);
    r.search_p99_ms = percentile(search, 0.99);
    r.load = load_line();
    return r;
}

}  // namespace

Result<FoldBenchReport> run_fold_bench(const FoldBenchOptions& o) {
    if (o.checkpoints < 1 || o.big < 1)
        return Error::invalid_input(
            "the fold bench needs at least one checkpoint and one big bundle");
    return in_scratch_dir(o.dir, "bench-fold", [&](const std::string& dir) { return measure(o, dir); });
}

std::string fold_bench_markdown(const FoldBenchReport& r) {
    const auto& o = r.options;
    char buf[2048];
    std::string out = "| measure | value |\n|---|---:|\n";
    std::snprintf(buf, sizeof buf,
                  "| publish (fsync file + dir, read-back verify), %lld bundles, %.1f MB | %.1f "
                  "MB/s (%.2f ms/bundle) |\n"
                  "| verify (%lld verified) | %.1f MB/s |\n"
                  "| exact recall page (20 msgs, 8000-token cap), p50 / p99 | %.2f / %.2f ms |\n"
                  "| publish %lld small checkpoints | %.0f ms (%.2f ms each) |\n"
                  "| FTS5 index build from the directory | %.0f ms |\n"
                  "| search over %lld checkpoints (limit 10), p50 / p99 | %.2f / %.2f ms (target "
                  "p50 <= 10 ms) |\n",
                  static_cast<long long>(o.big), r.big_mb, r.publish_mb_per_s(),
                  r.publish_ms / static_cast<double>(o.big), static_cast<long long>(r.verified),
                  r.verify_mb_per_s(), r.recall_p50_ms, r.recall_p99_ms,
                  static_cast<long long>(o.checkpoints), r.many_publish_ms,
                  r.many_publish_ms / static_cast<double>(o.checkpoints), r.index_build_ms,
                  static_cast<long long>(o.checkpoints), r.search_p50_ms, r.search_p99_ms);
    out += buf;
    out += "\n" + std::to_string(r.search_hits) + " search hits over " +
           std::to_string(o.searches) + " queries; " + r.load + "\n";
    return out;
}

nlohmann::json fold_bench_json(const FoldBenchReport& r) {
    return {{"checkpoints", r.options.checkpoints},
            {"bigBundles", r.options.big},
            {"bigMB", r.big_mb},
            {"publishMBps", r.publish_mb_per_s()},
            {"publishMsPerBundle",
             r.publish_ms / static_cast<double>(std::max<int64_t>(1, r.options.big))},
            {"verifyMBps", r.verify_mb_per_s()},
            {"verified", r.verified},
            {"recallPageMs", {{"p50", r.recall_p50_ms}, {"p99", r.recall_p99_ms}}},
            {"smallPublishMs", r.many_publish_ms},
            {"indexBuildMs", r.index_build_ms},
            {"searchMs", {{"p50", r.search_p50_ms}, {"p99", r.search_p99_ms}, {"targetP50", 10}}},
            {"searchHits", r.search_hits},
            {"searches", r.options.searches},
            {"load", r.load}};
}

}  // namespace bm::bench
