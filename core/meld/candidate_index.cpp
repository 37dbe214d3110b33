// CandidateIndex: postings per term, union over the rarest query terms, optional top-k by weight.
#include "meld/candidate_index.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

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
    if (limit == 0) {
        std::vector<uint32_t> out;
        for (const auto* l : lists) out.insert(out.end(), l->begin(), l->end());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    // Which of the query's lists hold each slot, as a bit mask in per-thread scratch (zeroed again
    // through `out`). A slot's weight is the sum over its mask, so at most 2^max_terms weights
    // exist. The scratch keeps its capacity: a fresh buffer per query cost more than the query.
    thread_local std::vector<uint8_t> mask;
    thread_local std::vector<uint32_t> out;
    if (mask.size() < m_slots) mask.resize(m_slots, 0);
    size_t postings = 0;
    for (const auto* l : lists) postings += l->size();
    if (out.size() < postings) out.resize(postings);  // never shrunk: no zero-fill per query
    // Without a branch: whether a slot is new is data-dependent and mispredicts often.
    size_t found = 0;
    for (size_t i = 0; i < lists.size(); ++i) {
        const auto bit = static_cast<uint8_t>(1u << i);
        for (uint32_t slot : *lists[i]) {
            out[found] = slot;
            found += mask[slot] == 0;
            mask[slot] |= bit;
        }
    }
    const std::span<const uint32_t> touched(out.data(), found);
    if (touched.size() > limit) {
        // Σ log(1 + slots/df) over the lists in the mask, summed in list order as a float.
        std::array<float, 8> list_weight{};
        for (size_t i = 0; i < lists.size(); ++i)
            list_weight[i] = static_cast<float>(std::log1p(static_cast<double>(m_slots) / static_cast<double>(lists[i]->size())));
        std::array<float, 256> weight{};
        for (unsigned m = 1; m < (1u << lists.size()); ++m)
            for (size_t i = 0; i < lists.size(); ++i)
                if (m & (1u << i)) weight[m] += list_weight[i];
        // The weight of the limit-th best slot: every heavier slot is kept, and of the slots at
        // exactly that weight, the earliest.
        std::array<size_t, 256> count{};
        for (uint32_t slot : touched) ++count[mask[slot]];
        std::vector<unsigned> masks;
        for (unsigned m = 1; m < 256; ++m)
            if (count[m]) masks.push_back(m);
        std::sort(masks.begin(), masks.end(), [&](unsigned a, unsigned b) { return weight[a] > weight[b]; });
        size_t heavier = 0;
        float cut = 0;
        for (size_t i = 0; i < masks.size();) {
            size_t at_weight = 0, j = i;
            for (; j < masks.size() && weight[masks[j]] == weight[masks[i]]; ++j) at_weight += count[masks[j]];
            if (heavier + at_weight >= limit) {
                cut = weight[masks[i]];
                break;
            }
            heavier += at_weight;
            i = j;
        }
        thread_local std::vector<uint32_t> tied;
        tied.clear();
        std::vector<uint32_t> kept;
        kept.reserve(limit);
        for (uint32_t slot : touched) {
            const float w = weight[mask[slot]];
            if (w > cut) kept.push_back(slot);
            else if (w == cut) tied.push_back(slot);
            mask[slot] = 0;
        }
        const size_t wanted = limit - kept.size();
        std::nth_element(tied.begin(), tied.begin() + static_cast<std::ptrdiff_t>(wanted), tied.end());
        kept.insert(kept.end(), tied.begin(), tied.begin() + static_cast<std::ptrdiff_t>(wanted));
        std::sort(kept.begin(), kept.end());
        return kept;
    }
    for (uint32_t slot : touched) mask[slot] = 0;
    std::vector<uint32_t> result(touched.begin(), touched.end());
    std::sort(result.begin(), result.end());
    return result;
}

}  // namespace bm::meld
