// KeyDirectory lookups and its JSON form.
#include "meld/key_directory.h"

#include <algorithm>

#include "meld/canon.h"

namespace bm::meld {

const DirectoryEntry* KeyDirectory::find(const std::string& brain) const {
    auto it = brains.find(brain);
    return it == brains.end() ? nullptr : &it->second;
}

const std::string& KeyDirectory::key_for(const std::string& brain) const {
    static const std::string kNoKey;
    const DirectoryEntry* e = find(brain);
    if (e && !e->key.empty()) return e->key;
    return group_key_fallback ? group_key : kNoKey;
}

bool KeyDirectory::covers(const std::string& brain, const std::vector<std::string>& scope_cells) const {
    const DirectoryEntry* e = find(brain);
    if (!e) return false;
    if (std::find(e->cells.begin(), e->cells.end(), "*") != e->cells.end()) return true;
    for (const auto& need : scope_cells) {
        const std::string n = canon_text(need);
        bool found = false;
        for (const auto& have : e->cells) found = found || canon_text(have) == n;
        if (!found) return false;
    }
    return true;
}

nlohmann::json KeyDirectory::to_json() const {
    nlohmann::json b = nlohmann::json::object();
    for (const auto& [id, e] : brains) b[id] = {{"key", e.key}, {"authority", e.authority}, {"cells", e.cells}};
    nlohmann::json out = {{"overrule_authority", overrule_authority}, {"brains", b}};
    if (!group_key.empty()) out["group_key"] = group_key;
    if (group_key_fallback) out["group_key_fallback"] = true;
    return out;
}

namespace {

Status check_key_length(const std::string& key, const std::string& file, const std::string& field) {
    if (key.size() >= kMinKeyBytes) return {};
    return Error::invalid_input("key is " + std::to_string(key.size()) + " bytes, shorter than " +
                                    std::to_string(kMinKeyBytes),
                                Location{file, 0, -1, field}, "generate one with `openssl rand -hex 32`");
}

}  // namespace

Result<KeyDirectory> KeyDirectory::from_json(const nlohmann::json& j, const std::string& file) {
    KeyDirectory d;
    if (!j.is_object()) return Error::invalid_input("the key directory is not a JSON object", Location{file}, "see docs/meld.md");
    if (j.contains("group_key_fallback")) {
        if (!j["group_key_fallback"].is_boolean())
            return Error::invalid_input("group_key_fallback is not a boolean", Location{file, 0, -1, "group_key_fallback"});
        d.group_key_fallback = j["group_key_fallback"].get<bool>();
    }
    if (j.contains("group_key")) {
        if (!j["group_key"].is_string()) return Error::invalid_input("group_key is not a string", Location{file, 0, -1, "group_key"});
        d.group_key = j["group_key"].get<std::string>();
        if (Status st = check_key_length(d.group_key, file, "group_key"); !st.ok()) return st.error();
    } else if (d.group_key_fallback) {
        return Error::invalid_input("group_key_fallback is true but there is no group_key", Location{file, 0, -1, "group_key"},
                                    "provision the federation's shared HMAC key, or give every brain a key");
    }
    if (j.contains("overrule_authority")) {
        if (!j["overrule_authority"].is_number_integer())
            return Error::invalid_input("overrule_authority is not an integer", Location{file, 0, -1, "overrule_authority"});
        d.overrule_authority = j["overrule_authority"].get<int>();
    }
    if (j.contains("brains")) {
        if (!j["brains"].is_object()) return Error::invalid_input("brains is not an object", Location{file, 0, -1, "brains"});
        for (const auto& [id, e] : j["brains"].items()) {
            const std::string field = "brains." + id;
            if (!e.is_object()) return Error::invalid_input("a brain entry is not an object", Location{file, 0, -1, field});
            DirectoryEntry entry;
            if (e.contains("key")) {
                if (!e["key"].is_string()) return Error::invalid_input("key is not a string", Location{file, 0, -1, field + ".key"});
                entry.key = e["key"].get<std::string>();
            }
            if (!entry.key.empty()) {
                if (Status st = check_key_length(entry.key, file, field + ".key"); !st.ok()) return st.error();
            } else if (!d.group_key_fallback) {
                return Error::invalid_input("the brain has no key of its own", Location{file, 0, -1, field + ".key"},
                                            "give it a key of at least " + std::to_string(kMinKeyBytes) +
                                                " bytes, or set \"group_key_fallback\": true to let it sign with group_key");
            }
            if (e.contains("authority")) {
                if (!e["authority"].is_number_integer())
                    return Error::invalid_input("authority is not an integer", Location{file, 0, -1, field + ".authority"});
                entry.authority = e["authority"].get<int>();
            }
            if (e.contains("cells")) {
                if (!e["cells"].is_array()) return Error::invalid_input("cells is not an array", Location{file, 0, -1, field + ".cells"});
                for (const auto& c : e["cells"]) {
                    if (!c.is_string()) return Error::invalid_input("a cell is not a string", Location{file, 0, -1, field + ".cells"});
                    entry.cells.push_back(c.get<std::string>());
                }
            }
            d.brains[id] = std::move(entry);
        }
    }
    return d;
}

Result<std::vector<std::string>> KeyDirectory::additions_in(const KeyDirectory& updated) const {
    const char* hint = "rotating or revoking a key needs every service restarted on the new directory";
    if (updated.group_key != group_key || updated.group_key_fallback != group_key_fallback ||
        updated.overrule_authority != overrule_authority)
        return Error::refused("the key directory's group key or overrule authority changed", hint);
    for (const auto& [id, entry] : brains) {
        const DirectoryEntry* now = updated.find(id);
        if (!now) return Error::refused("brain " + id + " was removed from the key directory", hint);
        if (!(*now == entry))
            return Error::refused("brain " + id + "'s key, authority or cells changed in the key directory", hint);
    }
    std::vector<std::string> added;
    for (const auto& [id, entry] : updated.brains)
        if (!brains.count(id)) added.push_back(id);
    return added;
}

}  // namespace bm::meld
