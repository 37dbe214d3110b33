// tool.file_seen never speaks over what another rule says of the same file (session 22).
#pragma once

#include <vector>

#include "model/claim.h"

namespace bm {

// Drops every `tool.file_seen` claim (`file.<path> = exists`) whose file another claim of the branch names under
// its own `file.<path>` key (no sub-key: `.read`, `.content` say something else): a file seen AND edited reads
// as edited, one seen and deleted as deleted, whatever came first. Two paths name one file when they are equal or
// one ends in `/` + the other (an absolute path a result shows and the relative one a call gave; the bench's
// matching rule reads file keys so). `claims` are one branch's.
void drop_files_seen_otherwise_named(std::vector<Claim>& claims);

}  // namespace bm
