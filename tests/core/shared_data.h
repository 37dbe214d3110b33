// Where the real-log tests find the shared data: $BM_SHARED_DATA when set (as `beliefmerge bench` reads
// it; a worktree's ../shared may not exist), else the folder compiled in (SHARED_DATA_DIR).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace bm::testing {

// `sub` (e.g. "sessions") under $BM_SHARED_DATA, or under SHARED_DATA_DIR when the variable is unset or
// empty. The path may not exist: see shared_data_missing.
inline std::filesystem::path shared_data_path(const std::string& sub) {
    const char* env = std::getenv("BM_SHARED_DATA");
    return std::filesystem::path(env && *env ? env : SHARED_DATA_DIR) / sub;
}

// Why a test that needs the folder `dir` skips: empty when `dir` is a folder, else a message naming it.
inline std::string shared_data_missing(const std::filesystem::path& dir) {
    if (std::filesystem::is_directory(dir)) return {};
    return "shared data folder " + dir.string() +
           " is absent (set BM_SHARED_DATA to the shared data folder): real-log test skipped";
}

}  // namespace bm::testing
