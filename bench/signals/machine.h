// The machine a benchmark ran on: CPU model and cores from /proc/cpuinfo, the date, the compiler.
#pragma once

#include <string>

namespace bm::bench {

struct Machine {
    std::string cpu_model = "unknown";
    int cores = 0;
    std::string date;  // UTC
    std::string compiler;
    std::string build_type;
};

Machine describe_machine();

}  // namespace bm::bench
