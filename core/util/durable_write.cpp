// Temporary file, fsync, rename: the one durable whole-file write of the CLI and the hooks.
#include "util/durable_write.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

namespace bm {

Status write_file_durably(const std::string& path, const std::string& bytes, mode_t mode) {
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0)
        return Error::io("cannot create " + tmp, Location{tmp},
                         "check that the directory exists and is writable");
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            ::close(fd);
            ::unlink(tmp.c_str());
            return Error::io("cannot write " + tmp, Location{tmp}, "check the free space");
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
        ::unlink(tmp.c_str());
        return Error::io("cannot commit " + path, Location{path},
                         "check that the directory exists and is writable");
    }
    return {};
}

}  // namespace bm
