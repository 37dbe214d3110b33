// write_zstd_frames: streams the plain log and cuts a frame after the first newline past ~1 MB.
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "generators.h"

namespace bm::bench {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

File open_or_throw(const std::string& path, const char* mode) {
    File f(std::fopen(path.c_str(), mode));
    if (!f) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    return f;
}

// Compresses `bytes` as one independent frame and appends it to `out`.
uint64_t put_frame(std::FILE* out, std::string_view bytes, int level, std::string& scratch,
                   const std::string& path) {
    scratch.resize(ZSTD_compressBound(bytes.size()));
    const size_t n =
        ZSTD_compress(scratch.data(), scratch.size(), bytes.data(), bytes.size(), level);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    if (std::fwrite(scratch.data(), 1, n, out) != n)
        throw std::runtime_error("write failed on " + path + ": " + std::strerror(errno));
    return n;
}

}  // namespace

uint64_t write_zstd_frames(const std::string& plain, const std::string& out_path,
                           size_t frame_bytes, int level) {
    File in = open_or_throw(plain, "rb");
    File out = open_or_throw(out_path, "wb");
    std::string pending, scratch;
    std::string block(1 << 20, '\0');
    uint64_t written = 0;
    while (true) {
        const size_t n = std::fread(block.data(), 1, block.size(), in.get());
        if (n == 0 && std::ferror(in.get()))
            throw std::runtime_error("read failed on " + plain + ": " + std::strerror(errno));
        pending.append(block.data(), n);
        // Emit every complete ~frame_bytes run of whole lines.
        size_t start = 0;
        while (pending.size() - start > frame_bytes) {
            const size_t nl = pending.find('\n', start + frame_bytes - 1);
            if (nl == std::string::npos) break;
            written += put_frame(out.get(), std::string_view(pending).substr(start, nl + 1 - start),
                                 level, scratch, out_path);
            start = nl + 1;
        }
        pending.erase(0, start);
        if (n == 0) break;
    }
    if (!pending.empty()) written += put_frame(out.get(), pending, level, scratch, out_path);
    if (std::fclose(out.release()) != 0)
        throw std::runtime_error("closing " + out_path + " failed: " + std::strerror(errno));
    return written;
}

}  // namespace bm::bench
