// The SQLite VFS every workspace opens through: the default one, plus the errno of the last failed
// write, sync, truncate or open on this thread (SQLite's own sqlite3_system_errno() is not set on
// the commit path, where a full disk says only "disk I/O error").
#pragma once

namespace bm {

inline constexpr const char* kErrnoVfsName = "bm-errno";

// Registers the VFS once (not as the default) and returns its name; nullptr when SQLite has no
// default VFS to wrap.
const char* errno_vfs();

// The errno of the last failed disk call through that VFS on this thread; 0 when none since the clear.
int last_io_errno();
void clear_last_io_errno();

}  // namespace bm
