// The fold-quality replay of one session under one compaction policy (EF or Basic).
#include "bench/fold/fold_replay.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

#include "bench/fold/replay_metrics.h"
#include "fold/archive.h"
#include "fold/search_index.h"

namespace bm::bench {

const char* compaction_policy_name(CompactionPolicy policy) {
    return policy == CompactionPolicy::kEpistemicFold ? "EF" : "Basic";
}

namespace {

constexpr size_t kRecallRank = 3;        // a recall counts when a hit at rank <= 3 holds the key
constexpr size_t kProbeRank = 50;        // for a lost key: where it is in a longer result list
constexpr size_t kShownResultBytes = 80;  // a folded result is shown when the surface quotes its start
constexpr size_t kMinShownResultBytes = 16;

struct MessageFacts {
    std::vector<std::string> keys;
    std::vector<ToolCall> calls;
    std::vector<std::pair<std::string, std::string>> results;
};

class Replay {
public:
    Replay(const Session& session, CompactionPolicy policy, const ReplayOptions& options)
        : m_policy(policy), m_options(options), m_all(surface_from_session(session)),
          m_store(options.store_dir) {
        m_options.fold.keep_published_bodies = false;
        m_surface.session_id = m_all.session_id;
        for (size_t t = 0; t < m_all.items.size(); ++t) {
            const auto& message = m_all.items[t].message;
            m_facts.push_back({reference_keys(archived_message_text(message)), tool_calls(message), tool_results(message)});
            for (const auto& k : m_facts.back().keys) m_last_reference[k] = static_cast<int64_t>(t);
            m_index_of_seq[m_all.items[t].seq] = t;
        }
    }

    Result<ReplayMetrics> run() {
        Prompt previous;
        for (size_t t = 0; t < m_all.items.size(); ++t) {
            if (auto st = check_references(t); !st.ok()) return st.error();
            check_calls(t);
            remember(t);
            m_surface.items.push_back(m_all.items[t]);
            m_visible.push_back(visible_text(m_surface.items.back()));
            Prompt prompt = prompt_of(m_surface);
            if (m_surface.tokens() > m_options.budget) {
                auto changed = compact();
                if (!changed.ok()) return changed.error();
                if (*changed) {
                    Prompt after = prompt_of(m_surface);
                    m_metrics.compactions += 1;
                    m_metrics.prefix_unchanged_bytes.push_back(unchanged_prefix(prompt, after).bytes);
                    size_t before_bytes = 0;
                    for (const auto& item : prompt) before_bytes += item.bytes.size();
                    m_metrics.prefix_before_bytes.push_back(before_bytes);
                    prompt = std::move(after);
                }
            }
            m_metrics.turns += 1;
            m_metrics.reusable_tokens += static_cast<int64_t>(unchanged_prefix(previous, prompt).tokens);
            const size_t tokens = m_surface.tokens();
            m_metrics.prompt_tokens += static_cast<int64_t>(tokens);
            m_metrics.surface_tokens.push_back(tokens);
            for (const auto& item : m_surface.items)
                if (last_reference(item) <= static_cast<int64_t>(t)) m_metrics.dead_tokens += static_cast<int64_t>(item.tokens);
            previous = std::move(prompt);
        }
        return m_metrics;
    }

private:
    // True when the surface changed.
    Result<bool> compact() {
        const int64_t published_before = m_metrics.checkpoints;
        if (m_policy == CompactionPolicy::kBasic) {
            auto out = basic_compact(m_store, m_surface, m_options.fold);
            if (!out.ok()) return out.error();
            if (!out->bundle) return false;
            m_surface = std::move(out->surface);
            m_metrics.checkpoints += 1;
        } else {
            // As `beliefmerge fold` runs it: leaf folds as far as the policy allows; the explicit root
            // path only when the surface is still over budget (C2.4 boundedness).
            auto run = fold_until(m_store, m_surface, FoldMode::kLeaf, 0, m_options.fold);
            if (!run.ok()) return run.error();
            m_surface = std::move(run->surface);
            m_metrics.checkpoints += static_cast<int64_t>(run->published.size());
            if (m_surface.tokens() > m_options.budget) {
                auto root = fold_once(m_store, m_surface, FoldMode::kRoot, m_options.fold);
                if (!root.ok()) return root.error();
                if (root->bundle) {
                    m_surface = std::move(root->surface);
                    m_metrics.checkpoints += 1;
                    m_metrics.root_folds += 1;
                }
            }
            if (m_metrics.checkpoints == published_before) return false;
        }
        m_index_stale = true;
        m_visible.clear();
        for (const auto& item : m_surface.items) m_visible.push_back(visible_text(item));
        return true;
    }

    // Index (into the session) of the first message still live on the surface; folded messages are
    // exactly those before it (both policies fold prefixes).
    size_t first_live(size_t t) const {
        for (const auto& item : m_surface.items)
            if (!item.is_checkpoint) return m_index_of_seq.at(item.seq);
        return t;
    }

    bool surface_shows(const std::string& needle) const {
        return std::any_of(m_visible.begin(), m_visible.end(),
                           [&](const std::string& text) { return text.find(needle) != std::string::npos; });
    }

    Status check_references(size_t t) {
        const size_t live = first_live(t);
        for (const auto& key : m_facts[t].keys) {
            auto first = m_first_seen.find(key);
            if (first == m_first_seen.end() || first->second >= live) continue;  // never folded
            if (surface_shows(key)) {
                m_metrics.refs_held += 1;
                continue;
            }
            auto found = recalled(key);
            if (!found.ok()) return found.error();
            (*found ? m_metrics.refs_recalled : m_metrics.refs_lost) += 1;
            if (*found) continue;
            auto rank = recall_rank(key, kProbeRank);  // where a longer result list has it: the why of a loss
            if (!rank.ok()) return rank.error();
            m_metrics.lost_keys.push_back(std::to_string(t) + ": " + key + " (" +
                                          (*rank ? "at rank " + std::to_string(*rank) : "not in the first " + std::to_string(kProbeRank)) + ")");
        }
        return {};
    }

    // A search for `key` has it in a hit at rank <= 3: the hit's message text, rendered text or excerpt.
    Result<bool> recalled(const std::string& key) {
        auto rank = recall_rank(key, kRecallRank);
        if (!rank.ok()) return rank.error();
        return *rank != 0;
    }

    // The rank (1-based) of the first of `limit` hits that holds `key`; 0: none.
    Result<size_t> recall_rank(const std::string& key, size_t limit) {
        if (m_index_stale) {
            if (!m_index) {
                auto index = SearchIndex::open(m_store);
                if (!index.ok()) return index.error();
                m_index = std::move(index).value();
            } else if (auto synced = m_index->sync(); !synced.ok()) {
                return synced.error();
            }
            m_index_stale = false;
        }
        // The key as words: a quote would open an FTS phrase the key does not mean.
        std::string query = key;
        std::replace(query.begin(), query.end(), '"', ' ');
        auto hits = m_index->search(query, limit);
        if (!hits.ok()) return hits.error().is_invalid_input() ? Result<size_t>(size_t{0}) : Result<size_t>(hits.error());
        for (size_t rank = 1; rank <= hits->size(); ++rank) {
            const SearchHit& hit = (*hits)[rank - 1];
            if (hit.excerpt.find(key) != std::string::npos) return rank;
            auto texts = bundle_texts(hit.checkpoint_id);
            if (!texts.ok()) return texts.error();
            const auto& doc = hit.message_index ? (*texts)->messages.at(static_cast<size_t>(*hit.message_index))
                                                : (*texts)->rendered;
            if (doc.find(key) != std::string::npos) return rank;
        }
        return size_t{0};
    }

    struct BundleTexts {
        std::vector<std::string> messages;
        std::string rendered;
    };
    Result<const BundleTexts*> bundle_texts(const std::string& checkpoint_id) {
        auto it = m_bundles.find(checkpoint_id);
        if (it != m_bundles.end()) return &it->second;
        auto bundle = m_store.read(m_surface.session_id, checkpoint_id);
        if (!bundle.ok()) return bundle.error();
        BundleTexts texts;
        for (const auto& m : bundle->shadowed_messages) texts.messages.push_back(archived_message_text(m));
        texts.rendered = bundle->rendered_text;
        return &m_bundles.emplace(checkpoint_id, std::move(texts)).first->second;
    }

    void check_calls(size_t t) {
        const size_t live = first_live(t);
        for (const auto& call : m_facts[t].calls) {
            auto earlier = m_calls.find(call.identity);
            if (earlier == m_calls.end()) continue;
            m_metrics.repeated_calls += 1;
            const bool duplicate = std::all_of(earlier->second.begin(), earlier->second.end(), [&](const auto& e) {
                return e.first < live && !result_shown(e.second, live);
            });
            m_metrics.duplicate_calls += duplicate;
        }
    }

    bool result_shown(const std::string& call_id, size_t live) const {
        auto r = m_results.find(call_id);
        if (r == m_results.end()) return false;
        if (r->second.first >= live) return true;
        std::string start = utf8_prefix(r->second.second, kShownResultBytes);
        start.erase(0, start.find_first_not_of(" \t\r\n"));
        return start.size() >= kMinShownResultBytes && surface_shows(start);
    }

    void remember(size_t t) {
        for (const auto& k : m_facts[t].keys) m_first_seen.emplace(k, t);
        for (const auto& call : m_facts[t].calls) m_calls[call.identity].emplace_back(t, call.id);
        for (const auto& [id, text] : m_facts[t].results) m_results[id] = {t, text};
    }

    // The last message (index) that refers to a key of the item's visible text; -1: none.
    int64_t last_reference(const SurfaceItem& item) {
        const std::string cache_key = item.is_checkpoint ? item.checkpoint_id : "#" + std::to_string(item.seq);
        auto it = m_item_last_reference.find(cache_key);
        if (it != m_item_last_reference.end()) return it->second;
        int64_t last = -1;
        const std::vector<std::string> keys =
            item.is_checkpoint ? reference_keys(item.text) : m_facts[m_index_of_seq.at(item.seq)].keys;
        for (const auto& k : keys) {
            auto r = m_last_reference.find(k);
            if (r != m_last_reference.end()) last = std::max(last, r->second);
        }
        return m_item_last_reference[cache_key] = last;
    }

    CompactionPolicy m_policy;
    ReplayOptions m_options;
    FoldSurface m_all;
    BundleStore m_store;
    std::unique_ptr<SearchIndex> m_index;
    bool m_index_stale = true;
    FoldSurface m_surface;
    std::vector<std::string> m_visible;  // visible_text of each surface item
    std::vector<MessageFacts> m_facts;
    std::unordered_map<int64_t, size_t> m_index_of_seq;
    std::unordered_map<std::string, int64_t> m_last_reference;       // key -> last message index naming it
    std::unordered_map<std::string, int64_t> m_item_last_reference;  // checkpoint id or #seq -> last reference
    std::unordered_map<std::string, size_t> m_first_seen;            // key -> first message index naming it
    std::map<std::string, std::vector<std::pair<size_t, std::string>>> m_calls;  // identity -> (index, call id)
    std::unordered_map<std::string, std::pair<size_t, std::string>> m_results;   // call id -> (index, text)
    std::unordered_map<std::string, BundleTexts> m_bundles;
    ReplayMetrics m_metrics;
};

}  // namespace

Result<ReplayMetrics> replay_session(const Session& session, CompactionPolicy policy, const ReplayOptions& options) {
    if (options.budget == 0) return Error::invalid_input("the context budget must be at least 1 token");
    return Replay(session, policy, options).run();
}

}  // namespace bm::bench
