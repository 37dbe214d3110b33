// MappedFile: a whole file as a read-only memory-mapped view, for parsing large text databases.
//
// Mapping avoids copying the WordNet data files (22 MB) into buffers. Thread-safety: the view is
// immutable; one MappedFile may be read from any number of threads.
#pragma once

#include <filesystem>
#include <string_view>

#include "util/result.h"

namespace bm {

class MappedFile {
public:
    // Maps path; not_found when it does not exist, io when it cannot be read or mapped.
    static Result<MappedFile> open(const std::filesystem::path& path);

    MappedFile() = default;
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&&) = delete;
    MappedFile(const MappedFile&) = delete;
    ~MappedFile();

    // The file's bytes; valid while this object lives.
    std::string_view text() const { return {m_data, m_size}; }

private:
    const char* m_data = nullptr;
    size_t m_size = 0;
};

}  // namespace bm
