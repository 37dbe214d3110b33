// Process start-up tuning of the C heap: transparent huge pages for glibc malloc (see heap_tuning.cpp).
#pragma once

namespace bm {

// Re-executes the running program once with glibc.malloc.hugetlb=1 added to GLIBC_TUNABLES, so
// malloc asks for transparent huge pages. Reading a large log builds hundreds of MB of strings; on
// virtual machines each 4 KiB page fault is expensive, and huge pages cut the faults ~30× (measured
// in docs/bench.md). Call first thing in main(); returns normally when already tuned, when the user
// set BM_NO_HEAP_TUNING, or when re-executing fails (the program then runs untuned).
void tune_heap_and_reexec(char** argv);

}  // namespace bm
