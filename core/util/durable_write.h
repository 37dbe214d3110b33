// Replacing a file's bytes durably: a temporary file beside it, fsync, rename over it. A reader
// sees the old bytes or the new ones, never a torn file. Thread-safety: a plain function.
#pragma once

#include <sys/types.h>
#include <string>

#include "util/result.h"

namespace bm {

// Writes `bytes` to `path` through `path`.tmp (created with `mode`), fsynced, then renamed over
// `path`. Errors name the file and what failed; the temporary file is removed on failure.
Status write_file_durably(const std::string& path, const std::string& bytes, mode_t mode = 0644);

}  // namespace bm
