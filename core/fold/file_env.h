// FileEnv: the one narrow interface through which the bundle store touches the file system.
//
// Modelled on LevelDB's Env: every effect the store relies on for durability (create, write, fsync,
// rename, directory fsync) is a separate call, so tests can fail any single step (FaultyFileEnv)
// and check that nothing published is lost or half-visible. Thread-safety: PosixFileEnv is
// stateless and safe from any thread; FaultyFileEnv is single-threaded.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "util/result.h"

namespace bm {

class FileEnv {
public:
    virtual ~FileEnv() = default;

    // Creates `dir` (and missing parents) with mode 0700; existing directories are kept.
    virtual Status make_dirs(const std::string& dir) = 0;
    // Creates `path` exclusively (O_EXCL, mode 0600) and returns a descriptor.
    virtual Result<int> create_exclusive(const std::string& path) = 0;
    // Writes all of `data` to `fd`.
    virtual Status write_all(int fd, const std::string& data, const std::string& path) = 0;
    // fsync(fd).
    virtual Status sync(int fd, const std::string& path) = 0;
    // sync() of every (descriptor, path); the first error is returned after all were tried. The
    // default calls sync() in turn; the real file system fsyncs concurrently, which lets the
    // journal commit them together.
    virtual Status sync_all(const std::vector<std::pair<int, std::string>>& files);
    // close(fd); always releases the descriptor.
    virtual Status close(int fd, const std::string& path) = 0;
    // Renames `from` to `to`, refusing (kRefused) when `to` exists (renameat2 RENAME_NOREPLACE).
    virtual Status rename_no_replace(const std::string& from, const std::string& to) = 0;
    // Renames `from` to `to`, atomically replacing `to` when it exists (rename(2)).
    virtual Status rename_replace(const std::string& from, const std::string& to);
    // fsync of a directory, so a rename or create inside it is durable.
    virtual Status sync_dir(const std::string& dir) = 0;
    // Whole file contents; kNotFound when the file does not exist.
    virtual Result<std::string> read_file(const std::string& path) = 0;
    // Names (not paths) of the entries of `dir`, sorted; kNotFound when `dir` does not exist.
    virtual Result<std::vector<std::string>> list_dir(const std::string& dir) = 0;
    // Removes a file; kNotFound when it does not exist.
    virtual Status remove_file(const std::string& path) = 0;
    virtual bool exists(const std::string& path) = 0;
};

// The real file system (POSIX calls, fsync for durability).
std::shared_ptr<FileEnv> posix_file_env();

// Prefix of the temp files of an atomic write; a leftover one is an interrupted write, never data.
inline constexpr const char* kTempPrefix = ".tmp-";

// Replaces `path` with `bytes` atomically and durably: a temp file beside it (.tmp-<name>-<pid>-<n>),
// write, fsync, close, rename over `path`, fsync the directory. On any failure the temp file is
// removed and `path` is left as it was; the error names the step and the system's cause.
Status write_file_atomically(FileEnv& env, const std::string& path, const std::string& bytes);

// Wraps another FileEnv and fails the N-th mutating call (1-based) with an I/O error; with
// `crash` set, every later call fails too, as if the process had died at that point.
class FaultyFileEnv : public FileEnv {
public:
    explicit FaultyFileEnv(std::shared_ptr<FileEnv> inner) : m_inner(std::move(inner)) {}

    void fail_at(int64_t call, bool crash) { m_fail_at = call; m_crash = crash; m_calls = 0; m_dead = false; }
    int64_t calls() const { return m_calls; }

    Status make_dirs(const std::string& dir) override;
    Result<int> create_exclusive(const std::string& path) override;
    Status write_all(int fd, const std::string& data, const std::string& path) override;
    Status sync(int fd, const std::string& path) override;
    Status close(int fd, const std::string& path) override;
    Status rename_no_replace(const std::string& from, const std::string& to) override;
    Status rename_replace(const std::string& from, const std::string& to) override;
    Status sync_dir(const std::string& dir) override;
    Result<std::string> read_file(const std::string& path) override;
    Result<std::vector<std::string>> list_dir(const std::string& dir) override;
    Status remove_file(const std::string& path) override;
    bool exists(const std::string& path) override { return m_inner->exists(path); }

private:
    // True when this call must fail (and counts it).
    bool trip();

    std::shared_ptr<FileEnv> m_inner;
    int64_t m_fail_at = -1;
    int64_t m_calls = 0;
    bool m_crash = false;
    bool m_dead = false;
};

}  // namespace bm
