// Patch JSON form, content id and MAC.
#include "meld/patch.h"

#include "util/canonical_writer.h"
#include "util/hash.h"

namespace bm::meld {

const char* decision_name(Decision d) {
    switch (d) {
        case Decision::kInsert: return "insert";
        case Decision::kMerge: return "merge";
        case Decision::kRelate: return "relate";
        case Decision::kConflict: return "conflict";
        case Decision::kReject: return "reject";
        case Decision::kStatus: return "status";
    }
    return "insert";
}

std::optional<Decision> parse_decision(std::string_view name) {
    for (Decision d : {Decision::kInsert, Decision::kMerge, Decision::kRelate, Decision::kConflict, Decision::kReject,
                       Decision::kStatus})
        if (name == decision_name(d)) return d;
    return std::nullopt;
}

namespace {

// The Patch body in canonical form, written member by member in key order (brain < decision <
// delta < deltas < gates < id < provider < …). The members below and above "id" are kept apart,
// so one canonicalisation serves both the id (without it) and the MAC (with it).
struct CanonicalBody {
    std::string below_id, above_id;  // "{...": brain … gates; "...}": provider … version
    std::string bytes(const std::string* id) const {
        if (below_id.empty() || above_id.empty()) return {};
        return below_id + (id ? ",\"id\":\"" + *id + "\"," : std::string(",")) + above_id;
    }
};

// The body's members apart from the delta: those whose keys sort below "delta" and between
// "delta" and "id" (brain, decision; deltas, gates), and those above "id".
struct BodyParts {
    nlohmann::json before_delta, before_id, after_id;
};

BodyParts body_parts(const Patch& p) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& l : p.links) links.push_back(l.to_json());
    nlohmann::json mappings = nlohmann::json::array();
    for (const auto& m : p.mappings)
        mappings.push_back({{"from", m.from}, {"to", m.to}, {"kind", m.kind}, {"weight", m.weight}});
    nlohmann::json contradictions = nlohmann::json::array();
    for (const auto& c : p.contradictions)
        contradictions.push_back(
            {{"a", c.a}, {"b", c.b}, {"context_a", c.context_a}, {"context_b", c.context_b}, {"rule", c.rule}});
    nlohmann::json deltas = {{"links", std::move(links)}, {"mappings", std::move(mappings)},
                             {"contradictions", std::move(contradictions)}};
    if (p.added_claim) deltas["claim"] = claim_to_json(*p.added_claim);
    BodyParts parts;
    parts.before_delta = {{"brain", p.brain}, {"decision", decision_name(p.decision)}};
    parts.before_id = {{"deltas", std::move(deltas)}, {"gates", p.gates}};
    parts.after_id = {{"version", Patch::kVersion},
                      {"rule", p.rule},
                      {"subject", p.subject},
                      {"target", p.target},
                      {"thresholds", p.thresholds.to_json()},
                      {"provider", p.provider},
                      {"time", p.time}};
    if (p.signals)
        parts.after_id["signals"] = {{"kappa", p.signals->kappa},
                                     {"sigma", p.signals->sigma},
                                     {"chi", p.signals->chi},
                                     {"chi_rule", p.signals->chi_rule}};
    return parts;
}

// `delta_canonical`: canonical_json(p.delta) when the caller has it (else it is computed here).
CanonicalBody canonical_body(const Patch& p, std::string_view delta_canonical = {}) {
    CanonicalWriter below;
    below.begin_object();
    below.key("brain").string(p.brain);
    below.key("decision").string(decision_name(p.decision));
    below.key("delta");
    if (delta_canonical.empty()) below.json(p.delta);
    else below.canonical(delta_canonical);
    below.key("deltas").begin_object();
    if (p.added_claim) {
        below.key("claim");
        write_claim(below, *p.added_claim);
    }
    below.key("contradictions").begin_array();
    for (const auto& c : p.contradictions) {
        below.begin_object();
        below.key("a").string(c.a).key("b").string(c.b);
        below.key("context_a").string(c.context_a).key("context_b").string(c.context_b);
        below.key("rule").string(c.rule);
        below.end_object();
    }
    below.end_array();
    below.key("links").begin_array();
    for (const auto& l : p.links) l.write(below, /*with_id=*/true);
    below.end_array();
    below.key("mappings").begin_array();
    for (const auto& m : p.mappings) {
        below.begin_object();
        below.key("from").string(m.from).key("kind").string(m.kind).key("to").string(m.to).key("weight").number(m.weight);
        below.end_object();
    }
    below.end_array();
    below.end_object();
    below.key("gates").strings(p.gates);
    below.end_object();

    CanonicalWriter above;
    above.begin_object();
    above.key("provider").string(p.provider);
    above.key("rule").string(p.rule);
    if (p.signals) {
        above.key("signals").begin_object();
        above.key("chi").string(p.signals->chi).key("chi_rule").string(p.signals->chi_rule);
        above.key("kappa").boolean(p.signals->kappa).key("sigma").number(p.signals->sigma);
        above.end_object();
    }
    above.key("subject").string(p.subject);
    above.key("target").string(p.target);
    above.key("thresholds");
    write_thresholds(above, p.thresholds);
    above.key("time").integer(p.time);
    above.key("version").integer(Patch::kVersion);
    above.end_object();

    CanonicalBody body{std::move(below).bytes(), std::move(above).bytes()};
    if (body.below_id.size() < 2 || body.above_id.size() < 2) return {};
    body.below_id.pop_back();   // "}"
    body.above_id.erase(0, 1);  // "{"
    return body;
}

}  // namespace

std::string Patch::body_bytes() const { return canonical_body(*this).bytes(nullptr); }

void Patch::seal(const KeyDirectory& directory) { seal(directory, {}); }

void Patch::seal(const KeyDirectory& directory, std::string_view delta_canonical) {
    const CanonicalBody body = canonical_body(*this, delta_canonical);  // built once for the id and the MAC
    const std::string unsigned_bytes = body.bytes(nullptr);
    if (unsigned_bytes.empty()) {  // not canonicalisable (invalid UTF-8, NaN): never signed, never verifies
        id.clear();
        mac.clear();
        return;
    }
    id = sha256_hex(unsigned_bytes);
    mac = mac_hex(directory.key_for(brain), body.bytes(&id));
}

std::string Patch::verify_failure(const KeyDirectory& directory) const {
    if (mac.size() != 64) return "the MAC is not 64 hex digits";
    const CanonicalBody body = canonical_body(*this);
    const std::string unsigned_bytes = body.bytes(nullptr);
    if (unsigned_bytes.empty() || id != sha256_hex(unsigned_bytes))
        return "the id does not match the body (altered after signing)";
    if (directory.key_for(brain).empty()) return "the key directory holds no key for the author " + brain;
    if (!mac_verifies(mac, directory.key_for(brain), body.bytes(&id)))
        return "the MAC does not verify under " + brain + "'s key (altered after signing, or another key)";
    return {};
}

nlohmann::json Patch::to_json() const {
    BodyParts parts = body_parts(*this);
    nlohmann::json j = std::move(parts.before_delta);
    j.update(parts.before_id);
    j.update(parts.after_id);
    j["delta"] = delta;
    j["id"] = id;
    j["mac"] = mac;
    return j;
}

Result<Patch> Patch::from_json(const nlohmann::json& j, const Location& where) {
    auto fail = [&](const std::string& field, const std::string& what) {
        Location at = where;
        at.field = field;
        return Error::corruption(what, at, "the Patch record is damaged; it was not applied");
    };
    if (!j.is_object()) return fail("", "the Patch is not a JSON object");
    Patch p;
    auto str = [&](const char* f, std::string& out) -> bool {
        if (!j.contains(f) || !j[f].is_string()) return false;
        out = j[f].get<std::string>();
        return true;
    };
    std::string decision;
    for (auto [f, out] : {std::pair<const char*, std::string*>{"id", &p.id}, {"brain", &p.brain}, {"decision", &decision},
                          {"rule", &p.rule}, {"subject", &p.subject}, {"target", &p.target}, {"provider", &p.provider},
                          {"mac", &p.mac}})
        if (!str(f, *out)) return fail(f, "missing or not a string");
    auto d = parse_decision(decision);
    if (!d) return fail("decision", "unknown decision '" + decision + "'");
    p.decision = *d;
    if (!j.contains("time") || !j["time"].is_number_integer()) return fail("time", "missing or not an integer");
    p.time = j["time"].get<int64_t>();
    if (!j.contains("gates") || !j["gates"].is_array()) return fail("gates", "missing or not an array");
    for (const auto& g : j["gates"]) {
        if (!g.is_string()) return fail("gates", "a gate is not a string");
        p.gates.push_back(g.get<std::string>());
    }
    if (!j.contains("thresholds")) return fail("thresholds", "missing");
    auto th = Thresholds::from_json(j["thresholds"], where.file);
    if (!th.ok()) return th.error();
    p.thresholds = *th;
    p.delta = j.value("delta", nlohmann::json());
    if (j.contains("signals")) {
        const auto& s = j["signals"];
        if (!s.is_object() || !s.contains("kappa") || !s["kappa"].is_boolean() || !s.contains("sigma") ||
            !s["sigma"].is_number() || !s.contains("chi") || !s["chi"].is_string() || !s.contains("chi_rule") ||
            !s["chi_rule"].is_string())
            return fail("signals", "malformed signals {kappa, sigma, chi, chi_rule}");
        p.signals = PatchSignals{s["kappa"].get<bool>(), s["sigma"].get<double>(), s["chi"].get<std::string>(),
                                 s["chi_rule"].get<std::string>()};
    }
    if (!j.contains("deltas") || !j["deltas"].is_object()) return fail("deltas", "missing or not an object");
    const auto& deltas = j["deltas"];
    if (deltas.contains("claim")) {
        Location at = where;
        at.field = "deltas.claim";
        auto c = claim_from_json(deltas["claim"], at);
        if (!c.ok()) return c.error();
        p.added_claim = std::move(c).value();
    }
    for (const char* f : {"links", "mappings", "contradictions"})
        if (!deltas.contains(f) || !deltas[f].is_array()) return fail(std::string("deltas.") + f, "missing or not an array");
    for (const auto& l : deltas["links"]) {
        Location at = where;
        at.field = "deltas.links";
        auto link = StatusLink::from_json(l, at);
        if (!link.ok()) return link.error();
        p.links.push_back(std::move(link).value());
    }
    for (const auto& m : deltas["mappings"]) {
        if (!m.is_object() || !m.contains("from") || !m["from"].is_string() || !m.contains("to") || !m["to"].is_string() ||
            !m.contains("kind") || !m["kind"].is_string() || !m.contains("weight") || !m["weight"].is_number())
            return fail("deltas.mappings", "malformed mapping {from, to, kind, weight}");
        p.mappings.push_back({m["from"].get<std::string>(), m["to"].get<std::string>(), m["kind"].get<std::string>(),
                              m["weight"].get<double>()});
    }
    for (const auto& c : deltas["contradictions"]) {
        if (!c.is_object()) return fail("deltas.contradictions", "not an object");
        ContradictionLink link;
        for (auto [f, out] : {std::pair<const char*, std::string*>{"a", &link.a}, {"b", &link.b},
                              {"context_a", &link.context_a}, {"context_b", &link.context_b}, {"rule", &link.rule}})
            if (!c.contains(f) || !c[f].is_string()) return fail(std::string("deltas.contradictions.") + f, "missing");
            else *out = c[f].get<std::string>();
        p.contradictions.push_back(std::move(link));
    }
    return p;
}

}  // namespace bm::meld
