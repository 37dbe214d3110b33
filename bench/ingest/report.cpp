// Formats the measured rows as a Markdown table plus the notes needed to read it honestly.
#include "report.h"

#include <zstd.h>

namespace bm::bench {

namespace {

constexpr double kMB = 1e6;

std::string fmt(const char* format, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string verdict(const Row& r, double ratio, double memory) {
    if (!r.failure.empty() && r.best.seconds <= 0) return "MISS: " + r.failure;
    const bool fast = r.jq_seconds && ratio >= kThroughputTarget;
    const bool lean = memory <= kMemoryTarget;
    if (fast && lean) return "PASS";
    if (!r.jq_seconds) return lean ? "memory PASS, throughput n/a" : "MISS: memory";
    if (!fast && !lean) return "MISS: throughput, memory";
    return fast ? "MISS: memory" : "MISS: throughput";
}

std::string jq_version() {
    std::FILE* p = popen("jq --version 2>/dev/null", "r");
    if (!p) return "jq not found";
    char buf[128] = {};
    const bool got = std::fgets(buf, sizeof buf, p) != nullptr;
    const int status = pclose(p);
    std::string v = got && status == 0 ? std::string(buf) : std::string("jq not found");
    while (!v.empty() && (v.back() == '\n' || v.back() == ' ')) v.pop_back();
    return v;
}

}  // namespace

void print_report(std::FILE* out, const Machine& m, const Options& o, const RunInfo& info,
                  const std::vector<Row>& rows) {
    std::fprintf(out, "## bench_ingest\n\n");
    std::fprintf(out, "- Machine: %s, %d logical cores, %.1f GiB RAM, %s\n", m.cpu_model.c_str(),
                 m.cores, m.memory_gib, m.kernel.c_str());
    std::fprintf(out, "- Date: %s\n", m.date.c_str());
    std::fprintf(out, "- Build: %s; libzstd %s; %s\n", m.compiler.c_str(), ZSTD_versionString(),
                 jq_version().c_str());
    std::fprintf(out, "- Command: `%s`\n\n", info.command_line.c_str());
    std::fprintf(out,
                 "| file | size MB | ours MB/s | jq MB/s | ratio | peak RSS MB | peak/file size | "
                 "result |\n");
    std::fprintf(out, "|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const auto& r : rows) {
        const double secs = r.best.seconds;
        const double ours = secs > 0 ? r.bytes / kMB / secs : 0;
        const double jq = r.jq_seconds ? r.bytes / kMB / *r.jq_seconds : 0;
        const double ratio = r.jq_seconds && secs > 0 ? *r.jq_seconds / secs : 0;
        const double peak_mb = r.best.peak_rss_kb * 1024.0 / kMB;
        const double memory = r.bytes ? r.best.peak_rss_kb * 1024.0 / r.bytes : 0;
        std::string size = fmt("%.1f", r.bytes / kMB);
        std::string ours_s = fmt("%.1f", ours);
        if (r.compressed_bytes) {
            size += fmt(" (%.1f zstd)", r.compressed_bytes / kMB);
            ours_s += fmt(" (%.1f compressed)", secs > 0 ? r.compressed_bytes / kMB / secs : 0);
        }
        std::fprintf(out, "| %s | %s | %s | %s | %s | %.1f | %.2f | %s |\n", r.name.c_str(),
                     size.c_str(), ours_s.c_str(), r.jq_seconds ? fmt("%.1f", jq).c_str() : "n/a",
                     r.jq_seconds ? fmt("%.2f×", ratio).c_str() : "n/a", peak_mb, memory,
                     verdict(r, ratio, memory).c_str());
    }
    std::fprintf(out, "\nTargets: ours ≥ %.0f× jq throughput, peak RSS ≤ %.0f× file size.\n\n",
                 kThroughputTarget, kMemoryTarget);
    std::fprintf(out, "Reader results (fastest run):\n\n");
    for (const auto& r : rows) {
        std::fprintf(
            out,
            "- %s: format %s, %lld session(s), %lld messages, %lld errors, %lld "
            "warnings, %lld redactions; ours %.2f s wall / %.2f s CPU, jq %s s wall / %s s CPU "
            "(CPU-time ratio %s); child RSS before reading %.1f MB",
            r.name.c_str(), r.best.format.c_str(), static_cast<long long>(r.best.sessions),
            static_cast<long long>(r.best.messages), static_cast<long long>(r.best.errors),
            static_cast<long long>(r.best.warnings), static_cast<long long>(r.best.redactions),
            r.best.seconds, r.best.cpu_seconds,
            r.jq_seconds ? fmt("%.2f", *r.jq_seconds).c_str() : "n/a",
            r.jq_cpu_seconds ? fmt("%.2f", *r.jq_cpu_seconds).c_str() : "n/a",
            r.jq_cpu_seconds && r.best.cpu_seconds > 0
                ? fmt("%.2f×", *r.jq_cpu_seconds / r.best.cpu_seconds).c_str()
                : "n/a",
            r.best.start_rss_kb * 1024.0 / kMB);
        if (!r.best.first_error.empty())
            std::fprintf(out, "; first error: %s", r.best.first_error.c_str());
        if (!r.failure.empty()) std::fprintf(out, "; failure: %s", r.failure.c_str());
        std::fprintf(out, "\n");
    }
    std::fprintf(
        out,
        "\nNotes: MB = 10^6 bytes. Best of %d runs, interleaved (ours, then jq), files in the "
        "page cache. \"ours\" is `bm::read_file` (ReadOptions::keep_raw = %s) timed inside a "
        "forked child; peak RSS is that child's ru_maxrss, the largest over the runs (the child "
        "resets the peak mark inherited from the bench process through /proc/self/clear_refs; "
        "its RSS before reading is listed above). jq is `jq -c . FILE "
        ">/dev/null`; for the zstd row `zstd -dc FILE | jq -c . >/dev/null`, and sizes, MB/s and "
        "peak/file size use the decoded bytes (compressed MB/s in parentheses).\n",
        o.runs, o.keep_raw ? "true" : "false");
}

}  // namespace bm::bench
