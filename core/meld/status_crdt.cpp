// StatusCrdt: union, read-time gated join, digest and symmetric difference.
#include "meld/status_crdt.h"

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::meld {

bool link_is_fresh(const StatusLink& link, const GateOptions& options) {
    return link.retention >= options.r_min && link.carried == ClaimStatus::kActive;
}

bool link_is_authorised(const StatusLink& link, const KeyDirectory& directory) {
    const DirectoryEntry* author = directory.find(link.author);
    if (!author) return false;
    if (!directory.covers(link.author, link.claim_scope)) return false;
    const int authority = std::min(author->authority, link.authority);  // asserted, bounded by the directory
    if (link.effect == ClaimStatus::kOverruled || link.effect == ClaimStatus::kRevoked)
        return authority >= directory.overrule_authority;
    return true;
}

std::string digest_bytes(const StatusDigest& digest) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [claim, d] : digest) j[claim] = {{"ids", d.ids}, {"hash", d.hash}};
    auto c = canonical_json(j);
    return c.ok() ? *c : std::string();
}

bool StatusCrdt::add(const StatusLink& link) {
    auto [it, inserted] = m_links.emplace(link.id, link);
    if (inserted) m_by_claim[link.claim].insert(link.id);
    return inserted;
}

const StatusLink* StatusCrdt::find(const std::string& link_id) const {
    auto it = m_links.find(link_id);
    return it == m_links.end() ? nullptr : &it->second;
}

ClaimStatus StatusCrdt::status(const std::string& claim, const KeyDirectory& directory,
                               const GateOptions& options) const {
    ClaimStatus s = ClaimStatus::kActive;
    auto it = m_by_claim.find(claim);
    if (it == m_by_claim.end()) return s;
    for (const auto& id : it->second) {
        const StatusLink& l = m_links.at(id);
        if (link_is_fresh(l, options) && link_is_authorised(l, directory)) s = join(s, l.effect);
    }
    return s;
}

std::vector<const StatusLink*> StatusCrdt::links_of(const std::string& claim) const {
    std::vector<const StatusLink*> out;
    auto it = m_by_claim.find(claim);
    if (it != m_by_claim.end())
        for (const auto& id : it->second) out.push_back(&m_links.at(id));
    return out;
}

StatusDigest StatusCrdt::digest() const {
    StatusDigest d;
    for (const auto& [claim, ids] : m_by_claim) {
        ClaimDigest cd;
        cd.ids.assign(ids.begin(), ids.end());
        std::string joined;
        for (const auto& id : cd.ids) joined += id + "\n";
        cd.hash = sha256_hex(joined).substr(0, 16);
        d.emplace(claim, std::move(cd));
    }
    return d;
}

std::vector<std::string> StatusCrdt::missing_from(const StatusDigest& peer) const {
    std::vector<std::string> out;
    for (const auto& [claim, pd] : peer) {
        auto mine = m_by_claim.find(claim);
        if (mine != m_by_claim.end()) {
            ClaimDigest cd;
            std::string joined;
            for (const auto& id : mine->second) joined += id + "\n";
            if (sha256_hex(joined).substr(0, 16) == pd.hash) continue;  // equal sets: nothing to pull
        }
        for (const auto& id : pd.ids)
            if (!m_links.count(id)) out.push_back(id);
    }
    return out;
}

}  // namespace bm::meld
