// The data folder lookup (see data_dir.h).
#include "util/data_dir.h"

#include <cstdlib>
#include <filesystem>

namespace bm {

std::string data_dir(const std::string& executable_dir) {
    if (const char* env = std::getenv("BELIEFMERGE_DATA_DIR"); env && *env) return env;
    return (std::filesystem::path(executable_dir) / ".." / "share" / "beliefmerge").lexically_normal().string();
}

}  // namespace bm
