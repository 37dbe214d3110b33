// Brain: one sovereign MELD memory — held claims, Mappings, contradiction links and the status
// CRDT — that admits deltas through the five-outcome procedure (SPEC §13.3).
//
// receive() verifies the MAC before anything else, decides exactly one Patch (decide() reads the
// state only) and applies it (apply() is the only mutation). Status links are admitted
// unconditionally and gated at read time. Claims a brain received are never re-published
// (echo-safety): only what it authored lands in its outbox. Thread-safety: one thread at a time
// (receive_all() uses a worker thread of its own for the work that reads no brain state).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "meld/candidate_index.h"
#include "meld/delta.h"
#include "meld/patch.h"
#include "meld/signal_engine.h"
#include "meld/status_crdt.h"
#include "meld/thresholds.h"

namespace bm::meld {

struct HeldClaim {
    Claim claim;
    std::string key;
    PreparedText prepared;
    int64_t seq = 0;  // admission order (ties in σ go to the earliest)
};

struct BrainOptions {
    Gates gates;
    bool use_index = true;     // false: the exhaustive scan (the reference path)
    size_t index_limit = 64;   // σ is computed for at most this many index candidates (0: all)
    bool bound_pruning = true; // skip candidates whose σ ceiling cannot matter (same outcome)
    bool keep_patches = true;  // false: do not keep applied Patches in memory (benchmarks)
    bool sign_patches = true;  // false: skip Patch id/MAC (benchmarks of the procedure alone)
};

// What receive() did with one delta.
struct Admission {
    enum class Outcome { kAdmitted, kDroppedMac, kDuplicate, kInvalid } outcome = Outcome::kAdmitted;
    std::optional<Patch> patch;
    std::string reason;
};

// How candidate selection went, for instrumentation.
struct CandidateStats {
    size_t scanned = 0;  // active candidates considered
    size_t scored = 0;   // of them, those σ was computed for (the rest were bounded out)
};

class Brain {
public:
    Brain(std::string id, KeyDirectory directory, Thresholds thresholds, std::shared_ptr<const SignalEngine> engine,
          BrainOptions options = {});

    // MAC check, then decide and apply exactly one Patch.
    Admission receive(const Delta& delta);
    // receive() for each delta in order, with the same admissions and Patches byte for byte. When
    // pipelined, what reads no brain state — each delta's MAC check, id and text analysis ahead of
    // it, each Patch's seal behind it — runs on one worker thread, chunk by chunk, beside the
    // sequential decide-and-apply; otherwise everything runs on the calling thread.
    std::vector<Admission> receive_all(std::span<const Delta> deltas, bool pipelined = true);
    // A re-published Patch: its MAC is verified, then its underlying delta is re-adjudicated here.
    Admission receive_patch(const Patch& patch);

    // The procedure: the Patch this brain would emit for a verified delta. Reads state only.
    Patch decide(const Delta& delta, CandidateStats* stats = nullptr) const;
    // Applies a Patch (the only mutation). Refuses one whose MAC does not verify.
    Status apply(const Patch& patch);

    // Authoring: sign a delta as this brain, admit it locally and queue it for publishing.
    Admission assert_claim(Claim claim);
    Admission author_link(StatusLink link);
    // Deltas authored here and not yet taken (never a received claim).
    std::vector<Delta> take_outbox();

    ClaimStatus status(const std::string& claim_key) const;
    const std::vector<HeldClaim>& claims() const { return m_claims; }
    const HeldClaim* find(const std::string& claim_key) const;
    const StatusCrdt& status_links() const { return m_status; }
    // Adds a status link pulled by anti-entropy (idempotent); true when new.
    bool add_link(const StatusLink& link);
    const std::vector<Mapping>& mappings() const { return m_mappings; }
    const std::vector<ContradictionLink>& contradictions() const { return m_contradictions; }
    const std::vector<Patch>& patches() const { return m_patches; }
    size_t active_count() const;
    // Switches candidate selection between the index and the exhaustive scan (benchmarks).
    void set_use_index(bool on) { m_options.use_index = on; }
    void set_bound_pruning(bool on) { m_options.bound_pruning = on; }
    // The slots the index proposes for a prepared text (before the status filter).
    std::vector<uint32_t> index_candidates(const PreparedText& text) const {
        return m_index.query(text.index_terms, m_options.index_limit);
    }

    const std::string& id() const { return m_id; }
    const KeyDirectory& directory() const { return m_directory; }
    // Takes `updated` as the directory when it only adds brains (KeyDirectory::additions_in), so a
    // running brain admits a new member's deltas; returns the added ids. Refused otherwise, unchanged.
    Result<std::vector<std::string>> admit_new_members(const KeyDirectory& updated);
    const Thresholds& thresholds() const { return m_thresholds; }
    const BrainOptions& options() const { return m_options; }
    const SignalEngine& engine() const { return *m_engine; }
    const std::shared_ptr<const SignalEngine>& engine_handle() const { return m_engine; }
    int authority() const;
    int64_t clock() const { return m_clock; }

private:
    // What admission learns from a delta alone (no brain state is read, so any thread may do it).
    struct CheckedDelta {
        std::optional<Admission> dropped;     // MAC failure or an empty delta
        std::string id;                       // Delta::id()
        std::optional<PreparedText> prepared;  // the incoming claim's text, analysed
        nlohmann::json json;                   // the delta as the Patch records it
        std::string canonical;                 // its canonical bytes (Delta::canonical_bytes())
        std::string subject;                   // claim_key() of the incoming claim
    };
    // MAC, validity and id; then, when `analyse`, what analyse() adds.
    CheckedDelta check(const Delta& delta, bool analyse = true) const;
    // The incoming text's analysis and claim key, the delta's JSON form and canonical bytes.
    void analyse(const Delta& delta, CheckedDelta& checked) const;
    bool is_duplicate(const Delta& delta, const std::string& id) const;
    // The rest of receive(): duplicates, decide, then apply; the Patch is sealed first when `seal`
    // (otherwise the caller seals it, and the copy kept in patches(), later).
    Admission admit_checked(const Delta& delta, CheckedDelta checked, bool seal);
    // `delta_json`: the delta's to_json(); `subject`: claim_key(b) (computed ahead by check()).
    Patch decide_claim(nlohmann::json delta_json, std::string subject, const Claim& b, const PreparedText& pb,
                       CandidateStats* stats) const;
    Patch decide_link(nlohmann::json delta_json, const StatusLink& link) const;
    void refresh_status(const std::string& claim_key);
    // `prepared`: the added claim's analysis when the caller has it (moved from); `delta_seen`: the
    // caller already recorded the incoming delta's id.
    void apply_verified(const Patch& patch, PreparedText* prepared = nullptr, bool delta_seen = false);

    std::string m_id;
    KeyDirectory m_directory;
    Thresholds m_thresholds;
    std::shared_ptr<const SignalEngine> m_engine;
    BrainOptions m_options;
    GateOptions m_gate;

    std::vector<HeldClaim> m_claims;
    std::unordered_map<std::string, std::vector<uint32_t>> m_by_key;
    CandidateIndex m_index;
    StatusCrdt m_status;
    std::unordered_map<std::string, ClaimStatus> m_status_cache;  // keys with at least one link
    std::vector<ClaimStatus> m_slot_status;  // status(m_claims[slot].key), read per candidate without hashing the key
    std::vector<Mapping> m_mappings;
    std::vector<ContradictionLink> m_contradictions;
    std::vector<Patch> m_patches;
    std::unordered_set<std::string> m_seen_deltas;
    std::vector<Delta> m_outbox;
    int64_t m_clock = 0;
};

}  // namespace bm::meld
