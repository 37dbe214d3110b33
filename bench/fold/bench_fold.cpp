// Epistemic Fold benchmark: publish throughput (fsync), verify throughput, exact-recall page latency
// p50/p99 and search latency over N checkpoints (default 10,000; target p50 <= 10 ms). Markdown out.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "fold/archive.h"
#include "fold/bundle.h"
#include "fold/bundle_store.h"
#include "fold/recall.h"
#include "fold/search_index.h"
#include "machine.h"

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

const char* kWords[] = {"parser", "timeout", "server", "cache", "deploy", "retry", "socket", "config", "build",
                        "linker", "thread", "mutex", "schema", "index", "query", "bundle", "fold", "recall",
                        "token", "budget", "branch", "merge", "claim", "slot", "trust", "quorum", "replica",
                        "latency", "shard", "kernel", "driver", "compile", "verify", "digest", "archive"};

bm::CheckpointBundle make_bundle(std::mt19937_64& rng, int64_t n, int messages, size_t bytes_per_message) {
    bm::CheckpointBundle d;
    d.session_id = "bench-" + std::to_string(n % 50);
    d.created_at = 1700000000000 + n;
    std::uniform_int_distribution<size_t> word(0, sizeof kWords / sizeof *kWords - 1);
    for (int i = 0; i < messages; ++i) {
        std::string text;
        while (text.size() < bytes_per_message) text += std::string(kWords[word(rng)]) + " ";
        text += "marker" + std::to_string(n * 100 + i);
        const int64_t seq = n * 100 + i;
        nlohmann::json blocks = nlohmann::json::array({{{"kind", "text"}, {"text", text}}});
        if (i % 3 == 1) blocks.push_back({{"kind", "tool_call"}, {"id", "c" + std::to_string(seq)}, {"name", "run_tool_" + std::to_string(n % 7)}});
        d.shadowed_messages.push_back({{"seq", seq}, {"id", "m" + std::to_string(seq)}, {"role", i % 2 ? "assistant" : "user"},
                                       {"blocks", blocks}, {"record", {{"type", "event"}, {"text", text}}}});
        d.ordered_surface_seqs.push_back(seq);
    }
    return *bm::seal_bundle(std::move(d));
}

}  // namespace

int main(int argc, char** argv) {
    int64_t checkpoints = 10000, big = 100;
    std::string dir;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--checkpoints") checkpoints = std::atol(argv[i + 1]);
        else if (a == "--big") big = std::atol(argv[i + 1]);
        else if (a == "--dir") dir = argv[i + 1];
    }
    if (dir.empty()) {
        std::string tmpl = (std::filesystem::temp_directory_path() / "bench-fold-XXXXXX").string();
        dir = ::mkdtemp(tmpl.data());
    }
    std::mt19937_64 rng(42);

    // 1. Publish throughput with fsync: `big` bundles of 40 messages x 2 KB.
    bm::BundleStore big_store(dir + "/big");
    std::vector<bm::CheckpointBundle> bigs;
    for (int64_t n = 0; n < big; ++n) bigs.push_back(make_bundle(rng, n, 40, 2000));
    size_t big_bytes = 0;
    for (const auto& b : bigs) big_bytes += bm::bundle_bytes(b)->size();
    auto t0 = Clock::now();
    for (const auto& b : bigs)
        if (!big_store.publish(b).ok()) { std::fprintf(stderr, "publish failed\n"); return 1; }
    const double publish_ms = ms_since(t0);
    // 2. Verify throughput.
    auto entries = *big_store.list_all();
    t0 = Clock::now();
    size_t verified = 0;
    for (const auto& e : entries) verified += big_store.verify(e).state == bm::VerifyState::kVerified;
    const double verify_ms = ms_since(t0);
    // 3. Exact recall page latency (20 messages, 8000-token cap) at random offsets.
    std::vector<double> recall;
    std::uniform_int_distribution<size_t> pick(0, bigs.size() - 1);
    std::uniform_int_distribution<int64_t> off(0, 39);
    for (int i = 0; i < 300; ++i) {
        const auto& b = bigs[pick(rng)];
        bm::RecallRequest req{b.checkpoint_id, bm::RecallDepth::kExact, off(rng), 20, 8000};
        auto t = Clock::now();
        auto page = bm::context_recall(big_store, req);
        recall.push_back(ms_since(t));
        if (!page.ok() || (*page)["status"] != "ok") { std::fprintf(stderr, "recall failed\n"); return 1; }
    }
    // 4. Search over `checkpoints` small bundles (4 messages x 300 B).
    bm::BundleStore many(dir + "/many");
    t0 = Clock::now();
    for (int64_t n = 0; n < checkpoints; ++n)
        if (!many.publish(make_bundle(rng, n, 4, 300)).ok()) { std::fprintf(stderr, "publish failed\n"); return 1; }
    const double many_publish_ms = ms_since(t0);
    t0 = Clock::now();
    auto index = bm::SearchIndex::open(many);
    if (!index.ok()) { std::fprintf(stderr, "%s\n", index.error().to_string().c_str()); return 1; }
    const double index_ms = ms_since(t0);
    std::vector<double> search;
    std::uniform_int_distribution<int64_t> marker(0, checkpoints * 100 - 1);
    std::uniform_int_distribution<size_t> word(0, sizeof kWords / sizeof *kWords - 1);
    size_t hits = 0;
    for (int i = 0; i < 400; ++i) {
        const std::string q = i % 2 ? "marker" + std::to_string(marker(rng) / 100 * 100 + 1)
                                    : std::string(kWords[word(rng)]) + " " + kWords[word(rng)];
        auto t = Clock::now();
        auto r = (*index)->search(q, 10);
        search.push_back(ms_since(t));
        if (r.ok()) hits += r->size();
    }
    const double big_mb = static_cast<double>(big_bytes) / (1024.0 * 1024.0);
    std::printf("## bench_fold\n\n%s\n\n", bm::bench::machine_line(bm::bench::describe_machine()).c_str());
    std::printf("| measure | value |\n|---|---:|\n");
    std::printf("| publish (fsync file + dir, read-back verify), %lld bundles, %.1f MB | %.1f MB/s (%.2f ms/bundle) |\n",
                static_cast<long long>(big), big_mb, big_mb / (publish_ms / 1000.0), publish_ms / static_cast<double>(big));
    std::printf("| verify (%zu verified) | %.1f MB/s |\n", verified, big_mb / (verify_ms / 1000.0));
    std::printf("| exact recall page (20 msgs, 8000-token cap), p50 / p99 | %.2f / %.2f ms |\n", percentile(recall, 0.5),
                percentile(recall, 0.99));
    std::printf("| publish %lld small checkpoints | %.0f ms (%.2f ms each) |\n", static_cast<long long>(checkpoints),
                many_publish_ms, many_publish_ms / static_cast<double>(std::max<int64_t>(1, checkpoints)));
    std::printf("| FTS5 index build from the directory | %.0f ms |\n", index_ms);
    std::printf("| search over %lld checkpoints (limit 10), p50 / p99 | %.2f / %.2f ms (target p50 <= 10 ms) |\n",
                static_cast<long long>(checkpoints), percentile(search, 0.5), percentile(search, 0.99));
    std::printf("\n%zu search hits over %zu queries; store at %s\n", hits, search.size(), dir.c_str());
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return 0;
}
