// read_in_child: fork, time bm::read_file, send the counts back through a pipe, wait4 for
// ru_maxrss.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>

#include "ingest/ingest.h"
#include "measure.h"

namespace bm::bench {

namespace {

// Fixed-size record so the child can write it with one write(2).
struct WireReport {
    double seconds;
    int64_t start_rss_kb;
    int64_t sessions, messages, errors, warnings, redactions;
    char format[32];
    char first_error[512];
};

void copy_text(char* to, size_t cap, const std::string& from) {
    std::strncpy(to, from.c_str(), cap - 1);
    to[cap - 1] = '\0';
}

int64_t status_kb(const char* field) {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == field) {
            int64_t kb = 0;
            status >> kb;
            return kb;
        }
        std::getline(status, key);
    }
    return 0;
}

// A forked child inherits the parent's peak-RSS mark; "5" resets it to the current RSS (Linux
// ≥ 4.0).
void reset_peak_rss() {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
}

WireReport timed_read(const std::string& path, bool keep_raw) {
    ReadOptions options;
    options.keep_raw = keep_raw;
    const int64_t start_rss_kb = status_kb("VmRSS:");
    const auto t0 = std::chrono::steady_clock::now();
    ReadResult result = read_file(path, options);
    const auto t1 = std::chrono::steady_clock::now();
    WireReport r{};
    r.start_rss_kb = start_rss_kb;
    r.seconds = std::chrono::duration<double>(t1 - t0).count();
    r.sessions = static_cast<int64_t>(result.sessions.size());
    for (const auto& s : result.sessions) r.messages += static_cast<int64_t>(s.messages.size());
    r.errors = static_cast<int64_t>(result.errors.size());
    r.warnings = static_cast<int64_t>(result.warnings.size());
    r.redactions = result.redactions.total();
    copy_text(r.format, sizeof r.format, result.format);
    if (!result.errors.empty())
        copy_text(
            r.first_error, sizeof r.first_error,
            result.errors.front().where().to_string() + ": " + result.errors.front().message());
    return r;
}

ReadSample to_sample(const WireReport& r) {
    ReadSample s;
    s.seconds = r.seconds;
    s.start_rss_kb = r.start_rss_kb;
    s.sessions = r.sessions;
    s.messages = r.messages;
    s.errors = r.errors;
    s.warnings = r.warnings;
    s.redactions = r.redactions;
    s.format = r.format;
    s.first_error = r.first_error;
    return s;
}

}  // namespace

std::optional<ReadSample> read_in_child(const std::string& path, bool keep_raw,
                                        std::string& failure) {
    int fds[2];
    if (pipe(fds) != 0) {
        failure = std::string("pipe: ") + std::strerror(errno);
        return std::nullopt;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        failure = std::string("fork: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (pid == 0) {
        close(fds[0]);
        reset_peak_rss();
        int code = 0;
        try {
            const WireReport r = timed_read(path, keep_raw);
            if (write(fds[1], &r, sizeof r) != static_cast<ssize_t>(sizeof r)) code = 3;
        } catch (...) {
            code = 4;
        }
        _exit(code);  // skip destructors: freeing the result is not part of the read
    }
    close(fds[1]);
    WireReport r{};
    size_t got = 0;
    while (got < sizeof r) {
        const ssize_t n = read(fds[0], reinterpret_cast<char*>(&r) + got, sizeof r - got);
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    close(fds[0]);
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) {
        failure = std::string("wait4: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != sizeof r) {
        failure = WIFSIGNALED(status)
                      ? "reader child killed by signal " + std::to_string(WTERMSIG(status))
                      : "reader child exited with status " + std::to_string(WEXITSTATUS(status));
        return std::nullopt;
    }
    ReadSample s = to_sample(r);
    s.peak_rss_kb = usage.ru_maxrss;  // kilobytes on Linux
    s.cpu_seconds = cpu_seconds(usage);
    return s;
}

ReadSample read_in_process(const std::string& path, bool keep_raw) {
    ReadSample s = to_sample(timed_read(path, keep_raw));
    s.peak_rss_kb = own_peak_rss_kb();
    return s;
}

int64_t own_peak_rss_kb() {
    return status_kb("VmHWM:");
}

double cpu_seconds(const struct rusage& u) {
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

}  // namespace bm::bench
