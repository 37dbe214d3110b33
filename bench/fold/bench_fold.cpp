// Epistemic Fold benchmark: publish throughput (fsync), verify throughput, exact-recall page
// latency p50/p99 and search latency over N checkpoints (default 10,000; target p50 <= 10 ms).
// Markdown out.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/fold/fold_bench.h"
#include "machine.h"

int main(int argc, char** argv) {
    bm::bench::FoldBenchOptions o;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--checkpoints")
            o.checkpoints = std::atol(argv[i + 1]);
        else if (a == "--big")
            o.big = std::atol(argv[i + 1]);
        else if (a == "--dir")
            o.dir = argv[i + 1];
        else {
            std::fprintf(stderr, "usage: bench_fold [--checkpoints N] [--big N] [--dir DIR]\n");
            return 2;
        }
    }
    auto report = bm::bench::run_fold_bench(o);
    if (!report.ok()) {
        std::fprintf(stderr, "bench_fold: %s\n", report.error().to_string().c_str());
        return 1;
    }
    std::printf("## bench_fold\n\n%s\n\n%s",
                bm::bench::machine_line(bm::bench::describe_machine()).c_str(),
                bm::bench::fold_bench_markdown(*report).c_str());
    return 0;
}
