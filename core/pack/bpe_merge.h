// Byte-pair merging: the lowest-ranked adjacent pair merges first, ties to the leftmost, until no
// pair has a rank (tiktoken's _byte_pair_merge, and Hugging Face BPE with merge ranks).
//
// A Policy supplies pair ranks: `bool pair(const BpeSymbol& left, const BpeSymbol& right,
// uint32_t end, uint32_t& rank, uint32_t& merged_id) const` for the symbols [left.start, right.start)
// and [right.start, end). Short pieces use a quadratic scan over a small array (fastest in
// practice); long ones a heap with lazy deletion, O(n log n), so a megabyte-long run of letters
// cannot stall the packer. Both give the same result. Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <limits>
#include <queue>
#include <vector>

namespace bm {

struct BpeSymbol {
    uint32_t start;  // byte offset in the piece
    uint32_t id;     // the symbol's token id (policies that need none leave it 0)
};

inline constexpr uint32_t kNoRank = std::numeric_limits<uint32_t>::max();
inline constexpr size_t kBpeQuadraticLimit = 96;

// Number of tokens BPE leaves of `symbols` (one per byte, or per initial token), spanning [.., n).
// REQUIRES: !symbols.empty(), symbols.size() <= kBpeQuadraticLimit, starts increasing and < n.
template <typename Policy>
size_t bpe_merge_count_small(const Policy& policy, BpeSymbol* sym, size_t m, uint32_t n) {
    uint32_t rank[kBpeQuadraticLimit];
    uint32_t merged[kBpeQuadraticLimit];
    const auto end_of = [&](size_t k) { return k + 1 < m ? sym[k + 1].start : n; };
    const auto rank_pair = [&](size_t k) {
        if (k + 1 >= m || !policy.pair(sym[k], sym[k + 1], end_of(k + 1), rank[k], merged[k])) rank[k] = kNoRank;
    };
    for (size_t k = 0; k + 1 < m; ++k) rank_pair(k);
    while (m > 1) {
        size_t best = 0;
        uint32_t best_rank = kNoRank;
        for (size_t k = 0; k + 1 < m; ++k)
            if (rank[k] < best_rank) best_rank = rank[k], best = k;
        if (best_rank == kNoRank) break;
        sym[best].id = merged[best];
        for (size_t k = best + 1; k + 1 < m; ++k) {
            sym[k] = sym[k + 1];
            rank[k] = rank[k + 1];
            merged[k] = merged[k + 1];
        }
        --m;
        rank_pair(best);
        if (best > 0) rank_pair(best - 1);
    }
    return m;
}

// The same merge for any length, with a heap of candidate pairs.
template <typename Policy>
size_t bpe_merge_count_large(const Policy& policy, std::vector<BpeSymbol> sym, uint32_t n) {
    const size_t m = sym.size();
    std::vector<uint32_t> next(m), prev(m);
    for (size_t k = 0; k < m; ++k) next[k] = static_cast<uint32_t>(k + 1), prev[k] = static_cast<uint32_t>(k - 1);
    const uint32_t none = static_cast<uint32_t>(m);
    const auto end_of = [&](uint32_t k) { return next[k] < m ? sym[next[k]].start : n; };
    struct Candidate {
        uint32_t rank, left, end, merged;
        bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    std::vector<bool> alive(m, true);
    const auto push = [&](uint32_t k) {
        if (k >= m || next[k] >= m) return;
        uint32_t rank, merged;
        if (policy.pair(sym[k], sym[next[k]], end_of(next[k]), rank, merged))
            heap.push({rank, k, end_of(next[k]), merged});
    };
    for (uint32_t k = 0; k + 1 < m; ++k) push(k);
    size_t count = m;
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        // Stale when the left symbol is gone or the pair no longer spans the same bytes.
        if (!alive[c.left] || next[c.left] >= m || end_of(next[c.left]) != c.end) continue;
        const uint32_t right = next[c.left];
        alive[right] = false;
        next[c.left] = next[right];
        if (next[right] < m) prev[next[right]] = c.left;
        sym[c.left].id = c.merged;
        --count;
        push(c.left);
        if (prev[c.left] != static_cast<uint32_t>(-1) && prev[c.left] != none) push(prev[c.left]);
    }
    return count;
}

}  // namespace bm
