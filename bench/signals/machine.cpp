// describe_machine: /proc/cpuinfo, the clock and the compiler.
#include "machine.h"

#include <ctime>
#include <fstream>

namespace bm::bench {

Machine describe_machine() {
    Machine m;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("processor", 0) == 0) ++m.cores;
        if (m.cpu_model == "unknown" && line.rfind("model name", 0) == 0) {
            const size_t colon = line.find(':');
            const size_t start = line.find_first_not_of(" \t", colon + 1);
            if (start != std::string::npos) m.cpu_model = line.substr(start);
        }
    }
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    m.date = date;
#if defined(__clang__)
    m.compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    m.compiler = std::string("gcc ") + __VERSION__;
#endif
#ifdef NDEBUG
    m.build_type = "optimised (NDEBUG)";
#else
    m.build_type = "debug (assertions on)";
#endif
    return m;
}

}  // namespace bm::bench
