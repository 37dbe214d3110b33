// write_group_atomically: stage every temp, fsync them together, rename each, fsync the directory once.
#include "fold/group_write.h"

#include <unistd.h>

#include <atomic>

namespace bm {

namespace {

std::atomic<uint64_t> g_temp_counter{0};

struct Staged {
    size_t index = 0;  // into the files
    std::string temp;
    int fd = -1;
};

void discard(FileEnv& env, std::vector<Staged>& staged) {
    for (auto& s : staged) {
        if (s.fd >= 0) (void)env.close(s.fd, s.temp);
        s.fd = -1;
        (void)env.remove_file(s.temp);
    }
}

}  // namespace

Result<std::vector<bool>> write_group_atomically(FileEnv& env, const std::string& dir, const std::vector<GroupFile>& files) {
    std::vector<bool> identical(files.size(), false);
    std::vector<Staged> staged;
    for (size_t i = 0; i < files.size(); ++i) {
        const std::string final_path = dir + "/" + files[i].name;
        if (!env.exists(final_path)) {
            staged.push_back({i, dir + "/" + kTempPrefix + files[i].name + "-" + std::to_string(::getpid()) + "-" +
                                     std::to_string(g_temp_counter.fetch_add(1))});
            continue;
        }
        auto existing = env.read_file(final_path);
        if (!existing.ok()) return existing.error();
        if (*existing != files[i].bytes)
            return Error::refused(final_path + " exists with different content", "published files are immutable");
        identical[i] = true;
    }
    for (auto& s : staged) {
        auto fd = env.create_exclusive(s.temp);
        if (!fd.ok()) {
            s.fd = -1;
            discard(env, staged);
            return fd.error();
        }
        s.fd = *fd;
        Status st = env.write_all(s.fd, files[s.index].bytes, s.temp);
        if (!st.ok()) {
            discard(env, staged);
            return st.error();
        }
    }
    std::vector<std::pair<int, std::string>> to_sync;
    for (const auto& s : staged) to_sync.emplace_back(s.fd, s.temp);
    Status st = env.sync_all(to_sync);
    if (!st.ok()) {
        discard(env, staged);
        return st.error();
    }
    for (auto& s : staged) {
        Status closed = env.close(s.fd, s.temp);
        s.fd = -1;
        if (!closed.ok() && st.ok()) st = closed;
    }
    if (!st.ok()) {
        discard(env, staged);
        return st.error();
    }
    size_t renamed = 0;
    for (; renamed < staged.size(); ++renamed) {
        const Staged& s = staged[renamed];
        const std::string final_path = dir + "/" + files[s.index].name;
        st = env.rename_no_replace(s.temp, final_path);
        if (st.ok()) continue;
        (void)env.remove_file(s.temp);
        if (st.error().code() == ErrorCode::kRefused) {  // another publisher won the race
            auto existing = env.read_file(final_path);
            if (existing.ok() && *existing == files[s.index].bytes) {
                identical[s.index] = true;
                st = Status();
                continue;
            }
        }
        break;
    }
    if (!st.ok()) {
        std::vector<Staged> rest(staged.begin() + static_cast<std::ptrdiff_t>(renamed) + 1, staged.end());
        discard(env, rest);
        if (renamed > 0) (void)env.sync_dir(dir);  // what was renamed is complete: keep it durable
        return st.error();
    }
    if (!staged.empty()) {
        st = env.sync_dir(dir);
        if (!st.ok()) return st.error();
    }
    return identical;
}

}  // namespace bm
