// Read-only memory mapping of whole files (POSIX mmap).
#include "meld/signals/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace bm {

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        const std::string message = "cannot open: " + std::string(std::strerror(error));
        if (error == ENOENT) return Error::not_found(message, Location(path.string()));
        return Error::io(message, Location(path.string()));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const std::string message = "cannot stat: " + std::string(std::strerror(errno));
        ::close(fd);
        return Error::io(message, Location(path.string()));
    }
    MappedFile file;
    file.m_size = static_cast<size_t>(st.st_size);
    if (file.m_size > 0) {
#ifdef MAP_POPULATE
        constexpr int kFlags = MAP_PRIVATE | MAP_POPULATE;  // read ahead in one pass
#else
        constexpr int kFlags = MAP_PRIVATE;
#endif
        void* p = ::mmap(nullptr, file.m_size, PROT_READ, kFlags, fd, 0);
        if (p == MAP_FAILED) {
            const std::string message = "cannot map: " + std::string(std::strerror(errno));
            ::close(fd);
            return Error::io(message, Location(path.string()));
        }
        file.m_data = static_cast<const char*>(p);
    }
    ::close(fd);
    return file;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_size(std::exchange(other.m_size, 0)) {}

MappedFile::~MappedFile() {
    if (m_data) ::munmap(const_cast<char*>(m_data), m_size);
}

}  // namespace bm
