// Subjects, JSON bodies and the decoder of MELD transport messages.
#include "meld/transport/wire.h"

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::meld {

namespace {

constexpr size_t kMaxBody = 16 << 20;  // a delta or digest is small; refuse anything absurd

nlohmann::json digest_json(const StatusDigest& d) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [claim, cd] : d) j[claim] = {{"ids", cd.ids}, {"hash", cd.hash}};
    return j;
}

}  // namespace

const char* wire_topic_name(WireTopic t) {
    switch (t) {
        case WireTopic::kClaim:
            return "claim";
        case WireTopic::kLink:
            return "link";
        case WireTopic::kRepair:
            return "repair";
        case WireTopic::kDigest:
            return "digest";
    }
    return "claim";
}

std::string SignedDigest::signed_bytes() const {
    auto c = canonical_json(nlohmann::json{{"brain", brain}, {"digest", digest_json(digest)}});
    return c.ok() ? *c : std::string();
}

// As deltas, Patches and links: bytes that cannot be canonicalised (invalid UTF-8, NaN) are never
// signed (no MAC) and never verify.
void SignedDigest::sign(const KeyDirectory& directory) {
    mac = mac_hex(directory.key_for(brain), signed_bytes());
}

bool SignedDigest::verify(const KeyDirectory& directory) const {
    if (!directory.find(brain)) return false;
    return mac_verifies(mac, directory.key_for(brain), signed_bytes());
}

std::string subject_token(std::string_view cell) {
    std::string out;
    for (char c : cell) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == ':' || c == '-';
        out += ok ? c : '_';
    }
    return out.empty() ? "_" : out;
}

std::string wire_subject(const Delta& delta, WireTopic topic) {
    const std::vector<std::string>* cells = nullptr;
    if (delta.claim) cells = &delta.claim->scope.cells;
    if (delta.link) cells = &delta.link->claim_scope;
    const std::string cell = cells && !cells->empty() ? subject_token(cells->front()) : "global";
    return "meld." + cell + "." + wire_topic_name(topic);
}

std::string wire_inbox_subject(const std::string& recipient, WireTopic topic) {
    return "meld." + subject_token("inbox:" + recipient) + "." + wire_topic_name(topic);
}

std::string topic_filter_subject(std::string_view cell) { return "meld." + subject_token(cell) + ".>"; }

std::string inbox_filter_subject(const std::string& brain) { return "meld." + subject_token("inbox:" + brain) + ".>"; }

std::string any_cell_filter_subject(WireTopic topic) { return std::string("meld.*.") + wire_topic_name(topic); }

std::string digest_cell(const KeyDirectory& directory, const std::string& brain) {
    const DirectoryEntry* e = directory.find(brain);
    return e && !e->cells.empty() && e->cells.front() != "*" ? subject_token(e->cells.front()) : "global";
}

std::string encode_wire(const Delta& delta) { return delta.to_json().dump(); }

std::string encode_wire(const SignedDigest& d) {
    return nlohmann::json{{"brain", d.brain}, {"digest", digest_json(d.digest)}, {"mac", d.mac}}.dump();
}

Result<WireMessage> decode_wire(std::string_view subject, std::string_view body) {
    const std::string where(subject);
    WireMessage m;
    m.subject = where;
    const size_t dot = subject.rfind('.');
    if (subject.substr(0, 5) != "meld." || dot == std::string_view::npos || dot < 5)
        return Error::invalid_input("not a meld subject (expected meld.<cell>.<topic>)", Location{where});
    const std::string_view topic = subject.substr(dot + 1);
    if (topic == "claim") m.topic = WireTopic::kClaim;
    else if (topic == "link") m.topic = WireTopic::kLink;
    else if (topic == "repair") m.topic = WireTopic::kRepair;
    else if (topic == "digest") m.topic = WireTopic::kDigest;
    else return Error::invalid_input("unknown topic '" + std::string(topic) + "' (claim|link|repair|digest)", Location{where});
    if (body.size() > kMaxBody) return Error::invalid_input("message body over 16 MiB", Location{where});
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded()) return Error::invalid_input("message body is not JSON", Location{where});
    if (!j.is_object()) return Error::invalid_input("message body is not a JSON object", Location{where});
    if (m.topic != WireTopic::kDigest) {
        auto d = Delta::from_json(j, Location{where});
        if (!d) return d.error();
        if (m.topic == WireTopic::kClaim && !d->claim)
            return Error::invalid_input("a claim message carries no claim", Location{where, 0, -1, "claim"});
        if (m.topic != WireTopic::kClaim && !d->link)
            return Error::invalid_input("a link message carries no status link", Location{where, 0, -1, "link"});
        m.delta = std::move(*d);
        return m;
    }
    auto str = [&](const char* f, std::string& out) -> Status {
        if (!j.contains(f) || !j[f].is_string()) return Error::invalid_input("missing or not a string", Location{where, 0, -1, f});
        out = j[f].get<std::string>();
        return {};
    };
    m.digest.cell = std::string(subject.substr(5, dot - 5));
    if (auto s = str("brain", m.digest.brain); !s) return s.error();
    if (auto s = str("mac", m.digest.mac); !s) return s.error();
    if (!j.contains("digest") || !j["digest"].is_object())
        return Error::invalid_input("missing or not an object", Location{where, 0, -1, "digest"});
    for (const auto& [claim, cd] : j["digest"].items()) {
        const std::string field = "digest." + claim;
        if (!cd.is_object() || !cd.contains("ids") || !cd["ids"].is_array() || !cd.contains("hash") ||
            !cd["hash"].is_string())
            return Error::invalid_input("expected {\"ids\": [...], \"hash\": \"...\"}", Location{where, 0, -1, field});
        ClaimDigest out;
        out.hash = cd["hash"].get<std::string>();
        for (const auto& id : cd["ids"]) {
            if (!id.is_string()) return Error::invalid_input("a link id is not a string", Location{where, 0, -1, field + ".ids"});
            out.ids.push_back(id.get<std::string>());
        }
        m.digest.digest[claim] = std::move(out);
    }
    return m;
}

}  // namespace bm::meld
