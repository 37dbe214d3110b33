// File, memory and zstd byte sources.
#include "ingest/byte_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace bm {

Result<size_t> MemoryByteSource::read(char* buf, size_t cap) {
    size_t n = std::min(cap, m_data.size() - m_pos);
    std::memcpy(buf, m_data.data() + m_pos, n);
    m_pos += n;
    return n;
}

namespace {

const char* file_kind(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISDIR(mode)) return "a directory";
    return "not a regular file";
}

}  // namespace

Error input_too_large(const std::string& name, const std::string& what, const InputLimits& limits) {
    return Error::invalid_input("refused: the input " + what + ", over the limit of " +
                                    std::to_string(limits.max_input_bytes) + " bytes of one input",
                                Location{name}, "raise --max-input-bytes if the file is genuine");
}

// Opened non-blocking so that a FIFO without a writer cannot hang the open; anything but a
// regular file (FIFO, device, socket) is refused before a byte is read: /dev/zero never ends.
Result<std::unique_ptr<FileByteSource>> FileByteSource::open(const std::string& path, const InputLimits& limits) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return Error::io("cannot open: " + std::string(std::strerror(errno)), Location{path},
                         "check the path and its permissions");
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const std::string kind = ::fstat(fd, &st) == 0 ? file_kind(st.st_mode) : std::strerror(errno);
        ::close(fd);
        return Error::invalid_input(std::string("refused: ") + kind + ", not a regular file", Location{path},
                                    "session logs are read from regular files; copy the stream to a file first");
    }
    if (st.st_size > limits.max_input_bytes) {
        ::close(fd);
        return input_too_large(path, "is " + std::to_string(st.st_size) + " bytes", limits);
    }
    (void)::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE* f = ::fdopen(fd, "rb");
    if (!f) {
        const int err = errno;
        ::close(fd);
        return Error::io("cannot open: " + std::string(std::strerror(err)), Location{path});
    }
    return std::unique_ptr<FileByteSource>(new FileByteSource(f, path, limits));
}

FileByteSource::~FileByteSource() { std::fclose(m_file); }

Result<size_t> FileByteSource::read(char* buf, size_t cap) {
    size_t n = std::fread(buf, 1, cap, m_file);
    if (n == 0 && std::ferror(m_file))
        return Error::io("read failed: " + std::string(std::strerror(errno)), Location{m_path});
    m_read += static_cast<int64_t>(n);
    if (m_read > m_limits.max_input_bytes)
        return input_too_large(m_path, "grew past the limit while it was read", m_limits);
    return n;
}

ZstdByteSource::ZstdByteSource(std::unique_ptr<ByteSource> inner, std::string name, const InputLimits& limits)
    : m_inner(std::move(inner)), m_name(std::move(name)), m_limits(limits), m_dctx(ZSTD_createDCtx()) {}

ZstdByteSource::~ZstdByteSource() { ZSTD_freeDCtx(static_cast<ZSTD_DCtx*>(m_dctx)); }

std::string ZstdByteSource::torn_detail() const {
    return "zstd frame " + std::to_string(m_frames + 1) + " starting at compressed byte " +
           std::to_string(m_frame_start) + " is torn (the file ends inside it); " +
           std::to_string(m_torn_dropped) + " decoded bytes of it were dropped, the " +
           std::to_string(m_frames) + " complete frames before it were kept";
}

Status ZstdByteSource::check_limits() const {
    if (m_decoded > m_limits.max_input_bytes)
        return input_too_large(m_name, "decompresses to more than " + std::to_string(m_limits.max_input_bytes) + " bytes",
                               m_limits);
    if (m_decoded > kZstdRatioFloorBytes && m_decoded > m_limits.max_zstd_ratio * std::max<int64_t>(m_consumed, 1))
        return Error::invalid_input(
            "refused: zstd input decompresses to more than " + std::to_string(m_limits.max_zstd_ratio) +
                " times its compressed size (" + std::to_string(m_decoded) + " bytes from the first " +
                std::to_string(m_consumed) + " compressed bytes), the limit of --max-zstd-ratio: a decompression bomb?",
            Location{m_name}, "raise --max-zstd-ratio if the file is genuine");
    return {};
}

Result<size_t> ZstdByteSource::refill() {
    // Decode until at least one frame completes or the input ends.
    auto* dctx = static_cast<ZSTD_DCtx*>(m_dctx);
    std::string out_buf(ZSTD_DStreamOutSize(), '\0');
    while (m_ready_pos >= m_ready.size()) {
        if (m_in_pos >= m_in.size()) {
            if (m_in_eof) break;
            m_in.resize(ZSTD_DStreamInSize());
            auto n = m_inner->read(m_in.data(), m_in.size());
            if (!n) return n.error();
            m_in.resize(*n);
            m_in_pos = 0;
            if (*n == 0) {
                m_in_eof = true;
                break;
            }
        }
        if (!m_in_frame) {
            m_in_frame = true;
            m_frame_start = m_consumed;
        }
        ZSTD_inBuffer in{m_in.data(), m_in.size(), m_in_pos};
        ZSTD_outBuffer out{out_buf.data(), out_buf.size(), 0};
        size_t ret = ZSTD_decompressStream(dctx, &out, &in);
        m_consumed += static_cast<int64_t>(in.pos - m_in_pos);
        m_in_pos = in.pos;
        if (ZSTD_isError(ret)) {
            Location where{m_name};
            where.byte_offset = m_frame_start;
            return Error::corruption(std::string("zstd frame ") + std::to_string(m_frames + 1) +
                                         " is corrupt: " + ZSTD_getErrorName(ret),
                                     where, "the frames before it were read; restore the file");
        }
        m_frame_out.append(out_buf.data(), out.pos);
        m_decoded += static_cast<int64_t>(out.pos);
        if (Status st = check_limits(); !st.ok()) return st.error();
        if (ret == 0) {  // frame complete
            m_ready.erase(0, m_ready_pos);
            m_ready_pos = 0;
            m_ready += m_frame_out;
            m_frame_out.clear();
            m_in_frame = false;
            ++m_frames;
        }
    }
    if (m_in_eof && m_in_frame && m_ready_pos >= m_ready.size()) {
        // Input ended inside a frame: keep the readable prefix, drop the torn frame.
        m_torn = m_consumed > m_frame_start || !m_frame_out.empty();
        m_torn_dropped = static_cast<int64_t>(m_frame_out.size());
        m_frame_out.clear();
        m_in_frame = false;
    }
    return m_ready.size() - m_ready_pos;
}

Result<size_t> ZstdByteSource::read(char* buf, size_t cap) {
    if (m_ready_pos >= m_ready.size()) {
        auto r = refill();
        if (!r) return r.error();
    }
    size_t n = std::min(cap, m_ready.size() - m_ready_pos);
    std::memcpy(buf, m_ready.data() + m_ready_pos, n);
    m_ready_pos += n;
    return n;
}

bool looks_like_zstd(std::string_view head) {
    return head.size() >= 4 && static_cast<unsigned char>(head[0]) == 0x28 &&
           static_cast<unsigned char>(head[1]) == 0xB5 && static_cast<unsigned char>(head[2]) == 0x2F &&
           static_cast<unsigned char>(head[3]) == 0xFD;
}

Result<size_t> PrefixedSource::read(char* buf, size_t cap) {
    if (m_pos < m_prefix.size()) {
        size_t n = std::min(cap, m_prefix.size() - m_pos);
        std::memcpy(buf, m_prefix.data() + m_pos, n);
        m_pos += n;
        return n;
    }
    return m_rest->read(buf, cap);
}

Result<std::unique_ptr<ByteSource>> open_source(const std::string& path, const InputLimits& limits) {
    auto file = FileByteSource::open(path, limits);
    if (!file) return file.error();
    std::string head(4, '\0');
    auto n = (*file)->read(head.data(), head.size());
    if (!n) return n.error();
    head.resize(*n);
    const bool zstd = looks_like_zstd(head);
    std::unique_ptr<ByteSource> src =
        std::make_unique<PrefixedSource>(head, std::move(file).value());
    if (zstd) src = std::make_unique<ZstdByteSource>(std::move(src), path, limits);
    return src;
}

std::unique_ptr<ByteSource> memory_source(std::string_view data, const std::string& name, const InputLimits& limits) {
    std::unique_ptr<ByteSource> src = std::make_unique<MemoryByteSource>(data);
    if (looks_like_zstd(data)) src = std::make_unique<ZstdByteSource>(std::move(src), name, limits);
    return src;
}

Result<std::string> read_all(ByteSource& source) {
    std::string out;
    char buf[1 << 16];
    while (true) {
        auto n = source.read(buf, sizeof buf);
        if (!n) return n.error();
        if (*n == 0) break;
        out.append(buf, *n);
    }
    return out;
}

}  // namespace bm
