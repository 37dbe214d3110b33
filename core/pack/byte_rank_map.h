// ByteRankMap: an open-addressing hash map from byte strings (BPE tokens) to 32-bit values.
//
// Built once when a tokenizer loads, then read-only: lookups are one hash of the bytes, a tag
// compare and a memcmp, with no allocation. Thread-safety: const methods are safe to share.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

namespace bm {

inline uint64_t hash_token_bytes(const unsigned char* p, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xFF51AFD7ED558CCDull);
    while (n >= 8) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        h = (h ^ v) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    uint64_t v = 0;
    if (n >= 4) {
        uint32_t a, b;
        std::memcpy(&a, p, 4);
        std::memcpy(&b, p + n - 4, 4);
        v = (uint64_t(a) << 32) | b;
    } else if (n > 0) {
        v = (uint64_t(p[0]) << 16) | (uint64_t(p[n / 2]) << 8) | p[n - 1];
    }
    h = (h ^ v) * 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

// Ranks are below this value (it marks "no rank" in the merge loop).
inline constexpr uint32_t kNoRankValue = 0xFFFFFFFFu;

class ByteRankMap {
public:
    static constexpr uint32_t kMaxKeyBytes = 0xFFFF;

    // Inserts key → value; false when the key is already present (the map is unchanged).
    // REQUIRES: 0 < key.size() <= kMaxKeyBytes.
    bool insert(std::string_view key, uint32_t value);
    std::optional<uint32_t> find(std::string_view key) const {
        return find(reinterpret_cast<const unsigned char*>(key.data()), key.size());
    }
    std::optional<uint32_t> find(const unsigned char* p, size_t n) const {
        if (m_slots.empty() || n == 0 || n > kMaxKeyBytes) return std::nullopt;
        const uint64_t h = hash_token_bytes(p, n);
        const uint16_t tag = static_cast<uint16_t>(h >> 48);
        for (size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.length == 0) return std::nullopt;
            if (s.tag == tag && s.length == n && std::memcmp(m_bytes.data() + s.offset, p, n) == 0) return s.value;
        }
    }
    size_t size() const { return m_size; }

private:
    struct Slot {
        uint32_t offset = 0;
        uint16_t length = 0;  // 0 = empty
        uint16_t tag = 0;
        uint32_t value = 0;
    };
    void grow();

    std::vector<unsigned char> m_bytes;
    std::vector<Slot> m_slots;
    size_t m_mask = 0;
    size_t m_size = 0;
};

}  // namespace bm
