// describe_machine: /proc/cpuinfo, /proc/meminfo, uname, the clock, and tool versions.
#include "machine.h"

#include <sys/utsname.h>
#include <zstd.h>

#include <cstdio>
#include <ctime>
#include <fstream>

namespace bm::bench {

namespace {

std::string trim(std::string s) {
    const size_t a = s.find_first_not_of(" \t\n");
    const size_t b = s.find_last_not_of(" \t\n");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::string first_line_of(const char* command) {
    std::FILE* p = popen(command, "r");
    if (!p) return "not found";
    char buf[256] = {};
    const bool got = std::fgets(buf, sizeof buf, p) != nullptr;
    const int status = pclose(p);
    return got && status == 0 ? trim(buf) : "not found";
}

}  // namespace

Machine describe_machine() {
    Machine m;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("processor", 0) == 0) ++m.cores;
        if (m.cpu_model.empty() && line.rfind("model name", 0) == 0)
            m.cpu_model = trim(line.substr(line.find(':') + 1));
    }
    if (m.cpu_model.empty()) m.cpu_model = "unknown";
    std::ifstream meminfo("/proc/meminfo");
    for (std::string key; meminfo >> key;) {
        if (key == "MemTotal:") {
            double kb = 0;
            meminfo >> kb;
            m.memory_gib = kb / (1024.0 * 1024.0);
            break;
        }
        std::getline(meminfo, key);
    }
    utsname u{};
    if (uname(&u) == 0) m.kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    m.date = date;
#if defined(__clang__)
    m.compiler = std::string("clang ") + __VERSION__;
#else
    m.compiler = std::string("gcc ") + __VERSION__;
#endif
#ifdef BM_BENCH_BUILD_TYPE
    m.compiler += std::string(", ") + BM_BENCH_BUILD_TYPE;
#endif
    m.jq_version = first_line_of("jq --version 2>/dev/null");
    m.zstd_version = ZSTD_versionString();
    return m;
}

}  // namespace bm::bench
