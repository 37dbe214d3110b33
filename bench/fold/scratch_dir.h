// A fold bench's scratch directory: the caller's (kept), or a fresh temp directory removed after the run.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>

#include "util/result.h"

namespace bm::bench {

// Runs `run(dir)` in `dir`, or, when it is empty, in a new temp directory named `prefix`-XXXXXX that
// is removed afterwards. `run` returns a Result; so does this (an I/O error when no directory could be made).
template <class Run>
auto in_scratch_dir(const std::string& dir, const std::string& prefix, Run run) -> decltype(run(dir)) {
    if (!dir.empty()) return run(dir);
    std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!::mkdtemp(tmpl.data())) return Error::io("cannot create a temp directory for " + prefix);
    auto result = run(tmpl);
    std::error_code ec;
    std::filesystem::remove_all(tmpl, ec);
    return result;
}

}  // namespace bm::bench
