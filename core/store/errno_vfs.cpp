// A pass-through SQLite VFS over the default one that remembers the system errno of the last
// failed write, sync, truncate or open, so that "disk I/O error" can name its cause.
#include "store/errno_vfs.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <mutex>

namespace bm {

namespace {

thread_local int t_last_io_errno = 0;

struct ErrnoFile {
    sqlite3_file base;
    sqlite3_file* real;  // the default VFS's file, allocated right after this struct
};

sqlite3_vfs g_vfs;
sqlite3_vfs* g_real = nullptr;
sqlite3_io_methods g_methods;

sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<ErrnoFile*>(f)->real; }

// The rc of a call that may fail on the disk; its errno kept when it did.
int noted(int rc) {
    if (rc != SQLITE_OK) t_last_io_errno = (rc & 0xFF) == SQLITE_FULL ? ENOSPC : errno;
    return rc;
}

int x_close(sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); }
int x_read(sqlite3_file* f, void* buf, int n, sqlite3_int64 off) { return real(f)->pMethods->xRead(real(f), buf, n, off); }
int x_write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 off) {
    return noted(real(f)->pMethods->xWrite(real(f), buf, n, off));
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) { return noted(real(f)->pMethods->xTruncate(real(f), size)); }
int x_sync(sqlite3_file* f, int flags) { return noted(real(f)->pMethods->xSync(real(f), flags)); }
int x_file_size(sqlite3_file* f, sqlite3_int64* size) { return real(f)->pMethods->xFileSize(real(f), size); }
int x_lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
int x_unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
int x_check_reserved(sqlite3_file* f, int* out) { return real(f)->pMethods->xCheckReservedLock(real(f), out); }
int x_file_control(sqlite3_file* f, int op, void* arg) { return real(f)->pMethods->xFileControl(real(f), op, arg); }
int x_sector_size(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int x_device(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int x_shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
    return noted(real(f)->pMethods->xShmMap(real(f), region, size, extend, out));
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) { return real(f)->pMethods->xShmLock(real(f), offset, n, flags); }
void x_shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int x_shm_unmap(sqlite3_file* f, int remove) { return real(f)->pMethods->xShmUnmap(real(f), remove); }
int x_fetch(sqlite3_file* f, sqlite3_int64 off, int n, void** out) { return real(f)->pMethods->xFetch(real(f), off, n, out); }
int x_unfetch(sqlite3_file* f, sqlite3_int64 off, void* p) { return real(f)->pMethods->xUnfetch(real(f), off, p); }

int x_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
    auto* file = reinterpret_cast<ErrnoFile*>(f);
    file->real = reinterpret_cast<sqlite3_file*>(file + 1);
    const int rc = noted(g_real->xOpen(g_real, name, file->real, flags, out_flags));
    file->base.pMethods = file->real->pMethods ? &g_methods : nullptr;  // no xClose for a failed open
    return rc;
}

void install() {
    g_real = sqlite3_vfs_find(nullptr);
    if (!g_real) return;
    g_vfs = *g_real;
    g_vfs.zName = kErrnoVfsName;
    g_vfs.szOsFile = static_cast<int>(sizeof(ErrnoFile)) + g_real->szOsFile;
    g_vfs.xOpen = x_open;
    g_vfs.pNext = nullptr;
    g_methods = sqlite3_io_methods{3, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock,
                                   x_unlock, x_check_reserved, x_file_control, x_sector_size, x_device,
                                   x_shm_map, x_shm_lock, x_shm_barrier, x_shm_unmap, x_fetch, x_unfetch};
    sqlite3_vfs_register(&g_vfs, 0);
}

}  // namespace

const char* errno_vfs() {
    static std::once_flag once;
    std::call_once(once, install);
    return g_real ? kErrnoVfsName : nullptr;
}

int last_io_errno() { return t_last_io_errno; }

void clear_last_io_errno() { t_last_io_errno = 0; }

}  // namespace bm
