// The machine a benchmark ran on, for the report header (numbers mean little without it).
#pragma once

#include <string>

namespace bm::bench {

struct Machine {
    std::string cpu_model;     // "model name" from /proc/cpuinfo
    int cores = 0;             // logical processors in /proc/cpuinfo
    double memory_gib = 0;     // MemTotal
    std::string kernel;        // uname -sr
    std::string date;          // UTC, YYYY-MM-DD HH:MM
    std::string compiler;      // __VERSION__ and the CMake build type
    std::string jq_version;    // `jq --version`, or "not found"
    std::string zstd_version;  // libzstd linked here
};

Machine describe_machine();

}  // namespace bm::bench
