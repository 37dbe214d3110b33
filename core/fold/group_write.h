// Publishing several immutable files into one directory as a group: every file is as durable and
// atomic as a single publish, at the cost of one directory fsync for the group.
//
// Each file: a temp file beside it (.tmp-<name>-<pid>-<n>), written; then the group's temps are
// fsynced together (concurrently on the real file system, so the journal commits them as a group),
// closed, renamed into place without replacing, and the directory fsynced once. A name that already
// holds the same bytes is left alone (idempotent); one that holds different bytes refuses the whole
// group before anything is written. On failure the temps are removed; files already renamed stay
// (each is complete) and the error names the step and the system's cause.
#pragma once

#include <string>
#include <vector>

#include "fold/file_env.h"
#include "util/result.h"

namespace bm {

struct GroupFile {
    std::string name;   // inside the directory
    std::string bytes;
};

// Returns, per file, whether an identical file was already there.
Result<std::vector<bool>> write_group_atomically(FileEnv& env, const std::string& dir, const std::vector<GroupFile>& files);

}  // namespace bm
