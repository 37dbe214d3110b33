// Open-addressing (linear probing) string interning over one character arena.
#include "meld/signals/string_interner.h"

#include <bit>

namespace bm {

StringInterner::StringInterner(size_t expected) {
    m_slots.assign(std::bit_ceil(expected * 2), kEmpty);
    m_spans.reserve(expected);
    m_chars.reserve(expected * 10);
}

uint64_t StringInterner::hash(std::string_view s) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h ^ (h >> 29);
}

namespace {
constexpr uint64_t tag_of(uint64_t hash) {
    return hash & 0xffffffff00000000ull;
}
constexpr uint32_t id_of(uint64_t slot) {
    return static_cast<uint32_t>(slot);
}
}  // namespace

uint32_t StringInterner::find(std::string_view s) const {
    const uint64_t h = hash(s);
    const size_t mask = m_slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const uint64_t slot = m_slots[i];
        if (slot == kEmpty) return kNone;
        if (tag_of(slot) == tag_of(h) && view(id_of(slot)) == s) return id_of(slot);
    }
}

uint32_t StringInterner::intern(std::string_view s) {
    if ((m_spans.size() + 1) * 2 > m_slots.size()) grow();
    const uint64_t h = hash(s);
    const size_t mask = m_slots.size() - 1;
    size_t i = h & mask;
    for (; m_slots[i] != kEmpty; i = (i + 1) & mask)
        if (tag_of(m_slots[i]) == tag_of(h) && view(id_of(m_slots[i])) == s)
            return id_of(m_slots[i]);
    const uint32_t id = static_cast<uint32_t>(m_spans.size());
    m_spans.push_back({static_cast<uint32_t>(m_chars.size()), static_cast<uint32_t>(s.size())});
    m_chars.insert(m_chars.end(), s.begin(), s.end());
    m_slots[i] = tag_of(h) | id;
    return id;
}

void StringInterner::grow() {
    std::vector<uint64_t> slots(m_slots.size() * 2, kEmpty);
    const size_t mask = slots.size() - 1;
    for (const uint64_t slot : m_slots) {
        if (slot == kEmpty) continue;
        size_t i = hash(view(id_of(slot))) & mask;
        while (slots[i] != kEmpty) i = (i + 1) & mask;
        slots[i] = slot;
    }
    m_slots = std::move(slots);
}

}  // namespace bm
