// ByteRankMap insertion and growth (lookups are inline in the header).
#include "pack/byte_rank_map.h"

namespace bm {

bool ByteRankMap::insert(std::string_view key, uint32_t value) {
    if (find(key)) return false;
    if ((m_size + 1) * 2 > m_slots.size()) grow();
    const auto* p = reinterpret_cast<const unsigned char*>(key.data());
    const uint64_t h = hash_token_bytes(p, key.size());
    size_t i = h & m_mask;
    while (m_slots[i].length != 0) i = (i + 1) & m_mask;
    m_slots[i] = Slot{static_cast<uint32_t>(m_bytes.size()), static_cast<uint16_t>(key.size()),
                      static_cast<uint16_t>(h >> 48), value};
    m_bytes.insert(m_bytes.end(), p, p + key.size());
    ++m_size;
    return true;
}

void ByteRankMap::grow() {
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
    m_mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.length == 0) continue;
        const uint64_t h = hash_token_bytes(m_bytes.data() + s.offset, s.length);
        size_t i = h & m_mask;
        while (m_slots[i].length != 0) i = (i + 1) & m_mask;
        m_slots[i] = s;
    }
}

}  // namespace bm
