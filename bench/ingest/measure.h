// Timed runs in child processes: our reader (with its peak RSS) and shell pipelines such as jq.
//
// Each read runs in a forked child so its peak memory (ru_maxrss from wait4) is that of the read
// alone, not of the generator or of earlier runs: the child resets the peak mark it inherits
// (/proc/self/clear_refs), but still starts with the parent's resident pages, so keep those few.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bm::bench {

struct ReadSample {
    double seconds = 0;        // wall time of bm::read_file inside the child
    double cpu_seconds = 0;    // the child's user + system time (robust on a busy machine)
    int64_t peak_rss_kb = 0;   // the child's ru_maxrss
    int64_t start_rss_kb = 0;  // the child's RSS before reading (shared with the bench process)
    int64_t sessions = 0, messages = 0, errors = 0, warnings = 0, redactions = 0;
    std::string format;
    std::string first_error;  // first reader error, if any (a generator bug shows up here)
};

// Reads `path` with bm::read_file in a forked child. Returns nullopt and sets `failure` when the
// child crashed or exited abnormally.
std::optional<ReadSample> read_in_child(const std::string& path, bool keep_raw,
                                        std::string& failure);

// Same read in this process (for perf/callgrind), no fork.
ReadSample read_in_process(const std::string& path, bool keep_raw);

struct ShellTime {
    double seconds = 0;      // wall time
    double cpu_seconds = 0;  // user + system time of the shell and the pipeline it waited for
};

// Runs `command` with /bin/sh -c; returns its times, or nullopt (with `failure`) on a non-zero
// exit status.
std::optional<ShellTime> time_shell(const std::string& command, std::string& failure);

// User + system seconds in a rusage.
double cpu_seconds(const struct rusage& usage);

// 'path' quoted for /bin/sh.
std::string shell_quote(const std::string& path);

// This process's peak resident set so far (VmHWM), in kB; 0 when /proc is unavailable.
int64_t own_peak_rss_kb();

}  // namespace bm::bench
