// CandidateIndex: postings per term, union over the rarest query terms, optional top-k by weight.
#include "meld/candidate_index.h"

#include <algorithm>
#include <cmath>

namespace bm::meld {

void CandidateIndex::add(uint32_t slot, const std::vector<uint64_t>& terms) {
    for (uint64_t t : terms) m_postings[t].push_back(slot);
    m_slots = std::max(m_slots, slot + 1);
}

std::vector<uint32_t> CandidateIndex::query(const std::vector<uint64_t>& terms, size_t limit) const {
    std::vector<const std::vector<uint32_t>*> lists;
    for (uint64_t t : terms) {
        auto it = m_postings.find(t);
        if (it != m_postings.end()) lists.push_back(&it->second);
    }
    std::sort(lists.begin(), lists.end(), [](const auto* a, const auto* b) { return a->size() < b->size(); });
    if (lists.size() > m_max_terms) lists.resize(m_max_terms);
    std::vector<uint32_t> out;
    if (limit == 0) {
        for (const auto* l : lists) out.insert(out.end(), l->begin(), l->end());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    // Accumulate shared-term weight in per-thread scratch (zeroed again through `out`).
    thread_local std::vector<float> weight;
    if (weight.size() < m_slots) weight.resize(m_slots, 0.0f);
    for (const auto* l : lists) {
        const float w = static_cast<float>(std::log1p(static_cast<double>(m_slots) / static_cast<double>(l->size())));
        for (uint32_t slot : *l) {
            if (weight[slot] == 0.0f) out.push_back(slot);
            weight[slot] += w;
        }
    }
    if (out.size() > limit) {
        auto better = [&](uint32_t a, uint32_t b) { return weight[a] != weight[b] ? weight[a] > weight[b] : a < b; };
        std::nth_element(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(limit), out.end(), better);
        for (size_t i = limit; i < out.size(); ++i) weight[out[i]] = 0.0f;
        out.resize(limit);
    }
    for (uint32_t slot : out) weight[slot] = 0.0f;
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace bm::meld
