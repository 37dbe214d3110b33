// Byte sources for readers: a file, a memory buffer, or a stream of concatenated zstd frames.
//
// Readers pull bytes through ByteSource so a 200 MB log is never held whole, and zstd is
// transparent. A torn final zstd frame is not an error of the source: its bytes are dropped and
// torn() reports where the readable prefix ended. Thread-safety: one reader at a time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "util/result.h"

namespace bm {

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
    static Result<std::unique_ptr<FileByteSource>> open(const std::string& path);
    ~FileByteSource() override;
    Result<size_t> read(char* buf, size_t cap) override;

private:
    FileByteSource(FILE* f, std::string path) : m_file(f), m_path(std::move(path)) {}
    FILE* m_file;
    std::string m_path;
};

// Decodes concatenated independent zstd frames from `inner`.
class ZstdByteSource : public ByteSource {
public:
    ZstdByteSource(std::unique_ptr<ByteSource> inner, std::string name);
    ~ZstdByteSource() override;
    Result<size_t> read(char* buf, size_t cap) override;
    bool torn() const override { return m_torn; }
    std::string torn_detail() const override;
    bool compressed() const override { return true; }

private:
    Result<size_t> refill();
    std::unique_ptr<ByteSource> m_inner;
    std::string m_name;
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
Result<std::unique_ptr<ByteSource>> open_source(const std::string& path);
std::unique_ptr<ByteSource> memory_source(std::string_view data, const std::string& name);

// Reads everything (for whole-document JSON formats).
Result<std::string> read_all(ByteSource& source);

}  // namespace bm
