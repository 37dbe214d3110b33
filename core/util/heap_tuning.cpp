// Re-exec with glibc.malloc.hugetlb=1 (Linux/glibc only; a no-op elsewhere).
#include "util/heap_tuning.h"

#include <cstdlib>
#include <string>

#if defined(__linux__) && defined(__GLIBC__)
#include <unistd.h>
#endif

namespace bm {

void tune_heap_and_reexec(char** argv) {
#if defined(__linux__) && defined(__GLIBC__)
    if (std::getenv("BM_NO_HEAP_TUNING") || std::getenv("BM_HEAP_TUNED")) return;
    std::string tunables = std::getenv("GLIBC_TUNABLES") ? std::getenv("GLIBC_TUNABLES") : "";
    if (tunables.find("glibc.malloc.hugetlb") != std::string::npos) return;  // the user chose
    tunables += (tunables.empty() ? "" : ":") + std::string("glibc.malloc.hugetlb=1");
    if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0 || setenv("BM_HEAP_TUNED", "1", 1) != 0) return;
    execv("/proc/self/exe", argv);
    unsetenv("BM_HEAP_TUNED");  // exec failed: run untuned
#else
    (void)argv;
#endif
}

}  // namespace bm
