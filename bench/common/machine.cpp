// describe_machine: /proc/cpuinfo, /proc/meminfo, uname, the clock and the compiler.
#include "machine.h"

#include <sys/utsname.h>

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
}  // namespace

Machine describe_machine() {
    Machine m;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("processor", 0) == 0) ++m.cores;
        if (m.cpu_model == "unknown" && line.rfind("model name", 0) == 0)
            m.cpu_model = trim(line.substr(line.find(':') + 1));
    }
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
    m.compiler = std::string("clang ") + __clang_version__;
#else
    m.compiler = std::string("gcc ") + __VERSION__;
#endif
#ifdef NDEBUG
    m.compiler += " (optimised, NDEBUG)";
#else
    m.compiler += " (assertions on)";
#endif
    return m;
}

std::string machine_line(const Machine& m) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%s, %d logical cores, %.1f GiB RAM, %s; %s; %s", m.cpu_model.c_str(), m.cores,
                  m.memory_gib, m.kernel.c_str(), m.compiler.c_str(), m.date.c_str());
    return buf;
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string one, five, fifteen;
    if (!(in >> one >> five >> fifteen)) return "unknown";
    return one + " " + five + " " + fifteen;
}

}  // namespace bm::bench
