// bench_pack: cl100k_base BPE counting throughput against the npm `tiktoken` encoder run by node on
// the same documents in the same run (equal counts required), and the estimator's speed and error.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "machine.h"
#include "pack/token_counter_factory.h"
#include "pack/token_estimator.h"
#include "support/mixed_text.h"
#include "support/tiktoken_reference.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Corpus {
    std::string name;
    std::vector<std::string> docs;
    size_t bytes() const {
        return std::accumulate(docs.begin(), docs.end(), size_t{0}, [](size_t s, const auto& d) { return s + d.size(); });
    }
};

// Best wall time of `repeat` passes counting every document; `total` gets the token sum.
double best_ms(const bm::TokenCounter& counter, const Corpus& corpus, int repeat, size_t& total) {
    double best = 1e300;
    for (int r = 0; r < repeat; ++r) {
        const auto start = Clock::now();
        size_t sum = 0;
        for (const auto& d : corpus.docs) sum += counter.count(d);
        best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        total = sum;
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    size_t mixed_mb = 4;
    int repeat = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--mb") mixed_mb = std::strtoul(argv[i + 1], nullptr, 10);
        else if (a == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
    }
    std::printf("machine: %s\n\n", bm::bench::machine_line(bm::bench::describe_machine()).c_str());

    std::vector<Corpus> corpora;
    corpora.push_back({"mixed en/zh/code (generated)", bm::testing::make_mixed_documents(mixed_mb << 20, 20261130)});
    if (auto real = bm::testing::shared_data_documents(SHARED_DATA_DIR, 8u << 20); !real.empty())
        corpora.push_back({"session logs (shared/data)", std::move(real)});

    const auto estimator = bm::make_token_estimator();
    const std::string ranks = bm::find_cached_tokenizer("cl100k_base");
    const std::string missing = bm::testing::tiktoken_missing_reason();
    if (ranks.empty() || !missing.empty()) {
        std::printf("BPE comparison skipped: %s\n\n", ranks.empty() ? "cl100k_base ranks not cached; run: bash scripts/fetch_tokenizers.sh"
                                                                   : missing.c_str());
    }
    bool ok = true;
    if (!ranks.empty() && missing.empty()) {
        const auto load_start = Clock::now();
        auto bpe = bm::open_token_counter(ranks);
        const double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - load_start).count();
        if (!bpe.ok()) {
            std::fprintf(stderr, "%s\n", bpe.error().to_string().c_str());
            return 2;
        }
        std::printf("cl100k_base loaded from the npm encoder JSON in %.0f ms. Both sides: one thread, best of %d passes; "
                    "node times encode_ordinary() inside the process (startup and loading excluded).\n\n", load_ms, repeat);
        std::printf("| corpus | MB | documents | tokens | ours MB/s | npm tiktoken MB/s | ratio | counts equal |\n");
        std::printf("|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (const auto& corpus : corpora) {
            auto node = bm::testing::run_node_tiktoken(corpus.docs, repeat, TIKTOKEN_SCRIPT);
            if (!node.ok()) {
                std::fprintf(stderr, "%s\n", node.error().to_string().c_str());
                return 2;
            }
            size_t total = 0;
            const double ours_ms = best_ms(**bpe, corpus, repeat, total);
            size_t unequal = 0;
            for (size_t i = 0; i < corpus.docs.size(); ++i) unequal += (*bpe)->count(corpus.docs[i]) != node->counts[i];
            const double mb = corpus.bytes() / 1048576.0;
            std::printf("| %s | %.2f | %zu | %zu | %.1f | %.1f | %.2f× | %s |\n", corpus.name.c_str(), mb, corpus.docs.size(),
                        total, mb / (ours_ms / 1000), mb / (node->encode_ms / 1000), node->encode_ms / ours_ms,
                        unequal == 0 ? "yes" : (std::to_string(unequal) + " documents differ").c_str());
            ok = ok && unequal == 0 && ours_ms <= node->encode_ms;
        }
        std::printf("\n| corpus | estimator MB/s | estimate / BPE tokens | worst document under-count |\n|---|---:|---:|---:|\n");
        for (const auto& corpus : corpora) {
            size_t est_total = 0, bpe_total = 0;
            const double est_ms = best_ms(*estimator, corpus, repeat, est_total);
            double worst = 0;
            for (const auto& d : corpus.docs) {
                const size_t b = (*bpe)->count(d), e = estimator->count(d);
                bpe_total += b;
                if (b >= 20 && e < b) worst = std::max(worst, 1.0 - double(e) / double(b));
            }
            std::printf("| %s | %.1f | %.3f | %.1f%% |\n", corpus.name.c_str(), corpus.bytes() / 1048576.0 / (est_ms / 1000),
                        double(est_total) / double(bpe_total), 100 * worst);
        }
        std::printf("\n(worst under-count over documents of ≥ 20 BPE tokens: 1 − estimate/BPE; 0%% = never under.)\n");
        std::printf("\ntarget: equal counts and ours ≥ npm tiktoken throughput: %s\n", ok ? "PASS" : "MISS");
    } else {
        for (const auto& corpus : corpora) {
            size_t total = 0;
            const double ms = best_ms(*estimator, corpus, repeat, total);
            std::printf("estimator on %s: %.1f MB/s, %zu tokens\n", corpus.name.c_str(), corpus.bytes() / 1048576.0 / (ms / 1000), total);
        }
    }
    // Packing time for 10,000 candidates is measured by bench_packing (bench/pack/bench_packing.cpp).
    return ok ? 0 : 1;
}
