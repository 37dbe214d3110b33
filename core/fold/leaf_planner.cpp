// LeafPlanner: plan_leaf with its indexes built once, so each plan costs the window it looks at.
#include <algorithm>
#include <set>
#include <unordered_map>

#include "fold/archive.h"
#include "fold/fold_planner.h"

namespace bm {

// Which cuts after `from` are safe (is_safe_cut), found in one forward pass: the tool calls opened
// in [from, cut) and not answered there, and the latest result any of them has at or after `cut`.
class LeafPlanner::CutSweep {
public:
    CutSweep(const LeafPlanner& planner, size_t from) : m_planner(planner), m_cut(from) {}

    // REQUIRES: `cut` is at least every earlier argument (the pass only moves forward).
    bool safe(size_t cut) {
        while (m_cut < cut) take(m_cut++);
        return m_pending.empty() || *m_pending.rbegin() < cut;
    }

private:
    void take(size_t i) {
        const LeafPlanner& p = m_planner;
        if (p.m_items[i].is_checkpoint) return;
        const size_t first = p.m_id_offsets[i], calls_end = first + p.m_call_counts[i], last = p.m_id_offsets[i + 1];
        for (size_t k = first; k < calls_end; ++k) {
            const size_t result = p.m_last_result[p.m_ids[k]];
            // A call never answered anywhere can never be split from its result.
            if (result != kNone && m_open.emplace(p.m_ids[k], result).second) m_pending.insert(result);
        }
        for (size_t k = calls_end; k < last; ++k) {
            auto it = m_open.find(p.m_ids[k]);
            if (it == m_open.end()) continue;
            m_pending.erase(m_pending.find(it->second));
            m_open.erase(it);
        }
    }

    const LeafPlanner& m_planner;
    size_t m_cut;
    std::unordered_map<uint32_t, size_t> m_open;  // open call id -> position of its last result
    std::multiset<size_t> m_pending;              // those positions
};

LeafPlanner::LeafPlanner(const std::vector<SurfaceItem>& items) : m_items(items) {
    const size_t n = items.size();
    m_prefix_tokens.assign(n + 1, 0);
    m_id_offsets.assign(n + 1, 0);
    m_call_counts.assign(n, 0);
    std::unordered_map<std::string, uint32_t> interned;
    auto intern = [&](const std::string& id) {
        auto [it, added] = interned.emplace(id, static_cast<uint32_t>(interned.size()));
        if (added) m_last_result.push_back(kNone);
        return it->second;
    };
    for (size_t i = 0; i < n; ++i) {
        m_prefix_tokens[i + 1] = m_prefix_tokens[i] + items[i].tokens;
        m_id_offsets[i] = m_ids.size();
        if (items[i].is_checkpoint) {
            m_checkpoints.push_back(i);
            continue;
        }
        const bool packed = !items[i].packed.empty();  // its ids were kept when it was packed
        for (const auto& id : packed ? items[i].packed_call_ids : archived_call_ids(items[i].message))
            m_ids.push_back(intern(id));
        m_call_counts[i] = static_cast<uint32_t>(m_ids.size() - m_id_offsets[i]);
        for (const auto& id : packed ? items[i].packed_result_ids : archived_result_ids(items[i].message)) {
            const uint32_t k = intern(id);
            m_ids.push_back(k);
            m_last_result[k] = i;
        }
    }
    m_id_offsets[n] = m_ids.size();
}

FoldPlan LeafPlanner::plan(size_t from, bool root_recommended, const FoldPolicy& policy) const {
    FoldPlan plan;
    plan.mode = FoldMode::kLeaf;
    plan.begin = plan.end = from;
    plan.root_recommended = root_recommended;
    // The live region: messages from `from` up to the first later checkpoint.
    const auto next_checkpoint = std::lower_bound(m_checkpoints.begin(), m_checkpoints.end(), from);
    const size_t live_end = next_checkpoint == m_checkpoints.end() ? m_items.size() : *next_checkpoint;
    // Retained tail: the shortest suffix of the live region with at least retain_tokens.
    const size_t live_tokens = tokens(from, live_end);
    if (live_tokens < policy.retain_tokens) {
        plan.reason = "the live region (" + std::to_string(live_tokens) + " tokens) is within the retained tail";
        return plan;
    }
    const size_t most = m_prefix_tokens[live_end] - policy.retain_tokens;
    const size_t tail_begin = static_cast<size_t>(
        std::upper_bound(m_prefix_tokens.begin() + static_cast<std::ptrdiff_t>(from),
                         m_prefix_tokens.begin() + static_cast<std::ptrdiff_t>(live_end) + 1, most) -
        m_prefix_tokens.begin() - 1);
    // Largest end within max_leaf_tokens.
    size_t end = from, folded = 0;
    while (end < tail_begin && (end == from || folded + m_items[end].tokens <= policy.max_leaf_tokens))
        folded += m_items[end++].tokens;
    // Back off to a safe cut; when none is left, extend past the cap to the nearest safe cut
    // (a tool call and its result are folded together even when they exceed max_leaf_tokens).
    const size_t capped_end = end;
    const size_t capped_tokens = folded;
    CutSweep sweep(*this, from);
    std::vector<char> safe(capped_end - from + 1);
    for (size_t cut = from; cut <= capped_end; ++cut) safe[cut - from] = sweep.safe(cut);
    while (end > from && !safe[end - from]) folded -= m_items[--end].tokens;
    if (end == from) {
        end = capped_end;
        folded = capped_tokens;
        while (end < tail_begin && !sweep.safe(end)) folded += m_items[end++].tokens;
        if (!sweep.safe(end)) end = from;
    }
    if (end == from) {
        plan.reason = "no safe cut before the retained tail (a tool call and its result would be split)";
        return plan;
    }
    if (folded < policy.min_reclaim_tokens) {
        plan.reason = "would reclaim only " + std::to_string(folded) + " tokens (minimum " +
                      std::to_string(policy.min_reclaim_tokens) + ")";
        return plan;
    }
    plan.end = end;
    plan.folded_tokens = folded;
    return plan;
}

}  // namespace bm
