// CompressedArena: append-only strings in zstd-compressed chunks, with a one-chunk read cache.
#include "util/compressed_arena.h"

#include <stdexcept>
#include <zstd.h>

namespace bm {

namespace {

constexpr int kLevel = 1;  // the fastest level: the arena trades a little ratio for read speed

}  // namespace

CompressedArena::CompressedArena(size_t chunk_bytes) : m_chunk_bytes(chunk_bytes) {}

CompressedArena::~CompressedArena() = default;

CompressedArena::Ref CompressedArena::append(std::string_view bytes) {
    std::lock_guard lock(m_mutex);
    if (!m_open.empty() && m_open.size() + bytes.size() > m_chunk_bytes) seal_locked();
    Ref ref{static_cast<uint32_t>(m_sealed.size()), static_cast<uint32_t>(m_open.size()), bytes.size()};
    if (m_open.empty() && m_open.capacity() < m_chunk_bytes) m_open.reserve(m_chunk_bytes);
    m_open.append(bytes);
    if (m_open.size() >= m_chunk_bytes) seal_locked();
    return ref;
}

void CompressedArena::seal_locked() {
    if (m_open.empty()) return;
    Chunk chunk;
    chunk.size = m_open.size();
    chunk.frame.resize(ZSTD_compressBound(m_open.size()));
    const size_t n = ZSTD_compress(chunk.frame.data(), chunk.frame.size(), m_open.data(), m_open.size(), kLevel);
    if (ZSTD_isError(n) || n >= m_open.size()) {
        chunk.frame = m_open;  // incompressible (or zstd out of memory): keep the bytes as they are
        chunk.compressed = false;
    } else {
        chunk.frame.resize(n);
        chunk.frame.shrink_to_fit();
    }
    m_sealed.push_back(std::move(chunk));
    m_open.clear();  // keeps its buffer for the next chunk; seal() releases it
}

void CompressedArena::seal() {
    std::lock_guard lock(m_mutex);
    seal_locked();
    std::string().swap(m_open);
}

const std::string& CompressedArena::chunk_text_locked(uint32_t index) const {
    if (index == m_sealed.size()) return m_open;
    const Chunk& chunk = m_sealed.at(index);
    if (!chunk.compressed) return chunk.frame;
    if (m_cached != index) {
        m_cache.resize(chunk.size);
        const size_t n = ZSTD_decompress(m_cache.data(), m_cache.size(), chunk.frame.data(), chunk.frame.size());
        if (ZSTD_isError(n) || n != chunk.size) {
            m_cached = UINT32_MAX;
            // Only memory corruption can get here: the frame was written by this arena.
            throw std::logic_error("CompressedArena: chunk " + std::to_string(index) + " does not decompress");
        }
        m_cached = index;
    }
    return m_cache;
}

std::string CompressedArena::read(const Ref& ref) const {
    std::lock_guard lock(m_mutex);
    const std::string& text = chunk_text_locked(ref.chunk);
    return text.substr(ref.offset, ref.length);
}

size_t CompressedArena::held_bytes() const {
    std::lock_guard lock(m_mutex);
    size_t total = m_open.size();
    for (const auto& c : m_sealed) total += c.frame.size();
    return total;
}

CompressedBytes CompressedBytes::in(const std::shared_ptr<CompressedArena>& arena, std::string_view bytes) {
    CompressedBytes out;
    if (bytes.empty()) return out;
    out.m_ref = arena->append(bytes);
    out.m_arena = arena;
    out.m_size = bytes.size();
    return out;
}

std::string CompressedBytes::str() const {
    if (m_arena) return m_arena->read(m_ref);
    return m_plain;
}

}  // namespace bm
