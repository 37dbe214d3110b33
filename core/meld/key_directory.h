// KeyDirectory: brain id → key, authority level, cells, provisioned out of band (SPEC §13.4).
//
// Each brain signs with a key of its own (at least kMinKeyBytes), so a member cannot sign as another
// brain; the federation's group key signs for brains without one only when group_key_fallback is
// set. It also holds the authority a brain needs to author overruled/revoked effects. Threat
// model: benign faults only; a key holder is trusted to assert its own origin truthfully.
// Thread-safety: a plain value.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "util/result.h"

namespace bm::meld {

// The shortest HMAC key accepted from a key directory file (SHA-256's block of security).
inline constexpr size_t kMinKeyBytes = 32;

struct DirectoryEntry {
    std::string key;                 // per-brain HMAC key; empty: the group key when group_key_fallback
    int authority = 0;               // higher is more authoritative
    std::vector<std::string> cells;  // scope cells the brain speaks for; "*" = every cell
    bool operator==(const DirectoryEntry&) const = default;
};

struct KeyDirectory {
    std::string group_key;
    bool group_key_fallback = false;  // brains without a key of their own sign with group_key
    int overrule_authority = 2;  // minimum authority to author an overruled or revoked effect
    std::map<std::string, DirectoryEntry> brains;

    const DirectoryEntry* find(const std::string& brain) const;
    // The key that signs deltas and Patches authored by `brain`: its own, else the group key when
    // group_key_fallback, else empty (nothing is signed with it and nothing verifies).
    const std::string& key_for(const std::string& brain) const;
    // Whether the brain's cells cover every cell of `scope_cells` (canonicalised comparison).
    bool covers(const std::string& brain, const std::vector<std::string>& scope_cells) const;

    nlohmann::json to_json() const;
    // `file` names the source in errors. Refuses keys shorter than kMinKeyBytes, and a brain
    // without a key of its own unless group_key_fallback is true.
    static Result<KeyDirectory> from_json(const nlohmann::json& j, const std::string& file);
    bool operator==(const KeyDirectory&) const = default;

    // The brains `updated` adds to this directory, when it only adds: every brain here is there
    // with the same key, authority and cells, and the group settings are the same. A change or a
    // removal (rotating or revoking a key) is refused, naming the brain.
    Result<std::vector<std::string>> additions_in(const KeyDirectory& updated) const;
};

}  // namespace bm::meld
