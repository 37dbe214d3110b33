// Merge throughput benchmark: generated claims (seeded), merge_branches timed, peak RSS reported.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "machine.h"
#include "merge/merger.h"
#include "util/heap_tuning.h"

namespace {

long rss_kb(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(field, 0) == 0) return std::strtol(line.c_str() + std::string(field).size(), nullptr, 10);
    return 0;
}

// User + system CPU seconds of this process: on a shared machine the merge's own cost.
double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);  // as beliefmerge and the studio do: measure what users run
    long claims = 1'000'000, keys = 100'000, branches = 16;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i];
        long v = std::atol(argv[i + 1]);
        if (a == "--claims") claims = v;
        else if (a == "--keys") keys = v;
        else if (a == "--branches") branches = v;
    }
    std::mt19937_64 rng(42);
    std::vector<bm::BranchClaims> input(static_cast<size_t>(branches));
    for (long b = 0; b < branches; ++b) {
        input[static_cast<size_t>(b)].branch_id = "branch-" + std::to_string(b);
        input[static_cast<size_t>(b)].session_id = "session-" + std::to_string(b);
    }
    for (long i = 0; i < claims; ++i) {
        const long b = i % branches;
        bm::Claim c;
        c.key = "slot." + std::to_string(rng() % static_cast<unsigned long>(keys));
        c.value = "v" + std::to_string(rng() % 4);
        c.evidence = static_cast<bm::EvidenceLevel>(1 + rng() % 4);
        c.provenance_rank = static_cast<int>(rng() % 5);
        c.trust = static_cast<bm::TrustLabel>(rng() % 3);
        c.source.branch_id = input[static_cast<size_t>(b)].branch_id;
        c.source.session_id = input[static_cast<size_t>(b)].session_id;
        c.source.message_id = "m" + std::to_string(i);
        c.source.seq = i;
        c.source.role = "assistant";
        c.quote = c.key + " is " + c.value;
        input[static_cast<size_t>(b)].claims.push_back(std::move(c));
    }
    const long before_kb = rss_kb("VmRSS:");
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    bm::MergedSnapshot snap = bm::merge_branches(std::move(input));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpu_seconds() - cpu_start;
    double load[1] = {0};
    getloadavg(load, 1);
    const long peak_kb = rss_kb("VmHWM:");
    std::printf("machine: %s\n\n", bm::bench::machine_line(bm::bench::describe_machine()).c_str());
    std::printf("| claims | keys | branches | slots | merge s (wall) | merge CPU s | load avg 1 min | RSS before merge MB | peak RSS MB | target |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    std::printf("| %ld | %ld | %ld | %zu | %.2f | %.2f | %.1f | %.0f | %.0f | %s |\n", claims, keys, branches,
                snap.slots.size(), seconds, cpu, load[0], before_kb / 1024.0, peak_kb / 1024.0,
                seconds <= 2.0 && peak_kb <= 1024 * 1024 ? "PASS" : "MISS (≤ 2 s, ≤ 1 GB)");
    return 0;
}
