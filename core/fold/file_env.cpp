// POSIX implementation of FileEnv (fsync-based durability) and the fault-injecting wrapper.
#include "fold/file_env.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

namespace bm {

namespace {

Error os_error(const std::string& what, const std::string& path, int err) {
    return Error::io(what + " failed: " + std::strerror(err), Location(path),
                     "check that the store directory is writable and the disk is not full");
}

std::atomic<uint64_t> g_atomic_write_counter{0};

}  // namespace

Status FileEnv::rename_replace(const std::string& from, const std::string& to) {
    if (::rename(from.c_str(), to.c_str()) != 0) return os_error("rename", to, errno);
    return {};
}

Status FileEnv::sync_all(const std::vector<std::pair<int, std::string>>& files) {
    Status first;
    for (const auto& [fd, path] : files) {
        Status st = sync(fd, path);
        if (!st.ok() && first.ok()) first = st;
    }
    return first;
}

Status write_file_atomically(FileEnv& env, const std::string& path, const std::string& bytes) {
    const size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string temp = dir + "/" + kTempPrefix + name + "-" + std::to_string(::getpid()) + "-" +
                             std::to_string(g_atomic_write_counter.fetch_add(1));
    auto fd = env.create_exclusive(temp);
    if (!fd.ok()) return fd.error();
    Status st = env.write_all(*fd, bytes, temp);
    if (st.ok()) st = env.sync(*fd, temp);
    Status closed = env.close(*fd, temp);
    if (st.ok()) st = closed;
    if (st.ok()) st = env.rename_replace(temp, path);
    if (!st.ok()) {
        (void)env.remove_file(temp);
        return st;
    }
    return env.sync_dir(dir);
}

namespace {

class PosixFileEnv final : public FileEnv {
public:
    Status make_dirs(const std::string& dir) override {
        if (dir.empty()) return {};
        struct stat st {};
        if (::stat(dir.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) return {};
            return Error::io("not a directory", Location(dir), "choose a store path that is a directory");
        }
        const auto slash = dir.find_last_of('/');
        if (slash != std::string::npos && slash > 0) {
            Status parent = make_dirs(dir.substr(0, slash));
            if (!parent.ok()) return parent;
        }
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return os_error("mkdir", dir, errno);
        return {};
    }

    Result<int> create_exclusive(const std::string& path) override {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) return os_error("create", path, errno);
        return fd;
    }

    Status write_all(int fd, const std::string& data, const std::string& path) override {
        size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
            if (n < 0) {
                if (errno == EINTR) continue;
                return os_error("write", path, errno);
            }
            done += static_cast<size_t>(n);
        }
        return {};
    }

    Status sync(int fd, const std::string& path) override {
        if (::fsync(fd) != 0) return os_error("fsync", path, errno);
        return {};
    }

    // Up to kSyncThreads fsyncs in flight: the file system's journal commits concurrent ones
    // together, where one after another each waits for its own commit.
    Status sync_all(const std::vector<std::pair<int, std::string>>& files) override {
        constexpr size_t kSyncThreads = 16;
        if (files.size() < 2) return FileEnv::sync_all(files);
        std::vector<int> errors(files.size(), 0);
        std::atomic<size_t> next{0};
        auto worker = [&] {
            for (size_t i = next++; i < files.size(); i = next++)
                if (::fsync(files[i].first) != 0) errors[i] = errno;
        };
        std::vector<std::thread> threads;
        for (size_t t = 1; t < std::min(kSyncThreads, files.size()); ++t) threads.emplace_back(worker);
        worker();
        for (auto& t : threads) t.join();
        for (size_t i = 0; i < files.size(); ++i)
            if (errors[i] != 0) return os_error("fsync", files[i].second, errors[i]);
        return {};
    }

    Status close(int fd, const std::string& path) override {
        if (::close(fd) != 0) return os_error("close", path, errno);
        return {};
    }

    Status rename_no_replace(const std::string& from, const std::string& to) override {
        if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0) {
            if (errno == EEXIST) return Error::refused("target exists: " + to);
            return os_error("rename", to, errno);
        }
        return {};
    }

    Status sync_dir(const std::string& dir) override {
        const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) return os_error("open directory", dir, errno);
        const int rc = ::fsync(fd);
        const int err = errno;
        ::close(fd);
        if (rc != 0) return os_error("fsync directory", dir, err);
        return {};
    }

    Result<std::string> read_file(const std::string& path) override {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            if (errno == ENOENT) return Error::not_found("no such file", Location(path));
            return os_error("open", path, errno);
        }
        std::string out;
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0) {
                if (errno == EINTR) continue;
                const int err = errno;
                ::close(fd);
                return os_error("read", path, err);
            }
            if (n == 0) break;
            out.append(buf, static_cast<size_t>(n));
        }
        ::close(fd);
        return out;
    }

    Result<std::vector<std::string>> list_dir(const std::string& dir) override {
        DIR* d = ::opendir(dir.c_str());
        if (!d) {
            if (errno == ENOENT) return Error::not_found("no such directory", Location(dir));
            return os_error("opendir", dir, errno);
        }
        std::vector<std::string> names;
        while (dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name != "." && name != "..") names.push_back(name);
        }
        ::closedir(d);
        std::sort(names.begin(), names.end());
        return names;
    }

    Status remove_file(const std::string& path) override {
        if (::unlink(path.c_str()) != 0) {
            if (errno == ENOENT) return Error::not_found("no such file", Location(path));
            return os_error("unlink", path, errno);
        }
        return {};
    }

    bool exists(const std::string& path) override {
        struct stat st {};
        return ::stat(path.c_str(), &st) == 0;
    }
};

}  // namespace

std::shared_ptr<FileEnv> posix_file_env() {
    static std::shared_ptr<FileEnv> env = std::make_shared<PosixFileEnv>();
    return env;
}

bool FaultyFileEnv::trip() {
    if (m_dead) return true;
    ++m_calls;
    if (m_calls == m_fail_at) {
        if (m_crash) m_dead = true;
        return true;
    }
    return false;
}

#define BM_FAULT(path)                                                                    \
    if (trip()) return Error::io("injected failure (call " + std::to_string(m_calls) + ")", \
                                 Location(path), "this failure was injected by a test")

Status FaultyFileEnv::make_dirs(const std::string& dir) {
    BM_FAULT(dir);
    return m_inner->make_dirs(dir);
}
Result<int> FaultyFileEnv::create_exclusive(const std::string& path) {
    BM_FAULT(path);
    return m_inner->create_exclusive(path);
}
Status FaultyFileEnv::write_all(int fd, const std::string& data, const std::string& path) {
    if (m_dead) return Error::io("injected failure (after crash)", Location(path));
    ++m_calls;
    if (m_calls == m_fail_at) {
        // A torn write: half the bytes reach the file before the failure.
        (void)m_inner->write_all(fd, data.substr(0, data.size() / 2), path);
        if (m_crash) m_dead = true;
        return Error::io("injected torn write (call " + std::to_string(m_calls) + ")", Location(path));
    }
    return m_inner->write_all(fd, data, path);
}
Status FaultyFileEnv::sync(int fd, const std::string& path) {
    BM_FAULT(path);
    return m_inner->sync(fd, path);
}
Status FaultyFileEnv::close(int fd, const std::string& path) {
    if (trip()) {
        (void)m_inner->close(fd, path);  // the descriptor is released either way
        return Error::io("injected close failure", Location(path));
    }
    return m_inner->close(fd, path);
}
Status FaultyFileEnv::rename_no_replace(const std::string& from, const std::string& to) {
    BM_FAULT(to);
    return m_inner->rename_no_replace(from, to);
}
Status FaultyFileEnv::rename_replace(const std::string& from, const std::string& to) {
    BM_FAULT(to);
    return m_inner->rename_replace(from, to);
}
Status FaultyFileEnv::sync_dir(const std::string& dir) {
    BM_FAULT(dir);
    return m_inner->sync_dir(dir);
}
Result<std::string> FaultyFileEnv::read_file(const std::string& path) {
    BM_FAULT(path);
    return m_inner->read_file(path);
}
Result<std::vector<std::string>> FaultyFileEnv::list_dir(const std::string& dir) {
    BM_FAULT(dir);
    return m_inner->list_dir(dir);
}
Status FaultyFileEnv::remove_file(const std::string& path) {
    BM_FAULT(path);
    return m_inner->remove_file(path);
}

#undef BM_FAULT

}  // namespace bm
