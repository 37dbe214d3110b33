// Human decisions and model resolutions of disputed slots, and which one applies (SPEC §7, §15).
//
// Both logs are append-only tables of the workspace: a reviewer's decision (who, when, slot key, the
// annotation digest it was made against, the decision, a reason) and a model's resolution (recorded
// by `beliefmerge adjudicate`). Nothing is updated or deleted; the effective resolution of a slot is
// computed on read: the newest human decision whose annotation digest still matches the slot >
// the newest matching model resolution > disputed. A decision made against an older annotation (new
// evidence arrived since) is reported stale and never applied silently. Withdrawing a decision is a
// new record too: a revoke names the decision it withdraws, which is then neither applied nor
// reported stale, so the slot resolves as it did before that decision (undo).
// append() returns only after the row is committed with synchronous=FULL (the studio and the CLI
// confirm a decision only after that). Thread-safety: one DecisionStore per thread; open the
// workspace file again for another thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/sqlite_db.h"
#include "util/result.h"

namespace bm {

// The decisions name slots of a merged snapshot (merge/snapshot.h); the records themselves need none of it.
struct MergedSnapshot;
struct Slot;

// What a resolution of a disputed slot says (SPEC §7).
enum class ResolutionKind {
    kChoose,        // one of the slot's values; `value` names it
    kBoth,          // the values are compatible aspects; all hold
    kConditional,   // the values hold under a guard; `guard` is required
    kUnresolvable,  // a first-class answer: the tie stands
};
const char* resolution_kind_name(ResolutionKind kind);
std::optional<ResolutionKind> resolution_kind_from_name(const std::string& name);

struct Resolution {
    ResolutionKind kind = ResolutionKind::kUnresolvable;
    std::string value;             // kChoose only
    std::string guard;             // kConditional only
    bool order_sensitive = false;  // downgraded by the symmetry check (model resolutions only)
    std::string rationale;         // free text from the model, shown, never interpreted
    bool operator==(const Resolution&) const = default;
};
nlohmann::json resolution_to_json(const Resolution& r);
// `where` names the record the JSON came from (for the error).
Result<Resolution> resolution_from_json(const nlohmann::json& j, const Location& where);

// A reviewer's act: accept the model's resolution, overrule it with one of the four outcomes, or
// revoke an earlier decision on the same slot.
enum class DecisionKind { kAccept, kChoose, kBoth, kConditional, kUnresolvable, kRevoke };
const char* decision_kind_name(DecisionKind kind);
std::optional<DecisionKind> decision_kind_from_name(const std::string& name);

struct DecisionRecord {
    int64_t id = 0;          // assigned by append(); increasing
    std::string reviewer;
    std::string decided_at;  // UTC ISO-8601; append() fills it when empty
    std::string slot_key;
    std::string annotation_digest;  // annotation_digest() of the slot the reviewer saw
    DecisionKind kind = DecisionKind::kUnresolvable;
    std::string value;                  // kChoose
    std::string guard;                  // kConditional
    std::optional<Resolution> accepted;  // kAccept: the model resolution accepted, copied
    int64_t revokes = 0;                 // kRevoke: id of the decision withdrawn (same slot)
    std::string reason;

    // What the decision resolves the slot to. REQUIRES: kind != kRevoke (a revoke resolves nothing).
    Resolution resolution() const;
};

struct ModelResolutionRecord {
    int64_t id = 0;
    std::string slot_key;
    std::string annotation_digest;
    std::string model;
    std::string request_digest;  // the model_calls record the resolution came from
    std::string recorded_at;
    Resolution resolution;
};

// SHA-256 (hex) of the slot's JOIN annotation: key and the sorted (value, source, evidence) set,
// one evidence per (value, source) at its highest level. Changes exactly when evidence changes.
std::string annotation_digest(const MergedSnapshot& snapshot, const Slot& slot);

// Checks a decision against the slot it names: a chosen value must be one of the slot's values,
// a conditional needs a guard, accept needs the accepted resolution; reviewer and slot key set.
Status validate_decision(const DecisionRecord& decision, const Slot& slot);

enum class ResolutionOrigin { kNone, kHuman, kModel };
const char* resolution_origin_name(ResolutionOrigin origin);

// The resolution that applies to one slot now, with what was set aside and why.
struct EffectiveResolution {
    std::string slot_key;
    std::string annotation_digest;  // the slot's current digest
    ResolutionOrigin origin = ResolutionOrigin::kNone;  // kNone: the slot stays as merged (disputed)
    std::optional<Resolution> resolution;
    std::optional<DecisionRecord> decision;            // the applied human decision
    std::optional<ModelResolutionRecord> model;        // the newest current model resolution
    std::vector<DecisionRecord> stale_decisions;       // made against another digest; not applied
    std::vector<DecisionRecord> revoked;               // withdrawn by a later revoke; never applied
    std::vector<ModelResolutionRecord> stale_model;    // likewise for the model
    bool stale() const { return !stale_decisions.empty() && origin != ResolutionOrigin::kHuman; }
};

// Precedence human > model > disputed; inputs in id order (as the store returns them).
EffectiveResolution effective_resolution(const std::string& slot_key, const std::string& current_digest,
                                         const std::vector<DecisionRecord>& decisions,
                                         const std::vector<ModelResolutionRecord>& model_resolutions);

class DecisionStore {
public:
    // Opens (creating or migrating) the workspace at `workspace_path`.
    static Result<std::unique_ptr<DecisionStore>> open(const std::string& workspace_path);

    // Appends after checking the fields; committed (fsync) before it returns. Returns the stored row.
    // A revoke must name an earlier, not yet revoked decision (not a revoke) of the same slot.
    Result<DecisionRecord> append(DecisionRecord decision);
    Result<ModelResolutionRecord> append_model_resolution(ModelResolutionRecord record);

    // In id order (oldest first).
    Result<std::vector<DecisionRecord>> decisions_for_slot(const std::string& slot_key);
    Result<std::vector<DecisionRecord>> all_decisions();
    Result<std::vector<ModelResolutionRecord>> model_resolutions_for_slot(const std::string& slot_key);

    // Effective resolution of every slot of `snapshot` that has a decision or a model resolution
    // (current or stale), sorted by key.
    Result<std::vector<EffectiveResolution>> effective(const MergedSnapshot& snapshot);

    const std::string& path() const { return m_db->path(); }

private:
    // A revoke names an existing, unrevoked, non-revoke decision of its slot.
    Status check_revoke(const DecisionRecord& revoke);
    // Decisions in append order, of one slot or (nullptr) of all slots.
    Result<std::vector<DecisionRecord>> query_decisions(const std::string* slot_key);
    explicit DecisionStore(std::unique_ptr<Db> db) : m_db(std::move(db)) {}
    std::unique_ptr<Db> m_db;
};

// Current UTC time as "YYYY-MM-DDTHH:MM:SSZ".
std::string utc_now_iso8601();

}  // namespace bm
