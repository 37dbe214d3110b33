// LD_PRELOAD shim that makes file writes fail like a full or dying disk, for the fault campaign.
//
// Configured by environment variables (read once, at load):
//   BM_FAULT_ERRNO   ENOSPC (default) or EIO: the errno a failing call sets
//   BM_FAULT_OPS     comma list of write,pwrite,fsync,fdatasync,rename (default: all); write covers
//                    write and writev, pwrite covers pwrite and pwrite64, rename covers rename and renameat
//   BM_FAULT_PATH    only files whose absolute path starts with this prefix (default: every regular
//                    file; terminals, pipes and sockets are never failed, so errors can still be printed)
//   BM_FAULT_AFTER   the first N matching calls succeed, every later one fails (default 0)
//   BM_FAULT_TRACE   when set, each failed call is named on stderr
//   BM_FAULT_REPORT  at exit, write "calls=C failed=F" (matching calls seen, calls failed) to this file
// Without BM_FAULT_ERRNO, BM_FAULT_OPS, BM_FAULT_PATH or BM_FAULT_AFTER nothing is failed (count-only
// runs set BM_FAULT_AFTER to a huge number). SQLite's unix VFS writes through these libc calls
// (pwrite64, fdatasync, write), so the workspace is covered at the syscall level too.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum { OP_WRITE = 1, OP_PWRITE = 2, OP_FSYNC = 4, OP_FDATASYNC = 8, OP_RENAME = 16 };

static int g_errno = ENOSPC;
static int g_ops = OP_WRITE | OP_PWRITE | OP_FSYNC | OP_FDATASYNC | OP_RENAME;
static char g_prefix[PATH_MAX];
static long long g_after = 0;
static long long g_calls = 0, g_failed = 0;
static const char* g_report = NULL;
static int g_trace = 0;
static int g_active = 0;

static void* next(const char* name) { return dlsym(RTLD_NEXT, name); }

__attribute__((constructor)) static void fault_init(void) {
    const char* e = getenv("BM_FAULT_ERRNO");
    const char* ops = getenv("BM_FAULT_OPS");
    const char* path = getenv("BM_FAULT_PATH");
    const char* after = getenv("BM_FAULT_AFTER");
    g_report = getenv("BM_FAULT_REPORT");
    g_trace = getenv("BM_FAULT_TRACE") != NULL;
    g_active = e || ops || path || after;
    if (e && strcmp(e, "EIO") == 0) g_errno = EIO;
    if (ops && *ops) {
        char list[256];
        snprintf(list, sizeof list, "%s", ops);
        g_ops = 0;
        for (char* save = NULL, *op = strtok_r(list, ",", &save); op; op = strtok_r(NULL, ",", &save)) {
            if (strcmp(op, "write") == 0) g_ops |= OP_WRITE;
            else if (strcmp(op, "pwrite") == 0) g_ops |= OP_PWRITE;
            else if (strcmp(op, "fsync") == 0) g_ops |= OP_FSYNC;
            else if (strcmp(op, "fdatasync") == 0) g_ops |= OP_FDATASYNC;
            else if (strcmp(op, "rename") == 0) g_ops |= OP_RENAME;
            else fprintf(stderr, "fault_inject: unknown operation in BM_FAULT_OPS: %s\n", op);
        }
    }
    if (path) snprintf(g_prefix, sizeof g_prefix, "%s", path);
    if (after) g_after = atoll(after);
}

__attribute__((destructor)) static void fault_report(void) {
    if (!g_report) return;
    FILE* f = fopen(g_report, "w");
    if (!f) return;
    fprintf(f, "calls=%lld failed=%lld\n", g_calls, g_failed);
    fclose(f);
}

static int under_prefix(const char* abs) { return g_prefix[0] == 0 || strncmp(abs, g_prefix, strlen(g_prefix)) == 0; }

static int fd_matches(int fd) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) return 0;
    if (g_prefix[0] == 0) return 1;
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n < 0) return 0;
    target[n] = 0;
    return under_prefix(target);
}

static int path_matches(const char* path) {
    if (g_prefix[0] == 0) return 1;
    char abs[2 * PATH_MAX + 2];
    if (path[0] == '/') {
        snprintf(abs, sizeof abs, "%s", path);
    } else {
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd)) return 0;
        snprintf(abs, sizeof abs, "%s/%s", cwd, path);
    }
    return under_prefix(abs);
}

// Counts a matching call; true when it must fail (errno set).
static int trip(int op, const char* name, int matches) {
    if (!g_active || !(g_ops & op) || !matches) return 0;
    if (g_calls++ < g_after) return 0;
    ++g_failed;
    if (g_trace) fprintf(stderr, "fault_inject: failing %s (matching call %lld)\n", name, g_calls);
    errno = g_errno;
    return 1;
}

ssize_t write(int fd, const void* buf, size_t n) {
    static ssize_t (*real)(int, const void*, size_t);
    if (!real) *(void**)&real = next("write");
    if (trip(OP_WRITE, "write", g_active && fd_matches(fd))) return -1;
    return real(fd, buf, n);
}

ssize_t writev(int fd, const struct iovec* iov, int count) {
    static ssize_t (*real)(int, const struct iovec*, int);
    if (!real) *(void**)&real = next("writev");
    if (trip(OP_WRITE, "writev", g_active && fd_matches(fd))) return -1;
    return real(fd, iov, count);
}

ssize_t pwrite(int fd, const void* buf, size_t n, off_t off) {
    static ssize_t (*real)(int, const void*, size_t, off_t);
    if (!real) *(void**)&real = next("pwrite");
    if (trip(OP_PWRITE, "pwrite", g_active && fd_matches(fd))) return -1;
    return real(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void* buf, size_t n, off64_t off) {
    static ssize_t (*real)(int, const void*, size_t, off64_t);
    if (!real) *(void**)&real = next("pwrite64");
    if (trip(OP_PWRITE, "pwrite64", g_active && fd_matches(fd))) return -1;
    return real(fd, buf, n, off);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) *(void**)&real = next("fsync");
    if (trip(OP_FSYNC, "fsync", g_active && fd_matches(fd))) return -1;
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) *(void**)&real = next("fdatasync");
    if (trip(OP_FDATASYNC, "fdatasync", g_active && fd_matches(fd))) return -1;
    return real(fd);
}

int rename(const char* from, const char* to) {
    static int (*real)(const char*, const char*);
    if (!real) *(void**)&real = next("rename");
    if (trip(OP_RENAME, "rename", g_active && path_matches(to))) return -1;
    return real(from, to);
}

int renameat(int fromdir, const char* from, int todir, const char* to) {
    static int (*real)(int, const char*, int, const char*);
    if (!real) *(void**)&real = next("renameat");
    if (trip(OP_RENAME, "renameat", g_active && (to[0] == '/' || todir == AT_FDCWD) && path_matches(to))) return -1;
    return real(fromdir, from, todir, to);
}
