// CandidateIndex: an inverted index from content-word features to held claims, so candidate
// selection does not scan every active claim of a large brain (SPEC §13.3 keeps the exhaustive
// scan as the reference path; bench throughput reports this index's recall against it).
//
// A query unions the postings of the query's rarest terms (at most max_terms of them); claims that
// share no posted term with the query are not returned. With a limit, only the `limit` claims of
// highest shared-term weight (Σ log(1 + slots/df) over the shared terms; ties to the earlier slot)
// are returned, so the σ computed per admission stays bounded as the store grows.
// Thread-safety: a plain value; concurrent queries are safe (scratch space is per thread).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace bm::meld {

class CandidateIndex {
public:
    // REQUIRES: max_terms <= 8 (a slot's shared terms are kept as a bit mask).
    explicit CandidateIndex(size_t max_terms = 6) : m_max_terms(std::min<size_t>(max_terms, 8)) {}

    // REQUIRES: slots are added in increasing order.
    void add(uint32_t slot, const std::vector<uint64_t>& terms);
    // Slots sharing one of the query's rarest terms, ascending, de-duplicated; with limit > 0 the
    // `limit` best by shared-term weight (still ascending).
    std::vector<uint32_t> query(const std::vector<uint64_t>& terms, size_t limit = 0) const;
    size_t term_count() const { return m_postings.size(); }

private:
    size_t m_max_terms;
    uint32_t m_slots = 0;  // one past the highest slot added
    std::unordered_map<uint64_t, std::vector<uint32_t>> m_postings;
};

}  // namespace bm::meld
