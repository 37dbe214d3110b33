// Canonical re-adjudication order and the graph fingerprint.
#include "meld/canonical.h"

#include <algorithm>
#include <map>

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::meld {

std::vector<Delta> admitted_deltas(const Brain& brain) {
    std::vector<Delta> out;
    for (const Patch& p : brain.patches()) {
        auto d = Delta::from_json(p.delta, Location{"patch " + p.id, 0, -1, "delta"});
        if (d.ok()) out.push_back(std::move(d).value());
    }
    return out;
}

std::unique_ptr<Brain> readjudicate(const Brain& like, std::vector<Delta> deltas) {
    auto rank = [](const Delta& d) {
        // Claims before status links; claims by authority (desc), validity start, key; links by id.
        if (d.claim)
            return std::make_tuple(0, -d.claim->authority, d.claim->validity.from, claim_key(*d.claim), d.id());
        return std::make_tuple(1, 0, int64_t{0}, d.link->id, d.id());
    };
    std::sort(deltas.begin(), deltas.end(), [&](const Delta& a, const Delta& b) { return rank(a) < rank(b); });
    auto fresh = std::make_unique<Brain>(like.id(), like.directory(), like.thresholds(),
                                         like.engine_handle(),
                                         like.options());
    for (const Delta& d : deltas) (void)fresh->receive(d);
    return fresh;
}

std::string graph_fingerprint(const Brain& brain) {
    std::map<std::string, std::string> live;
    for (const auto& c : brain.claims()) live[c.key] = claim_status_name(brain.status(c.key));
    std::vector<std::string> links;
    for (const auto& m : brain.mappings()) links.push_back("map|" + m.kind + "|" + m.from + "|" + m.to);
    for (const auto& c : brain.contradictions())
        links.push_back("contradicts|" + std::min(c.a, c.b) + "|" + std::max(c.a, c.b));
    std::map<std::string, std::vector<std::string>> groups;  // representative -> members
    for (const auto& [id, l] : brain.status_links().links())
        if (l.kind == "supersedes") {
            links.push_back("supersedes|" + l.claim + "|" + l.target);
            groups[l.target].push_back(l.claim);
        }
    std::sort(links.begin(), links.end());
    nlohmann::json rep = nlohmann::json::object();
    for (auto& [target, members] : groups) {
        std::sort(members.begin(), members.end());
        rep[target] = members;
    }
    nlohmann::json j = {{"claims", live}, {"links", links}, {"representatives", rep}};
    auto c = canonical_json(j);
    return sha256_hex(c.ok() ? *c : std::string());
}

}  // namespace bm::meld
