// `bench fold --scaling`: generate, fold in a child `beliefmerge fold`, time, fit the exponent.
#include "bench/fold/fold_scaling.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators.h"
#include "machine.h"

extern char** environ;

namespace bm::bench {

namespace {

struct ChildRun {
    double wall_s = 0, cpu_s = 0, peak_rss_mb = 0;
    std::string stdout_text;
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

// Runs `argv` with stdout into `out_path` (stderr inherited); wait4 gives its CPU time and peak RSS.
Result<ChildRun> run_child(const std::vector<std::string>& argv, const std::string& out_path) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) return Error::io("cannot run " + argv[0] + ": " + std::strerror(rc));
    int status = 0;
    rusage usage{};
    if (::wait4(pid, &status, 0, &usage) != pid) return Error::io("wait4 failed for " + argv[0]);
    ChildRun r;
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpu_s = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    r.peak_rss_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return Error::internal(argv[0] + " fold failed (status " + std::to_string(status) + "), see stderr");
    std::ifstream in(out_path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    r.stdout_text = ss.str();
    return r;
}

Result<FoldScalingRow> measure_size(const FoldScalingOptions& o, const std::string& dir, int64_t mb) {
    const std::string log = dir + "/claude-" + std::to_string(mb) + "mb.jsonl";
    const std::string store = dir + "/store-" + std::to_string(mb) + "mb";
    FoldScalingRow row;
    try {
        row.mb = static_cast<double>(write_claude_transcript(log, static_cast<uint64_t>(mb) * 1000000, o.seed)) / 1e6;
    } catch (const std::exception& ex) {
        return Error::io(std::string("generating the log: ") + ex.what());
    }
    auto child = run_child({o.beliefmerge, "fold", "--store", store, "--created-at", "1700000000000", "--json", log},
                           dir + "/fold-" + std::to_string(mb) + "mb.json");
    std::error_code ec;
    std::filesystem::remove(log, ec);
    std::filesystem::remove_all(store, ec);
    if (!child.ok()) return child.error();
    row.wall_s = child->wall_s;
    row.cpu_s = child->cpu_s;
    row.peak_rss_mb = child->peak_rss_mb;
    auto report = nlohmann::json::parse(child->stdout_text, nullptr, false);
    if (report.is_discarded() || !report.is_array())
        return Error::internal("beliefmerge fold --json printed no JSON array");
    for (const auto& s : report) {
        row.messages += s.value("messages", int64_t{0});
        row.checkpoints += static_cast<int64_t>(s.value("checkpoints", nlohmann::json::array()).size());
    }
    return row;
}

}  // namespace

double fitted_exponent(const std::vector<double>& x, const std::vector<double>& y) {
    const size_t n = std::min(x.size(), y.size());
    if (n < 2) return 0;
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < n; ++i) {
        const double lx = std::log(x[i]), ly = std::log(y[i]);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
    }
    const double denominator = static_cast<double>(n) * sxx - sx * sx;
    return denominator == 0 ? 0 : (static_cast<double>(n) * sxy - sx * sy) / denominator;
}

Result<FoldScalingReport> run_fold_scaling(const FoldScalingOptions& o) {
    if (o.min_mb < 1 || o.max_mb < o.min_mb) return Error::invalid_input("sizes must satisfy 1 <= min MB <= max MB");
    std::string dir = o.dir;
    const bool scratch = dir.empty();
    if (scratch) {
        std::string tmpl = (std::filesystem::temp_directory_path() / "bench-fold-scaling-XXXXXX").string();
        if (!::mkdtemp(tmpl.data())) return Error::io("cannot create a temp directory for the scaling bench");
        dir = tmpl;
    }
    FoldScalingReport report;
    report.options = o;
    report.machine = machine_line(describe_machine());
    Status failed;
    for (int64_t mb = o.min_mb; mb <= o.max_mb; mb *= 2) {
        std::fprintf(stderr, "folding a %lld MB log ...\n", static_cast<long long>(mb));
        auto row = measure_size(o, dir, mb);
        if (!row.ok()) {
            failed = row.error();
            break;
        }
        report.rows.push_back(*row);
    }
    if (scratch) {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    if (!failed.ok()) return failed.error();
    std::vector<double> size, wall, cpu;
    for (const auto& r : report.rows) {
        size.push_back(r.mb);
        wall.push_back(r.wall_s);
        cpu.push_back(r.cpu_s);
    }
    report.wall_exponent = fitted_exponent(size, wall);
    report.cpu_exponent = fitted_exponent(size, cpu);
    return report;
}

std::string fold_scaling_markdown(const FoldScalingReport& r) {
    std::string out = "| log MB | messages | checkpoints | wall s | CPU s | peak RSS MB | RSS / log |\n"
                      "|---:|---:|---:|---:|---:|---:|---:|\n";
    char buf[256];
    for (const auto& row : r.rows) {
        std::snprintf(buf, sizeof buf, "| %.1f | %lld | %lld | %.2f | %.2f | %.0f | %.1f |\n", row.mb,
                      static_cast<long long>(row.messages), static_cast<long long>(row.checkpoints), row.wall_s,
                      row.cpu_s, row.peak_rss_mb, row.mb > 0 ? row.peak_rss_mb / row.mb : 0);
        out += buf;
    }
    std::snprintf(buf, sizeof buf, "\nFitted exponent (time ~ size^k, least squares on logs): wall k = %.2f, CPU k = %.2f.\n",
                  r.wall_exponent, r.cpu_exponent);
    out += buf;
    out += "Generated Claude Code transcripts (seed " + std::to_string(r.options.seed) +
           "), `beliefmerge fold` with default options into a fresh store, one child per size (wall includes "
           "every bundle's fsyncs). " + r.machine + "\n";
    return out;
}

nlohmann::json fold_scaling_json(const FoldScalingReport& r) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : r.rows)
        rows.push_back({{"mb", row.mb}, {"messages", row.messages}, {"checkpoints", row.checkpoints},
                        {"wallSeconds", row.wall_s}, {"cpuSeconds", row.cpu_s}, {"peakRssMB", row.peak_rss_mb}});
    return {{"rows", rows}, {"wallExponent", r.wall_exponent}, {"cpuExponent", r.cpu_exponent},
            {"seed", r.options.seed}, {"machine", r.machine}};
}

}  // namespace bm::bench
