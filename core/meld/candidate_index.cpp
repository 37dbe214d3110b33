// CandidateIndex: postings per term, union over the rarest query terms.
#include "meld/candidate_index.h"

#include <algorithm>

namespace bm::meld {

void CandidateIndex::add(uint32_t slot, const std::vector<uint64_t>& terms) {
    for (uint64_t t : terms) m_postings[t].push_back(slot);
}

std::vector<uint32_t> CandidateIndex::query(const std::vector<uint64_t>& terms) const {
    std::vector<const std::vector<uint32_t>*> lists;
    for (uint64_t t : terms) {
        auto it = m_postings.find(t);
        if (it != m_postings.end()) lists.push_back(&it->second);
    }
    std::sort(lists.begin(), lists.end(), [](const auto* a, const auto* b) { return a->size() < b->size(); });
    if (lists.size() > m_max_terms) lists.resize(m_max_terms);
    std::vector<uint32_t> out;
    for (const auto* l : lists) out.insert(out.end(), l->begin(), l->end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace bm::meld
