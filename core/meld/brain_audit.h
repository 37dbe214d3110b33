// BrainAudit: a read-only look at a brain directory for review (the studio's MELD view). Unlike
// BrainDir::open, a Patch that fails verification is not fatal: every row of the log is verified on
// its own and reported (verified, or failed with the reason), and the state is restored from the
// Patches that verify. Nothing is written. Thread-safety: plain values; audit on any one thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "meld/brain.h"
#include "meld/patch.h"

namespace bm::meld {

// DIR/brain.json: the brain's id, key directory and thresholds.
struct BrainConfig {
    std::string id;
    KeyDirectory directory;
    Thresholds thresholds;
};

// Reads DIR/brain.json as BrainDir::open does: refused when others may read it (unsafe
// permissions), when missing, or when a field is wrong (errors name the file and the field).
Result<BrainConfig> read_brain_config(const std::string& dir);

// One row of the Patch log, verified on its own.
struct PatchAudit {
    int64_t seq = 0;
    std::string stored_id;       // the row's patch_id column
    std::optional<Patch> patch;  // when the body parses as a Patch
    bool verified = false;
    std::string reason;          // why it failed verification; empty when verified
    std::string apply_error;     // a verified Patch the restored brain refused (e.g. its target was in a failed one)
};

struct BrainAudit {
    BrainConfig config;
    std::string workspace;          // DIR/workspace.bmws
    std::vector<PatchAudit> patches;  // log order
    std::unique_ptr<Brain> brain;   // restored from the verified Patches, in log order
    size_t failed() const;
};

// Opens DIR read-only: the config (errors as read_brain_config), every Patch of the brain's log
// verified one by one, and the brain restored from those that verify.
Result<BrainAudit> audit_brain_dir(const std::string& dir, std::shared_ptr<const SignalEngine> engine);

}  // namespace bm::meld
