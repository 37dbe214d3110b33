// StatusCrdt: a brain's grow-only set of status links, its read-time gated join, and the
// anti-entropy digest (SPEC §13.4).
//
// add() admits every link unconditionally (idempotent union). status() applies the staleness gate
// and the authorisation predicate at read time, as a pure function of each link's own fields and
// the key directory, so brains holding the same links read the same statuses in any delivery
// order. Thread-safety: a plain value; const methods are safe concurrently.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "meld/key_directory.h"
#include "meld/status_link.h"

namespace bm::meld {

struct GateOptions {
    double r_min = 0.10;
};

// The read-time gate: whether a link may materialise. Pure in (link, directory, options).
bool link_is_fresh(const StatusLink& link, const GateOptions& options);
bool link_is_authorised(const StatusLink& link, const KeyDirectory& directory);

// Per claim: the sorted link ids and a 16-hex set hash over them.
struct ClaimDigest {
    std::vector<std::string> ids;
    std::string hash;
};
using StatusDigest = std::map<std::string, ClaimDigest>;
// Canonical JSON of a digest (byte-identical for identical link sets).
std::string digest_bytes(const StatusDigest& digest);

class StatusCrdt {
public:
    // Adds a link; false when its id was already held (idempotent).
    bool add(const StatusLink& link);
    bool contains(const std::string& link_id) const { return m_links.count(link_id) != 0; }
    const StatusLink* find(const std::string& link_id) const;

    // The effective status: join of the effects of the links that pass the read-time gate;
    // active when none does.
    ClaimStatus status(const std::string& claim, const KeyDirectory& directory, const GateOptions& options) const;
    // Every link on a claim (materialising or not), in id order, for audit.
    std::vector<const StatusLink*> links_of(const std::string& claim) const;

    StatusDigest digest() const;
    // Ids of links the peer's digest lists that this set lacks.
    std::vector<std::string> missing_from(const StatusDigest& peer) const;

    size_t size() const { return m_links.size(); }
    const std::map<std::string, StatusLink>& links() const { return m_links; }

private:
    std::map<std::string, StatusLink> m_links;
    std::map<std::string, std::set<std::string>> m_by_claim;
};

}  // namespace bm::meld
