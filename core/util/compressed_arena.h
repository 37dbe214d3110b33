// CompressedArena and CompressedBytes: strings kept zstd-compressed in memory until asked for.
//
// A reader keeps every message's original record, and a fold keeps every live message packed until
// it folds it; both are written once and read back rarely, nearly always in the order written. One
// record compresses poorly on its own (~1.7x on real logs), so the arena packs appended strings into
// chunks of about 128 KiB and compresses each chunk as a whole (~4x); reading a string back
// decompresses its chunk once and keeps it while the reads stay in that chunk.
//
// Thread-safety: a CompressedArena is safe from any thread (one mutex guards the open chunk and the
// read cache). CompressedBytes is a plain value; copies share the arena, which lives as long as the
// last handle into it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace bm {

class CompressedArena {
public:
    struct Ref {
        uint32_t chunk = 0;   // index of the chunk holding the string
        uint32_t offset = 0;  // first byte inside the chunk
        uint64_t length = 0;
    };

    // `chunk_bytes`: the size at which the open chunk is compressed.
    explicit CompressedArena(size_t chunk_bytes = 128 * 1024);
    ~CompressedArena();
    CompressedArena(const CompressedArena&) = delete;
    CompressedArena& operator=(const CompressedArena&) = delete;

    // Appends `bytes`; the returned Ref reads them back exactly. A string longer than a chunk gets
    // a chunk of its own.
    Ref append(std::string_view bytes);
    // The bytes appended under `ref`. REQUIRES: `ref` came from this arena's append().
    std::string read(const Ref& ref) const;
    // Compresses the open chunk now and releases its buffer (the end of a read); later appends start
    // a new chunk.
    void seal();
    // Bytes the arena holds: compressed chunks plus the open chunk.
    size_t held_bytes() const;

private:
    struct Chunk {
        std::string frame;  // zstd frame, or the bytes themselves when `compressed` is false
        uint64_t size = 0;  // uncompressed size
        bool compressed = true;
    };
    void seal_locked();
    const std::string& chunk_text_locked(uint32_t chunk) const;

    const size_t m_chunk_bytes;
    mutable std::mutex m_mutex;
    std::vector<Chunk> m_sealed;
    std::string m_open;                   // the chunk being filled: index m_sealed.size()
    mutable uint32_t m_cached = UINT32_MAX;  // sealed chunk whose text m_cache holds
    mutable std::string m_cache;
};

// A string held in a CompressedArena, or plain when built on its own (tests, a record read back
// from a workspace). Copies are cheap and share the arena.
class CompressedBytes {
public:
    CompressedBytes() = default;
    explicit CompressedBytes(std::string plain) : m_plain(std::move(plain)), m_size(m_plain.size()) {}
    // Appends `bytes` to `arena` and refers to them there; empty bytes keep no reference.
    static CompressedBytes in(const std::shared_ptr<CompressedArena>& arena, std::string_view bytes);

    // The bytes, decompressed.
    std::string str() const;
    bool empty() const { return m_size == 0; }
    // Uncompressed size in bytes.
    uint64_t size() const { return m_size; }

private:
    std::string m_plain;
    std::shared_ptr<const CompressedArena> m_arena;
    CompressedArena::Ref m_ref;
    uint64_t m_size = 0;
};

}  // namespace bm
