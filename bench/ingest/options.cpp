// Parses bench_ingest's flags; every bad value says which flag and what is accepted.
#include "options.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace bm::bench {

namespace {

void usage(std::FILE* to) {
    std::fputs(
        "usage: bench_ingest [--size-mb N] [--runs N] [--dir DIR] [--keep] [--seed N]\n"
        "                    [--no-keep-raw] [--no-jq]\n"
        "       bench_ingest --read FILE   (read FILE once in-process, for perf/callgrind)\n"
        "\n"
        "Generates a DeepSeek Harness log, its zstd-framed copy and a Claude Code transcript of\n"
        "about N MB each (default 200), reads each with bm::read_file in a forked child (best of\n"
        "--runs, default 3) and compares throughput with `jq -c .`; prints a Markdown table.\n",
        to);
}

bool parse_int(std::string_view text, int64_t min, int64_t& out) {
    char* end = nullptr;
    std::string s(text);
    long long v = std::strtoll(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0' || v < min) return false;
    out = v;
    return true;
}

}  // namespace

std::optional<Options> parse_options(int argc, char** argv, int& exit_code) {
    Options o;
    exit_code = 0;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto value = [&](const char* flag) -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_ingest: %s needs a value\n", flag);
                return nullptr;
            }
            return argv[++i];
        };
        int64_t n = 0;
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return std::nullopt;
        } else if (a == "--keep") {
            o.keep = true;
        } else if (a == "--no-keep-raw") {
            o.keep_raw = false;
        } else if (a == "--no-jq") {
            o.jq = false;
        } else if (a == "--size-mb" || a == "--runs" || a == "--seed") {
            const char* v = value(argv[i]);
            if (!v || !parse_int(v, a == "--seed" ? 0 : 1, n)) {
                if (v)
                    std::fprintf(stderr, "bench_ingest: %s wants a positive integer, got '%s'\n",
                                 argv[i - 1], v);
                exit_code = 2;
                return std::nullopt;
            }
            if (a == "--size-mb")
                o.size_mb = n;
            else if (a == "--runs")
                o.runs = static_cast<int>(n);
            else
                o.seed = static_cast<uint64_t>(n);
        } else if (a == "--dir" || a == "--read") {
            const char* v = value(argv[i]);
            if (!v) {
                exit_code = 2;
                return std::nullopt;
            }
            (a == "--dir" ? o.dir : o.read_once) = v;
        } else {
            std::fprintf(stderr, "bench_ingest: unknown argument '%s'\n\n", argv[i]);
            usage(stderr);
            exit_code = 2;
            return std::nullopt;
        }
    }
    return o;
}

}  // namespace bm::bench
