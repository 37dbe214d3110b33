// bench_ingest: generates large session logs and measures bm::read_file against jq (see
// docs/bench.md).
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "generators.h"
#include "machine.h"
#include "measure.h"
#include "options.h"
#include "report.h"
#include "util/heap_tuning.h"

namespace fs = std::filesystem;
using namespace bm::bench;

namespace {

constexpr size_t kZstdFrameBytes = 1 << 20;
constexpr int kZstdLevel = 3;

struct Input {
    std::string name, path;
    uint64_t bytes = 0, compressed_bytes = 0;
    std::string jq_command;
};

std::string make_dir(const Options& o, bool& created) {
    created = o.dir.empty();
    if (!created) {
        fs::create_directories(o.dir);
        return o.dir;
    }
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bm-bench-ingest-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    return pattern;
}

template <typename F>
uint64_t timed(const char* what, F&& make) {
    std::fprintf(stderr, "generating %s ... ", what);
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t bytes = make();
    std::fprintf(stderr, "%.1f MB in %.1f s\n", bytes / 1e6,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return bytes;
}

std::vector<Input> generate(const Options& o, const std::string& dir) {
    const uint64_t target = static_cast<uint64_t>(o.size_mb) * 1'000'000;
    std::vector<Input> in(3);
    in[0].name = "DeepSeek Harness .jsonl";
    in[0].path = dir + "/dsh-session.jsonl";
    in[1].name = "DeepSeek Harness .jsonl.zstd";
    in[1].path = dir + "/dsh-session.jsonl.zstd";
    in[2].name = "Claude Code .jsonl";
    in[2].path = dir + "/claude-code.jsonl";
    in[0].bytes =
        timed("DeepSeek Harness log", [&] { return write_dsh_log(in[0].path, target, o.seed); });
    in[1].bytes = in[0].bytes;
    in[1].compressed_bytes = timed("zstd frames", [&] {
        return write_zstd_frames(in[0].path, in[1].path, kZstdFrameBytes, kZstdLevel);
    });
    in[2].bytes = timed("Claude Code transcript",
                        [&] { return write_claude_transcript(in[2].path, target, o.seed + 1); });
    in[0].jq_command = "jq -c . " + shell_quote(in[0].path) + " >/dev/null";
    in[1].jq_command = "zstd -dc " + shell_quote(in[1].path) + " | jq -c . >/dev/null";
    in[2].jq_command = "jq -c . " + shell_quote(in[2].path) + " >/dev/null";
    return in;
}

Row measure(const Input& in, const Options& o) {
    Row row;
    row.name = in.name;
    row.path = in.path;
    row.bytes = in.bytes;
    row.compressed_bytes = in.compressed_bytes;
    row.jq_command = in.jq_command;
    for (int run = 1; run <= o.runs; ++run) {
        std::string failure;
        if (auto s = read_in_child(in.path, o.keep_raw, failure)) {
            const int64_t peak = std::max(row.best.peak_rss_kb, s->peak_rss_kb);
            const double cpu = row.best.seconds <= 0
                                   ? s->cpu_seconds
                                   : std::min(row.best.cpu_seconds, s->cpu_seconds);
            if (row.best.seconds <= 0 || s->seconds < row.best.seconds) row.best = *s;
            row.best.peak_rss_kb = peak;
            row.best.cpu_seconds = cpu;
            std::fprintf(stderr,
                         "  %s run %d: ours %.2f s (%.2f s CPU), peak RSS %.1f MB (from %.1f MB)",
                         in.name.c_str(), run, s->seconds, s->cpu_seconds,
                         s->peak_rss_kb * 1.024e-3, s->start_rss_kb * 1.024e-3);
        } else {
            row.failure = failure;
            std::fprintf(stderr, "  %s run %d: ours FAILED (%s)", in.name.c_str(), run,
                         failure.c_str());
        }
        if (o.jq) {
            if (auto t = time_shell(in.jq_command, failure)) {
                if (!row.jq_seconds || t->seconds < *row.jq_seconds) row.jq_seconds = t->seconds;
                if (!row.jq_cpu_seconds || t->cpu_seconds < *row.jq_cpu_seconds)
                    row.jq_cpu_seconds = t->cpu_seconds;
                std::fprintf(stderr, "; jq %.2f s (%.2f s CPU)", t->seconds, t->cpu_seconds);
            } else {
                std::fprintf(stderr, "; jq FAILED (%s)", failure.c_str());
            }
        }
        std::fprintf(stderr, "\n");
    }
    return row;
}

std::string command_line(int argc, char** argv) {
    std::string s = "bench_ingest";
    for (int i = 1; i < argc; ++i) s += std::string(" ") + argv[i];
    return s;
}

int read_once(const Options& o) {
    const ReadSample s = read_in_process(o.read_once, o.keep_raw);
    std::printf(
        "%s: format %s, %lld messages, %lld errors, %lld warnings, %lld redactions; "
        "%.3f s, peak RSS %.1f MB\n",
        o.read_once.c_str(), s.format.c_str(), static_cast<long long>(s.messages),
        static_cast<long long>(s.errors), static_cast<long long>(s.warnings),
        static_cast<long long>(s.redactions), s.seconds, s.peak_rss_kb * 1.024e-3);
    if (!s.first_error.empty()) std::printf("first error: %s\n", s.first_error.c_str());
    return s.errors == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);  // as beliefmerge and the studio do: measure what users run
    int exit_code = 0;
    const auto options = parse_options(argc, argv, exit_code);
    if (!options) return exit_code;
    const Options& o = *options;
    if (!o.read_once.empty()) return read_once(o);
    bool created = false;
    std::string dir;
    std::vector<Input> inputs;
    try {
        dir = make_dir(o, created);
        inputs = generate(o, dir);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_ingest: %s\n", e.what());
        return 1;
    }
    malloc_trim(0);  // the readers are forked from here: hand the generators' heap back first
    RunInfo info{command_line(argc, argv)};
    std::vector<Row> rows;
    for (const auto& in : inputs) rows.push_back(measure(in, o));
    print_report(stdout, describe_machine(), o, info, rows);
    if (o.keep) {
        std::fprintf(stderr, "kept the generated files in %s\n", dir.c_str());
    } else {
        std::error_code ec;
        for (const auto& in : inputs) fs::remove(in.path, ec);
        if (created) fs::remove(dir, ec);
    }
    bool ok = true;
    for (const auto& r : rows) ok &= r.failure.empty() && r.best.errors == 0;
    return ok ? 0 : 1;
}
