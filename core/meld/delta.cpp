// Delta and Claim JSON forms, and the delta MAC.
#include "meld/delta.h"

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::meld {

nlohmann::json claim_to_json(const Claim& c) {
    nlohmann::json j = {{"text", c.text},
                        {"scope", c.scope.cells},
                        {"confidence", c.confidence},
                        {"retention", c.retention},
                        {"status", claim_status_name(c.status)},
                        {"origin", c.origin},
                        {"authority", c.authority}};
    if (c.validity.from != std::numeric_limits<int64_t>::min()) j["valid_from"] = c.validity.from;
    if (c.validity.to != std::numeric_limits<int64_t>::max()) j["valid_to"] = c.validity.to;
    if (!c.trust.empty()) j["trust"] = c.trust;
    if (!c.provenance.empty()) j["provenance"] = c.provenance;
    return j;
}

void write_claim(CanonicalWriter& w, const Claim& c) {
    w.begin_object();
    w.key("authority").integer(c.authority);
    w.key("confidence").number(c.confidence);
    w.key("origin").string(c.origin);
    if (!c.provenance.empty()) w.key("provenance").strings(c.provenance);
    w.key("retention").number(c.retention);
    w.key("scope").strings(c.scope.cells);
    w.key("status").string(claim_status_name(c.status));
    w.key("text").string(c.text);
    if (!c.trust.empty()) w.key("trust").string(c.trust);
    if (c.validity.from != std::numeric_limits<int64_t>::min()) w.key("valid_from").integer(c.validity.from);
    if (c.validity.to != std::numeric_limits<int64_t>::max()) w.key("valid_to").integer(c.validity.to);
    w.end_object();
}

Result<Claim> claim_from_json(const nlohmann::json& j, const Location& where) {
    auto fail = [&](const std::string& field, const std::string& what) {
        Location at = where;
        at.field = at.field.empty() ? field : at.field + "." + field;
        return Error::invalid_input(what, at, "a claim needs a non-empty text; see docs/meld.md for the fields");
    };
    if (!j.is_object()) return fail("", "the claim is not a JSON object");
    Claim c;
    if (!j.contains("text") || !j["text"].is_string() || j["text"].get<std::string>().empty())
        return fail("text", "missing, empty or not a string");
    c.text = j["text"].get<std::string>();
    if (j.contains("scope")) {
        const auto& s = j["scope"];
        if (s.is_array()) {
            for (const auto& cell : s) {
                if (!cell.is_string() || cell.get<std::string>().find(':') == std::string::npos)
                    return fail("scope", "a cell is not a \"name:value\" string");
                c.scope.cells.push_back(cell.get<std::string>());
            }
        } else if (s.is_object()) {
            for (const auto& [name, value] : s.items()) {
                if (!value.is_string()) return fail("scope." + name, "a scope value is not a string");
                c.scope.cells.push_back(name + ":" + value.get<std::string>());
            }
        } else {
            return fail("scope", "not an array of \"name:value\" cells or an object");
        }
        c.scope.normalise();
    }
    auto number = [&](const char* f, double& out, double lo, double hi) -> std::optional<Error> {
        if (!j.contains(f)) return std::nullopt;
        if (!j[f].is_number()) return fail(f, "not a number");
        out = j[f].get<double>();
        if (out < lo || out > hi) return fail(f, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
        return std::nullopt;
    };
    if (auto e = number("confidence", c.confidence, 0, 1)) return *e;
    if (auto e = number("retention", c.retention, 0, 1)) return *e;
    if (j.contains("status")) {
        if (!j["status"].is_string()) return fail("status", "not a string");
        auto s = parse_claim_status(j["status"].get<std::string>());
        if (!s) return fail("status", "unknown status (active|deprecated|overruled|revoked)");
        c.status = *s;
    }
    if (j.contains("origin")) {
        if (!j["origin"].is_string()) return fail("origin", "not a string");
        c.origin = j["origin"].get<std::string>();
    }
    if (j.contains("authority")) {
        if (!j["authority"].is_number_integer()) return fail("authority", "not an integer");
        c.authority = j["authority"].get<int>();
    }
    if (j.contains("valid_from")) {
        if (!j["valid_from"].is_number_integer()) return fail("valid_from", "not an integer (seconds since the epoch)");
        c.validity.from = j["valid_from"].get<int64_t>();
    }
    if (j.contains("valid_to")) {
        if (!j["valid_to"].is_number_integer()) return fail("valid_to", "not an integer (seconds since the epoch)");
        c.validity.to = j["valid_to"].get<int64_t>();
    }
    if (j.contains("trust")) {
        if (!j["trust"].is_string()) return fail("trust", "not a string");
        c.trust = j["trust"].get<std::string>();
        if (c.trust != "trusted" && c.trust != "external" && c.trust != "untrusted")
            return fail("trust", "unknown trust label (trusted|external|untrusted)");
    }
    if (j.contains("provenance")) {
        if (!j["provenance"].is_array()) return fail("provenance", "not an array of strings");
        for (const auto& e : j["provenance"]) {
            if (!e.is_string()) return fail("provenance", "an entry is not a string");
            c.provenance.push_back(e.get<std::string>());
        }
    }
    if (c.validity.from >= c.validity.to) return fail("valid_to", "the validity interval is empty (valid_to <= valid_from)");
    return c;
}

namespace {

nlohmann::json unsigned_body(const Delta& d) {
    nlohmann::json j = {{"version", Delta::kVersion}, {"sender", d.sender}, {"sent", d.sent}};
    if (d.claim) {
        j["kind"] = "claim";
        j["claim"] = claim_to_json(*d.claim);
    } else if (d.link) {
        j["kind"] = "status";
        j["link"] = d.link->to_json();
    }
    return j;
}

}  // namespace

namespace {

// canonical_json(unsigned_body(d)), plus the MAC member when `mac`, written directly in key order.
std::string canonical_delta(const Delta& d, bool mac) {
    CanonicalWriter w;
    w.begin_object();
    if (d.claim) {
        w.key("claim");
        write_claim(w, *d.claim);
        w.key("kind").string("claim");
    } else if (d.link) {
        w.key("kind").string("status");
        w.key("link");
        d.link->write(w, /*with_id=*/true);
    }
    if (mac) w.key("mac").string(d.mac);
    w.key("sender").string(d.sender);
    w.key("sent").integer(d.sent);
    w.key("version").integer(Delta::kVersion);
    w.end_object();
    return std::move(w).bytes();
}

}  // namespace

std::string Delta::signed_bytes() const { return canonical_delta(*this, /*mac=*/false); }

std::string Delta::canonical_bytes() const { return canonical_delta(*this, /*mac=*/true); }

void Delta::sign(const KeyDirectory& directory) {
    // Bytes that cannot be canonicalised (invalid UTF-8, NaN) are never signed: no MAC, never verified.
    mac = mac_hex(directory.key_for(sender), signed_bytes());
}

bool mac_equal(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

std::string mac_hex(const std::string& key, const std::string& bytes) {
    return key.empty() || bytes.empty() ? std::string() : to_hex(hmac_sha256(key, bytes));
}

bool mac_verifies(const std::string& mac, const std::string& key, const std::string& bytes) {
    return mac.size() == 64 && !key.empty() && !bytes.empty() && mac_equal(mac, to_hex(hmac_sha256(key, bytes)));
}

bool Delta::verify(const KeyDirectory& directory) const { return verify(directory, signed_bytes()); }

bool Delta::verify(const KeyDirectory& directory, const std::string& signed_bytes) const {
    return mac_verifies(mac, directory.key_for(sender), signed_bytes);
}

std::string Delta::id() const { return sha256_hex(signed_bytes()); }

nlohmann::json Delta::to_json() const {
    nlohmann::json j = unsigned_body(*this);
    j["mac"] = mac;
    return j;
}

Result<Delta> Delta::from_json(const nlohmann::json& j, const Location& where) {
    auto fail = [&](const std::string& field, const std::string& what) {
        Location at = where;
        at.field = field;
        return Error::invalid_input(what, at, "a delta is {version, kind: claim|status, sender, sent, claim|link, mac}");
    };
    if (!j.is_object()) return fail("", "the delta is not a JSON object");
    if (!j.contains("version") || !j["version"].is_number_integer()) return fail("version", "missing or not an integer");
    if (j["version"].get<int>() > kVersion)
        return Error::unsupported("delta version " + std::to_string(j["version"].get<int>()) + " is newer than this build",
                                  where, "upgrade BeliefMerge");
    Delta d;
    if (!j.contains("sender") || !j["sender"].is_string()) return fail("sender", "missing or not a string");
    d.sender = j["sender"].get<std::string>();
    if (j.contains("sent")) {
        if (!j["sent"].is_number_integer()) return fail("sent", "not an integer");
        d.sent = j["sent"].get<int64_t>();
    }
    if (!j.contains("mac") || !j["mac"].is_string()) return fail("mac", "missing or not a string");
    d.mac = j["mac"].get<std::string>();
    if (!j.contains("kind") || !j["kind"].is_string()) return fail("kind", "missing or not a string");
    const std::string kind = j["kind"].get<std::string>();
    Location inner = where;
    if (kind == "claim") {
        if (!j.contains("claim")) return fail("claim", "missing");
        inner.field = "claim";
        auto c = claim_from_json(j["claim"], inner);
        if (!c.ok()) return c.error();
        d.claim = std::move(c).value();
    } else if (kind == "status") {
        if (!j.contains("link")) return fail("link", "missing");
        inner.field = "link";
        auto l = StatusLink::from_json(j["link"], inner);
        if (!l.ok()) return l.error();
        d.link = std::move(l).value();
    } else {
        return fail("kind", "unknown kind '" + kind + "' (claim|status)");
    }
    return d;
}

}  // namespace bm::meld
