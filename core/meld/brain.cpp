// Brain: MAC check, decide, apply; status reads through the CRDT; authoring and the outbox.
#include "meld/brain.h"

#include <atomic>
#include <cstdint>
#include <functional>

#include "meld/pipeline_worker.h"
#include "util/hash.h"

namespace bm::meld {

Brain::Brain(std::string id, KeyDirectory directory, Thresholds thresholds, std::shared_ptr<const SignalEngine> engine,
             BrainOptions options)
    : m_id(std::move(id)), m_directory(std::move(directory)), m_thresholds(std::move(thresholds)),
      m_engine(std::move(engine)), m_options(options) {
    m_gate.r_min = m_thresholds.r_min;
}

int Brain::authority() const {
    const DirectoryEntry* e = m_directory.find(m_id);
    return e ? e->authority : 0;
}

Result<std::vector<std::string>> Brain::admit_new_members(const KeyDirectory& updated) {
    auto added = m_directory.additions_in(updated);
    if (!added) return added.error();
    if (added->empty()) return added;
    m_directory = updated;  // no link of a new member was admitted before: every status stands
    return added;
}

ClaimStatus Brain::status(const std::string& claim_key) const {
    auto it = m_status_cache.find(claim_key);
    return it == m_status_cache.end() ? ClaimStatus::kActive : it->second;
}

const HeldClaim* Brain::find(const std::string& claim_key) const {
    auto it = m_by_key.find(claim_key);
    return it == m_by_key.end() || it->second.empty() ? nullptr : &m_claims[it->second.front()];
}

size_t Brain::active_count() const {
    size_t n = 0;
    for (const auto& c : m_claims) n += status(c.key) == ClaimStatus::kActive;
    return n;
}

void Brain::refresh_status(const std::string& claim_key) {
    const ClaimStatus now = m_status.status(claim_key, m_directory, m_gate);
    m_status_cache[claim_key] = now;
    if (auto it = m_by_key.find(claim_key); it != m_by_key.end())
        for (uint32_t slot : it->second) m_slot_status[slot] = now;
}

bool Brain::add_link(const StatusLink& link) {
    if (!m_status.add(link)) return false;
    refresh_status(link.claim);
    return true;
}

Patch Brain::decide(const Delta& delta, CandidateStats* stats) const {
    if (delta.link) return decide_link(delta.to_json(), *delta.link);
    const PreparedText pb = m_engine->prepare(delta.claim->text);
    return decide_claim(delta.to_json(), claim_key(*delta.claim), *delta.claim, pb, stats);
}

Brain::CheckedDelta Brain::check(const Delta& delta, bool analyse) const {
    CheckedDelta out;
    auto drop = [&](Admission::Outcome outcome, const char* reason) {
        out.dropped.emplace();
        out.dropped->outcome = outcome;
        out.dropped->reason = reason;
        return std::move(out);
    };
    // MAC first: an unverifiable delta is dropped before any signal is read (not a reject).
    const std::string signed_bytes = delta.signed_bytes();
    if (!delta.verify(m_directory, signed_bytes))
        return drop(Admission::Outcome::kDroppedMac, "MAC does not verify under the sender's key");
    if (!delta.claim && !delta.link)
        return drop(Admission::Outcome::kInvalid, "the delta carries neither a claim nor a status link");
    out.id = sha256_hex(signed_bytes);  // == delta.id()
    if (analyse) this->analyse(delta, out);
    return out;
}

void Brain::analyse(const Delta& delta, CheckedDelta& checked) const {
    // The incoming text is analysed once, for the procedure and for the held claim it may become.
    if (delta.claim) {
        checked.prepared = m_engine->prepare(delta.claim->text);
        checked.subject = claim_key(*delta.claim);
    }
    checked.json = delta.to_json();
    checked.canonical = delta.canonical_bytes();
}

bool Brain::is_duplicate(const Delta& delta, const std::string& id) const {
    return m_seen_deltas.count(id) || (delta.link && m_status.contains(delta.link->id));
}

Admission Brain::admit_checked(const Delta& delta, CheckedDelta checked, bool seal) {
    if (checked.dropped) return std::move(*checked.dropped);
    Admission out;
    if (is_duplicate(delta, checked.id)) {
        out.outcome = Admission::Outcome::kDuplicate;
        out.reason = "already admitted (idempotent re-delivery)";
        return out;
    }
    std::optional<PreparedText>& prepared = checked.prepared;
    Patch patch = prepared ? decide_claim(std::move(checked.json), std::move(checked.subject), *delta.claim, *prepared, nullptr)
                           : decide_link(std::move(checked.json), *delta.link);
    if (seal && m_options.sign_patches) patch.seal(m_directory, checked.canonical);
    m_seen_deltas.insert(std::move(checked.id));
    apply_verified(patch, prepared ? &*prepared : nullptr, /*delta_seen=*/true);  // decided here a moment ago
    out.patch = std::move(patch);
    return out;
}

Admission Brain::receive(const Delta& delta) {
    CheckedDelta checked = check(delta, /*analyse=*/false);
    // A re-delivery is recognised by its id before its text is analysed.
    if (!checked.dropped && !is_duplicate(delta, checked.id)) analyse(delta, checked);
    return admit_checked(delta, std::move(checked), /*seal=*/true);
}

std::vector<Admission> Brain::receive_all(std::span<const Delta> deltas, bool pipelined) {
    std::vector<Admission> out(deltas.size());
    if (!pipelined || deltas.size() < 2) {
        for (size_t i = 0; i < deltas.size(); ++i) out[i] = receive(deltas[i]);
        return out;
    }
    // Chunk c is decided and applied here while the worker seals chunk c-1 and checks chunk c+1;
    // when this thread is done with chunk c it takes the worker's remaining items too (an atomic
    // cursor hands out each item once). The three touch disjoint elements, and every hand-over
    // happens across the worker's start and finish of a task (a mutex).
    constexpr size_t kChunk = 128;
    const size_t n = deltas.size(), chunks = (n + kChunk - 1) / kChunk;
    std::vector<CheckedDelta> checked(n);
    std::vector<size_t> kept(n, SIZE_MAX);    // where apply kept an unsealed copy in m_patches
    std::vector<std::string> delta_bytes(n);  // each delta's canonical bytes, until its Patch is sealed
    auto first = [&](size_t chunk) { return std::min(n, chunk * kChunk); };
    auto seal = [&](size_t i) {
        Admission& a = out[i];
        if (a.patch && m_options.sign_patches && a.patch->mac.empty()) a.patch->seal(m_directory, delta_bytes[i]);
        std::string().swap(delta_bytes[i]);
    };
    struct Items {
        size_t seal_begin = 0, seal_end = 0, check_begin = 0, check_end = 0;
        std::atomic<size_t> cursor{0};
    };
    auto work = [&](Items& items) {
        const size_t seals = items.seal_end - items.seal_begin;
        const size_t total = seals + (items.check_end - items.check_begin);
        for (size_t k; (k = items.cursor.fetch_add(1, std::memory_order_relaxed)) < total;) {
            if (k < seals) {
                seal(items.seal_begin + k);
            } else {
                const size_t i = items.check_begin + (k - seals);
                checked[i] = check(deltas[i]);
            }
        }
    };
    // The Patches kept in patches() were copied unsealed: give them their id and MAC. Also when an
    // exception ends the batch, so the brain never keeps an unsealed Patch.
    size_t admitted = 0;  // out[0, admitted) were decided and applied
    auto settle = [&] {
        for (size_t i = 0; i < admitted; ++i) {
            seal(i);
            if (kept[i] != SIZE_MAX) {
                m_patches[kept[i]].id = out[i].patch->id;
                m_patches[kept[i]].mac = out[i].patch->mac;
            }
        }
    };
    try {
        PipelineWorker worker;
        Items ahead;
        ahead.check_end = first(1);
        const std::function<void()> check_ahead = [&] { work(ahead); };
        worker.run(check_ahead, check_ahead);  // chunk 0's checks, on both threads
        for (size_t c = 0; c < chunks; ++c) {
            Items items;
            items.seal_begin = c > 0 ? first(c - 1) : 0;
            items.seal_end = c > 0 ? first(c) : 0;
            items.check_begin = first(c + 1);
            items.check_end = first(c + 2);
            worker.run([&] { work(items); }, [&] {
                for (size_t i = first(c); i < first(c + 1); ++i) {
                    const size_t before = m_patches.size();
                    delta_bytes[i] = std::move(checked[i].canonical);
                    out[i] = admit_checked(deltas[i], std::move(checked[i]), /*seal=*/false);
                    admitted = i + 1;
                    if (m_patches.size() > before) kept[i] = before;
                }
                work(items);
            });
        }
    } catch (...) {
        settle();
        throw;
    }
    settle();
    return out;
}

Admission Brain::receive_patch(const Patch& patch) {
    Admission out;
    if (!patch.verify(m_directory)) {
        out.outcome = Admission::Outcome::kDroppedMac;
        out.reason = "Patch id or MAC does not verify (altered after signing)";
        return out;
    }
    auto delta = Delta::from_json(patch.delta, Location{"patch " + patch.id, 0, -1, "delta"});
    if (!delta.ok()) {
        out.outcome = Admission::Outcome::kInvalid;
        out.reason = delta.error().to_string();
        return out;
    }
    return receive(*delta);  // re-adjudicated here: the decision recorded by the author is not trusted
}

Status Brain::apply(const Patch& patch) {
    if (m_options.sign_patches && !patch.verify(m_directory))
        return Error::refused("Patch " + patch.id + " does not verify; not applied",
                              "the Patch was altered after signing or signed with another key");
    apply_verified(patch);
    return {};
}

void Brain::apply_verified(const Patch& patch, PreparedText* prepared, bool delta_seen) {
    if (patch.added_claim) {
        HeldClaim held;
        held.claim = *patch.added_claim;
        if (prepared && prepared->text == held.claim.text) {
            held.key = patch.subject;  // decide_claim keyed the incoming claim, which is the added one
            held.prepared = std::move(*prepared);
        } else {
            held.key = claim_key(held.claim);
            held.prepared = m_engine->prepare(held.claim.text);
        }
        held.seq = static_cast<int64_t>(m_claims.size());
        const auto slot = static_cast<uint32_t>(m_claims.size());
        m_index.add(slot, held.prepared.index_terms);
        m_by_key[held.key].push_back(slot);
        m_slot_status.push_back(status(held.key));
        m_claims.push_back(std::move(held));
    }
    for (const StatusLink& l : patch.links) add_link(l);
    m_mappings.insert(m_mappings.end(), patch.mappings.begin(), patch.mappings.end());
    m_contradictions.insert(m_contradictions.end(), patch.contradictions.begin(), patch.contradictions.end());
    m_clock = std::max(m_clock, patch.time);
    if (!delta_seen && patch.delta.is_object() && patch.delta.contains("mac")) {
        auto d = Delta::from_json(patch.delta, Location{"patch"});
        if (d.ok()) m_seen_deltas.insert(d->id());
    }
    if (m_options.keep_patches) m_patches.push_back(patch);
}

Admission Brain::assert_claim(Claim claim) {
    claim.scope.normalise();
    if (claim.origin.empty()) claim.origin = m_id;
    Delta d;
    d.sender = m_id;
    d.sent = m_clock + 1;
    d.claim = std::move(claim);
    d.sign(m_directory);
    Admission a = receive(d);
    if (a.outcome == Admission::Outcome::kAdmitted) m_outbox.push_back(std::move(d));
    return a;
}

Admission Brain::author_link(StatusLink link) {
    link.author = m_id;
    if (link.authority == 0) link.authority = authority();
    if (link.issued == 0) link.issued = m_clock + 1;
    link.seal();
    Delta d;
    d.sender = m_id;
    d.sent = m_clock + 1;
    d.link = std::move(link);
    d.sign(m_directory);
    Admission a = receive(d);
    if (a.outcome == Admission::Outcome::kAdmitted) m_outbox.push_back(std::move(d));
    return a;
}

std::vector<Delta> Brain::take_outbox() {
    std::vector<Delta> out;
    out.swap(m_outbox);
    return out;
}

}  // namespace bm::meld
