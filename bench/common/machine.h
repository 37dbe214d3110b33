// The machine a benchmark ran on, for every report header (numbers mean little without it).
#pragma once

#include <string>

namespace bm::bench {

struct Machine {
    std::string cpu_model = "unknown";  // "model name" from /proc/cpuinfo
    int cores = 0;                      // logical processors in /proc/cpuinfo
    double memory_gib = 0;              // MemTotal
    std::string kernel;                 // uname -srm
    std::string date;                   // UTC, YYYY-MM-DD HH:MM
    std::string compiler;               // compiler version and whether NDEBUG is set
};

Machine describe_machine();

// One line: "AMD EPYC, 2 logical cores, 23.5 GiB RAM, Linux 6.1 x86_64; gcc 12.2.0 (optimised); 2026-11-30 02:39 UTC".
std::string machine_line(const Machine& m);

// The load averages over 1, 5 and 15 minutes from /proc/loadavg ("0.52 0.61 0.70"), or "unknown".
std::string load_average();

}  // namespace bm::bench
