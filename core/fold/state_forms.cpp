// Per-entry canonical forms of the carried state: digests, changes and the cache a leaf run keeps.
#include "fold/state_forms.h"

#include <map>
#include <string_view>
#include <unordered_map>

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

using json = nlohmann::json;

Result<std::vector<std::string>> forms_of_list(const json& list) {
    std::vector<std::string> out;
    for (const auto& entry : list) {
        auto bytes = canonical_json(entry);
        if (!bytes.ok()) return bytes.error();
        out.push_back(std::move(bytes).value());
    }
    return out;
}

void join(std::string& out, const std::vector<std::string>& forms) {
    out += '[';
    for (size_t i = 0; i < forms.size(); ++i) {
        if (i > 0) out += ',';
        out += forms[i];
    }
    out += ']';
}

// state_delta.cpp's list_ops on forms: equal forms are equal entries (JCS is one form per value).
template <typename LiteralOf>
json list_ops_of(const std::vector<std::string>& before, const std::vector<std::string>& after, LiteralOf literal) {
    std::unordered_map<std::string_view, size_t> first_at;
    for (size_t i = before.size(); i-- > 0;) first_at[before[i]] = i;
    json ops = json::array();
    size_t run_start = 0, run_length = 0;
    auto flush = [&] {
        if (run_length > 0) ops.push_back(json::array({run_start, run_length}));
        run_length = 0;
    };
    for (size_t k = 0; k < after.size(); ++k) {
        const size_t next = run_start + run_length;
        if (run_length > 0 && next < before.size() && before[next] == after[k]) {
            ++run_length;
            continue;
        }
        flush();
        auto found = first_at.find(after[k]);
        if (found == first_at.end()) {
            ops.push_back(literal(k));
        } else {
            run_start = found->second;
            run_length = 1;
        }
    }
    flush();
    return ops;
}

}  // namespace

Result<StateForms> state_forms_of(const StateJson& state) {
    StateForms out;
    auto anchors = forms_of_list(state.anchors);
    if (!anchors.ok()) return anchors.error();
    out.anchors = std::move(anchors).value();
    for (const auto& a : state.anchors) {
        if (!a.is_object() || !a.contains("key") || !a["key"].is_string())
            return Error::corruption("state.anchors: an anchor without a key", Location("", 0, -1, "state.anchors"));
        out.anchor_keys.push_back(a["key"].get<std::string>());
    }
    auto negative = forms_of_list(state.negative_knowledge);
    if (!negative.ok()) return negative.error();
    out.negative_knowledge = std::move(negative).value();
    auto beliefs = forms_of_list(state.beliefs);
    if (!beliefs.ok()) return beliefs.error();
    out.beliefs = std::move(beliefs).value();
    return out;
}

std::string state_digest_of(const StateForms& forms) {
    std::string bytes;
    join(bytes, forms.anchors);
    return sha256_hex(bytes);
}

std::string m3b_digest_of(const StateForms& forms) {
    // JCS of {"beliefs":[…],"negativeKnowledge":[…]}: the two keys in UTF-16 order.
    std::string bytes = "{\"beliefs\":";
    join(bytes, forms.beliefs);
    bytes += ",\"negativeKnowledge\":";
    join(bytes, forms.negative_knowledge);
    bytes += '}';
    return sha256_hex(bytes);
}

json state_changes_of(const StateForms& before, const StateForms& after, const StateReducer& anchors,
                      const M3bState& m3b) {
    std::map<std::string_view, std::string_view> old_by_key;
    for (size_t i = 0; i < before.anchors.size(); ++i) old_by_key[before.anchor_keys[i]] = before.anchors[i];
    json set = json::array();
    for (size_t i = 0; i < after.anchors.size(); ++i) {
        auto it = old_by_key.find(after.anchor_keys[i]);
        if (it == old_by_key.end() || it->second != after.anchors[i]) set.push_back(anchor_to_json(anchors.heads()[i]));
        if (it != old_by_key.end()) old_by_key.erase(it);
    }
    json drop = json::array();
    for (const auto& [key, form] : old_by_key) drop.push_back(std::string(key));
    const auto& negative = m3b.negative.entries();
    return {{"anchors", {{"drop", drop}, {"set", set}}},
            {"beliefs", list_ops_of(before.beliefs, after.beliefs,
                                    [&](size_t k) { return belief_to_json(m3b.beliefs[k]); })},
            {"negativeKnowledge", list_ops_of(before.negative_knowledge, after.negative_knowledge,
                                              [&](size_t k) { return negative_knowledge_to_json(negative[k]); })}};
}

template <typename T, typename ToJson>
Status StateFormCache::refresh(Cached<T>& cache, const std::vector<T>& entries, ToJson to_json) {
    std::vector<std::string> forms;
    forms.reserve(entries.size());
    bool changed = entries.size() != cache.entries.size();
    size_t next = 0;  // entries keep their relative order: look for a match from the last one on
    for (const auto& entry : entries) {
        size_t k = next;
        while (k < cache.entries.size() && !(cache.entries[k] == entry)) ++k;
        if (k < cache.entries.size()) {
            forms.push_back(std::move(cache.forms[k]));
            changed = changed || k != forms.size() - 1;
            next = k + 1;
            continue;
        }
        changed = true;
        auto bytes = canonical_json(to_json(entry));
        if (!bytes.ok()) {
            cache = {};  // some forms were moved out: start over next time
            return bytes.error();
        }
        forms.push_back(std::move(bytes).value());
    }
    cache.entries = entries;
    cache.forms = std::move(forms);
    cache.changed = changed;
    return {};
}

Result<StateForms> StateFormCache::forms(const StateReducer& anchors, const M3bState& m3b) {
    Status st = refresh(m_anchors, anchors.heads(), anchor_to_json);
    if (st.ok()) st = refresh(m_negative, m3b.negative.entries(), negative_knowledge_to_json);
    if (st.ok()) st = refresh(m_beliefs, m3b.beliefs, belief_to_json);
    if (!st.ok()) return st.error();
    StateForms out;
    for (const auto& a : anchors.heads()) out.anchor_keys.push_back(a.key.to_string());
    out.anchors = m_anchors.forms;
    out.negative_knowledge = m_negative.forms;
    out.beliefs = m_beliefs.forms;
    if (m_anchors.changed || m_state_digest.empty()) m_state_digest = state_digest_of(out);
    if (m_negative.changed || m_beliefs.changed || m_m3b_digest.empty()) m_m3b_digest = m3b_digest_of(out);
    out.state_digest = m_state_digest;
    out.m3b_digest = m_m3b_digest;
    return out;
}

}  // namespace bm
