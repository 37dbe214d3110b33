// Byte sources for readers: a file, a memory buffer, or a stream of concatenated zstd frames.
//
// Readers pull bytes through ByteSource so a 200 MB log is never held whole, and zstd is
// transparent. Every source enforces InputLimits: a file over the size limit, or a zstd stream that
// decodes past it or past the compression-ratio limit (a decompression bomb), is refused with an
// error naming the file and the limit, before the bytes are held. A torn final zstd frame is not an error of the source: its bytes are dropped and
// torn() reports where the readable prefix ended. Thread-safety: one reader at a time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "util/result.h"

namespace bm {

// Bounds on one input (docs/reliability.md): `--max-input-bytes` and `--max-zstd-ratio`.
inline constexpr int64_t kDefaultMaxInputBytes = int64_t{1} << 30;  // 1 GiB decoded
inline constexpr int64_t kDefaultMaxZstdRatio = 100;               // decoded bytes per compressed byte
// The ratio is judged only past this many decoded bytes: a small file may compress very well.
inline constexpr int64_t kZstdRatioFloorBytes = int64_t{16} << 20;

struct InputLimits {
    int64_t max_input_bytes = kDefaultMaxInputBytes;  // decoded bytes of one input
    int64_t max_zstd_ratio = kDefaultMaxZstdRatio;    // decoded / compressed bytes of a zstd input
};

// The error for an input over `limits.max_input_bytes` (`what`: "is 5000000 bytes", "decodes to
// more than ...").
Error input_too_large(const std::string& name, const std::string& what, const InputLimits& limits);

class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Reads up to `cap` bytes into `buf`; 0 means end of input.
    virtual Result<size_t> read(char* buf, size_t cap) = 0;
    // True when the input ended inside a zstd frame (its decoded bytes were dropped).
    virtual bool torn() const { return false; }
    // Human-readable note on the torn tail (compressed byte offset, frames read).
    virtual std::string torn_detail() const { return {}; }
    virtual bool compressed() const { return false; }
};

class MemoryByteSource : public ByteSource {
public:
    explicit MemoryByteSource(std::string_view data) : m_data(data) {}
    Result<size_t> read(char* buf, size_t cap) override;

private:
    std::string_view m_data;
    size_t m_pos = 0;
};

class FileByteSource : public ByteSource {
public:
    // Refuses non-regular files, and files larger than `limits.max_input_bytes`.
    static Result<std::unique_ptr<FileByteSource>> open(const std::string& path, const InputLimits& limits = {});
    ~FileByteSource() override;
    Result<size_t> read(char* buf, size_t cap) override;

private:
    FileByteSource(FILE* f, std::string path, InputLimits limits)
        : m_file(f), m_path(std::move(path)), m_limits(limits) {}
    FILE* m_file;
    std::string m_path;
    InputLimits m_limits;
    int64_t m_read = 0;  // a file that grows while read is still held to the limit
};

// Decodes concatenated independent zstd frames from `inner`. A frame's bytes are held until it
// completes (a torn frame is dropped whole), so the decoded total is checked against `limits` as it
// grows: past max_input_bytes, or past max_zstd_ratio times the compressed bytes consumed (once
// over kZstdRatioFloorBytes), reading stops with an error.
class ZstdByteSource : public ByteSource {
public:
    ZstdByteSource(std::unique_ptr<ByteSource> inner, std::string name, const InputLimits& limits = {});
    ~ZstdByteSource() override;
    Result<size_t> read(char* buf, size_t cap) override;
    bool torn() const override { return m_torn; }
    std::string torn_detail() const override;
    bool compressed() const override { return true; }

private:
    Result<size_t> refill();
    Status check_limits() const;
    std::unique_ptr<ByteSource> m_inner;
    std::string m_name;
    InputLimits m_limits;
    int64_t m_decoded = 0;  // decoded bytes so far, held or served
    void* m_dctx;  // ZSTD_DCtx*
    std::string m_in;
    size_t m_in_pos = 0;
    bool m_in_eof = false;
    std::string m_frame_out;  // decoded bytes of the frame in progress (held until it completes)
    std::string m_ready;      // decoded bytes of completed frames
    size_t m_ready_pos = 0;
    bool m_in_frame = false;
    bool m_torn = false;
    int64_t m_frames = 0;
    int64_t m_consumed = 0;         // compressed bytes consumed
    int64_t m_frame_start = 0;      // compressed offset of the frame in progress
    int64_t m_torn_dropped = 0;     // decoded bytes of the torn frame dropped
};

// Serves already-sniffed bytes first, then the rest; forwards torn state of the inner source.
class PrefixedSource : public ByteSource {
public:
    PrefixedSource(std::string prefix, std::unique_ptr<ByteSource> rest)
        : m_prefix(std::move(prefix)), m_rest(std::move(rest)) {}
    Result<size_t> read(char* buf, size_t cap) override;
    bool torn() const override { return m_rest->torn(); }
    std::string torn_detail() const override { return m_rest->torn_detail(); }
    bool compressed() const override { return m_rest->compressed(); }

private:
    std::string m_prefix;
    size_t m_pos = 0;
    std::unique_ptr<ByteSource> m_rest;
};

// True when `head` starts with the zstd frame magic number.
bool looks_like_zstd(std::string_view head);

// Opens `path` and wraps it in zstd decoding when its first bytes are a zstd frame.
Result<std::unique_ptr<ByteSource>> open_source(const std::string& path, const InputLimits& limits = {});
// REQUIRES: data.size() <= limits.max_input_bytes (the caller refuses larger buffers).
std::unique_ptr<ByteSource> memory_source(std::string_view data, const std::string& name,
                                          const InputLimits& limits = {});

// Reads everything (for whole-document JSON formats).
Result<std::string> read_all(ByteSource& source);

}  // namespace bm
