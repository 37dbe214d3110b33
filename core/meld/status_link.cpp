// StatusLink JSON form and content address.
#include "meld/status_link.h"

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::meld {

namespace {

nlohmann::json body(const StatusLink& l) {
    return {{"claim", l.claim},       {"claim_scope", l.claim_scope}, {"effect", claim_status_name(l.effect)},
            {"kind", l.kind},         {"target", l.target},           {"author", l.author},
            {"authority", l.authority}, {"retention", l.retention},   {"carried", claim_status_name(l.carried)},
            {"issued", l.issued}};
}

}  // namespace

void StatusLink::seal() {
    CanonicalWriter w;
    write(w, /*with_id=*/false);
    const std::string bytes = std::move(w).bytes();
    id = bytes.empty() ? std::string() : sha256_hex(bytes);  // not canonicalisable: no id, never matches
}

void StatusLink::write(CanonicalWriter& w, bool with_id) const {
    w.begin_object();
    w.key("author").string(author);
    w.key("authority").integer(authority);
    w.key("carried").string(claim_status_name(carried));
    w.key("claim").string(claim);
    w.key("claim_scope").strings(claim_scope);
    w.key("effect").string(claim_status_name(effect));
    if (with_id) w.key("id").string(id);
    w.key("issued").integer(issued);
    w.key("kind").string(kind);
    w.key("retention").number(retention);
    w.key("target").string(target);
    w.end_object();
}

nlohmann::json StatusLink::to_json() const {
    nlohmann::json j = body(*this);
    j["id"] = id;
    return j;
}

Result<StatusLink> StatusLink::from_json(const nlohmann::json& j, const Location& where) {
    auto fail = [&](const std::string& field, const std::string& what) {
        Location at = where;
        at.field = at.field.empty() ? field : at.field + "." + field;
        return Error::invalid_input(what, at, "a status link needs id, claim, effect, kind, author (docs/meld.md)");
    };
    if (!j.is_object()) return fail("", "the status link is not an object");
    StatusLink l;
    auto str = [&](const char* f, std::string& out, bool required) -> bool {
        if (!j.contains(f)) return !required;
        if (!j[f].is_string()) return false;
        out = j[f].get<std::string>();
        return true;
    };
    if (!str("id", l.id, true)) return fail("id", "missing or not a string");
    if (!str("claim", l.claim, true)) return fail("claim", "missing or not a string");
    if (!str("kind", l.kind, true)) return fail("kind", "missing or not a string");
    if (!str("author", l.author, true)) return fail("author", "missing or not a string");
    if (!str("target", l.target, false)) return fail("target", "not a string");
    std::string effect, carried = "active";
    if (!str("effect", effect, true)) return fail("effect", "missing or not a string");
    if (!str("carried", carried, false)) return fail("carried", "not a string");
    auto e = parse_claim_status(effect);
    if (!e) return fail("effect", "unknown status '" + effect + "' (active|deprecated|overruled|revoked)");
    auto c = parse_claim_status(carried);
    if (!c) return fail("carried", "unknown status '" + carried + "'");
    l.effect = *e;
    l.carried = *c;
    if (j.contains("claim_scope")) {
        if (!j["claim_scope"].is_array()) return fail("claim_scope", "not an array");
        for (const auto& s : j["claim_scope"]) {
            if (!s.is_string()) return fail("claim_scope", "a cell is not a string");
            l.claim_scope.push_back(s.get<std::string>());
        }
    }
    if (j.contains("authority")) {
        if (!j["authority"].is_number_integer()) return fail("authority", "not an integer");
        l.authority = j["authority"].get<int>();
    }
    if (j.contains("retention")) {
        if (!j["retention"].is_number()) return fail("retention", "not a number");
        l.retention = j["retention"].get<double>();
    }
    if (j.contains("issued")) {
        if (!j["issued"].is_number_integer()) return fail("issued", "not an integer");
        l.issued = j["issued"].get<int64_t>();
    }
    const std::string claimed_id = l.id;
    l.seal();
    if (l.id != claimed_id) return fail("id", "the id does not match the link's content (altered link)");
    return l;
}

}  // namespace bm::meld
