// State changes between checkpoints: computing, applying and listing them.
#include "fold/state_delta.h"

#include <map>
#include <unordered_map>

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

using json = nlohmann::json;

Error bad_changes(const std::string& field, const std::string& what) {
    return Error::corruption(field + ": " + what, Location("", 0, -1, field),
                             "the bundle's state changes do not apply to its base checkpoint's state");
}

// Runs copied from `before` ([start, count]) and literal entries, rebuilding `after` in order.
json list_ops(const json& before, const json& after) {
    std::unordered_map<std::string, size_t> first_at;
    for (size_t i = before.size(); i-- > 0;) first_at[before[i].dump()] = i;
    json ops = json::array();
    size_t run_start = 0, run_length = 0;
    auto flush = [&] {
        if (run_length > 0) ops.push_back(json::array({run_start, run_length}));
        run_length = 0;
    };
    for (const auto& entry : after) {
        const size_t next = run_start + run_length;
        if (run_length > 0 && next < before.size() && before[next] == entry) {
            ++run_length;
            continue;
        }
        flush();
        auto found = first_at.find(entry.dump());
        if (found == first_at.end()) {
            ops.push_back(entry);
        } else {
            run_start = found->second;
            run_length = 1;
        }
    }
    flush();
    return ops;
}

Result<json> apply_ops(const json& before, const json& ops, const std::string& field) {
    if (!ops.is_array()) return bad_changes(field, "not an array");
    json out = json::array();
    for (size_t i = 0; i < ops.size(); ++i) {
        const json& op = ops[i];
        const std::string at = field + "[" + std::to_string(i) + "]";
        if (op.is_object()) {
            out.push_back(op);
            continue;
        }
        if (!op.is_array() || op.size() != 2 || !op[0].is_number_unsigned() || !op[1].is_number_unsigned())
            return bad_changes(at, "neither an entry nor a [start, count] run");
        const size_t start = op[0].get<size_t>(), count = op[1].get<size_t>();
        if (count == 0 || start > before.size() || count > before.size() - start)
            return bad_changes(at, "run outside the base's " + std::to_string(before.size()) + " entries");
        for (size_t k = start; k < start + count; ++k) out.push_back(before[k]);
    }
    return out;
}

const json& member_or_empty(const json& object, const char* name) {
    static const json kEmpty = json::array();
    auto it = object.find(name);
    return it == object.end() ? kEmpty : *it;
}

}  // namespace

StateJson state_json_of(const CheckpointBundle& b) {
    StateJson s;
    if (b.state_anchors) s.anchors = *b.state_anchors;
    if (b.negative_knowledge) s.negative_knowledge = *b.negative_knowledge;
    if (b.beliefs) s.beliefs = *b.beliefs;
    return s;
}

void set_full_state(CheckpointBundle& b, StateJson state) {
    b.state_anchors = std::move(state.anchors);
    b.negative_knowledge.reset();
    b.beliefs.reset();
    if (!state.negative_knowledge.empty()) b.negative_knowledge = std::move(state.negative_knowledge);
    if (!state.beliefs.empty()) b.beliefs = std::move(state.beliefs);
}

json state_changes(const StateJson& before, const StateJson& after) {
    std::map<std::string, const json*> old_by_key;
    for (const auto& a : before.anchors) old_by_key[a.at("key").get<std::string>()] = &a;
    json set = json::array();
    for (const auto& a : after.anchors) {
        auto it = old_by_key.find(a.at("key").get<std::string>());
        if (it == old_by_key.end() || *it->second != a) set.push_back(a);
        if (it != old_by_key.end()) old_by_key.erase(it);
    }
    json drop = json::array();
    for (const auto& [key, anchor] : old_by_key) drop.push_back(key);
    return {{"anchors", {{"drop", drop}, {"set", set}}},
            {"beliefs", list_ops(before.beliefs, after.beliefs)},
            {"negativeKnowledge", list_ops(before.negative_knowledge, after.negative_knowledge)}};
}

Result<StateJson> apply_state_changes(const StateJson& before, const json& changes, const std::string& field) {
    if (!changes.is_object()) return bad_changes(field, "not an object");
    const json& anchors = member_or_empty(changes, "anchors");
    if (!anchors.is_object()) return bad_changes(field + ".anchors", "not an object");
    std::map<std::string, json> by_key;
    for (const auto& a : before.anchors) {
        if (!a.is_object() || !a.contains("key") || !a["key"].is_string())
            return bad_changes(field, "the base state has an anchor without a key");
        by_key[a["key"].get<std::string>()] = a;
    }
    const json& drop = member_or_empty(anchors, "drop");
    const json& set = member_or_empty(anchors, "set");
    if (!drop.is_array() || !set.is_array()) return bad_changes(field + ".anchors", "drop or set is not an array");
    for (size_t i = 0; i < drop.size(); ++i) {
        const std::string at = field + ".anchors.drop[" + std::to_string(i) + "]";
        if (!drop[i].is_string() || by_key.erase(drop[i].get<std::string>()) == 0)
            return bad_changes(at, "drops a key the base does not hold");
    }
    for (size_t i = 0; i < set.size(); ++i) {
        const std::string at = field + ".anchors.set[" + std::to_string(i) + "]";
        if (!set[i].is_object() || !set[i].contains("key") || !set[i]["key"].is_string())
            return bad_changes(at, "anchor without a key");
        by_key[set[i]["key"].get<std::string>()] = set[i];
    }
    StateJson out;
    for (auto& [key, anchor] : by_key) out.anchors.push_back(std::move(anchor));
    auto negative = apply_ops(before.negative_knowledge, member_or_empty(changes, "negativeKnowledge"),
                              field + ".negativeKnowledge");
    if (!negative.ok()) return negative.error();
    auto beliefs = apply_ops(before.beliefs, member_or_empty(changes, "beliefs"), field + ".beliefs");
    if (!beliefs.ok()) return beliefs.error();
    out.negative_knowledge = std::move(negative).value();
    out.beliefs = std::move(beliefs).value();
    return out;
}

Result<std::string> m3b_digest(const StateJson& state) {
    auto bytes = canonical_json(json{{"beliefs", state.beliefs}, {"negativeKnowledge", state.negative_knowledge}});
    if (!bytes.ok()) return bytes.error();
    return sha256_hex(*bytes);
}

Result<ChangedEntries> changed_entries(const json& changes) {
    ChangedEntries out;
    if (!changes.is_object()) return bad_changes("state.changes", "not an object");
    const json& anchors = member_or_empty(changes, "anchors");
    if (!anchors.is_object()) return bad_changes("state.changes.anchors", "not an object");
    for (const auto& a : member_or_empty(anchors, "set")) out.anchors.push_back(a);
    for (const auto& key : member_or_empty(anchors, "drop")) {
        if (!key.is_string()) return bad_changes("state.changes.anchors.drop", "a key is not a string");
        out.dropped_keys.push_back(key.get<std::string>());
    }
    for (const auto& op : member_or_empty(changes, "negativeKnowledge"))
        if (op.is_object()) out.negative_knowledge.push_back(op);
    for (const auto& op : member_or_empty(changes, "beliefs"))
        if (op.is_object()) out.beliefs.push_back(op);
    return out;
}

}  // namespace bm
