// Where the installed data lives (share/beliefmerge: bench gold sets, translations), found at run time so
// an installed binary never reads the source tree. Thread-safe (reads the environment only).
#pragma once

#include <string>

namespace bm {

// The data folder, in this order (docs/install.md):
//   1. $BELIEFMERGE_DATA_DIR when set and non-empty;
//   2. <executable_dir>/../share/beliefmerge: the install prefix of the running binary (GNUInstallDirs
//      bin/ and share/). The build tree mirrors it (build/<preset>/share/beliefmerge beside
//      build/<preset>/app/beliefmerge), so developers' binaries find the same files there.
// REQUIRES: executable_dir is the folder of the running executable (QCoreApplication::applicationDirPath()).
std::string data_dir(const std::string& executable_dir);

}  // namespace bm
