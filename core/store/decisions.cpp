// Append-only decision and model-resolution logs, the annotation digest, and the precedence rule.
#include "store/decisions.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <set>
#include <tuple>

#include "merge/snapshot.h"
#include "store/schema.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

using json = nlohmann::json;

namespace {

constexpr const char* kResolutionNames[] = {"choose", "both", "conditional", "unresolvable"};
constexpr const char* kDecisionNames[] = {"accept", "choose", "both", "conditional", "unresolvable", "revoke"};

std::string canonical_or_dump(const json& j) {
    auto c = canonical_json(j);
    return c ? *c : j.dump();
}

Result<json> parse_stored(const std::string& text, const std::string& path, const std::string& field) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error::corruption("stored " + field + " is not a JSON object", Location{path, 0, -1, field},
                                 "the workspace row was damaged outside BeliefMerge");
    return j;
}

Result<DecisionRecord> decision_from_row(Statement& q, const std::string& path) {
    DecisionRecord d;
    d.id = q.integer(0);
    d.reviewer = q.text(1);
    d.decided_at = q.text(2);
    d.slot_key = q.text(3);
    d.annotation_digest = q.text(4);
    d.reason = q.text(6);
    const Location where{path, 0, -1, "decisions[" + std::to_string(d.id) + "].decision"};
    auto body = parse_stored(q.text(5), path, where.field);
    if (!body) return body.error();
    auto kind = decision_kind_from_name(body->value("kind", ""));
    if (!kind) return Error::corruption("unknown decision kind", where, "the row was not written by BeliefMerge");
    d.kind = *kind;
    d.value = body->value("value", "");
    d.guard = body->value("guard", "");
    if (d.kind == DecisionKind::kRevoke) {
        const auto revokes = body->find("revokes");
        if (revokes == body->end() || !revokes->is_number_integer() || revokes->get<int64_t>() <= 0)
            return Error::corruption("a revoke names no decision", where, "the row was not written by BeliefMerge");
        d.revokes = revokes->get<int64_t>();
    }
    if (body->contains("accepted")) {
        auto r = resolution_from_json((*body)["accepted"], where);
        if (!r) return r.error();
        d.accepted = *r;
    }
    return d;
}

}  // namespace

const char* resolution_kind_name(ResolutionKind kind) { return kResolutionNames[static_cast<int>(kind)]; }

std::optional<ResolutionKind> resolution_kind_from_name(const std::string& name) {
    for (int i = 0; i < 4; ++i)
        if (name == kResolutionNames[i]) return static_cast<ResolutionKind>(i);
    return std::nullopt;
}

const char* decision_kind_name(DecisionKind kind) { return kDecisionNames[static_cast<int>(kind)]; }

std::optional<DecisionKind> decision_kind_from_name(const std::string& name) {
    for (int i = 0; i < 6; ++i)
        if (name == kDecisionNames[i]) return static_cast<DecisionKind>(i);
    return std::nullopt;
}

const char* resolution_origin_name(ResolutionOrigin origin) {
    switch (origin) {
        case ResolutionOrigin::kHuman: return "human";
        case ResolutionOrigin::kModel: return "model";
        case ResolutionOrigin::kNone: break;
    }
    return "none";
}

json resolution_to_json(const Resolution& r) {
    json j{{"kind", resolution_kind_name(r.kind)}, {"order_sensitive", r.order_sensitive}};
    if (r.kind == ResolutionKind::kChoose) j["value"] = r.value;
    if (r.kind == ResolutionKind::kConditional) j["guard"] = r.guard;
    if (!r.rationale.empty()) j["rationale"] = r.rationale;
    return j;
}

Result<Resolution> resolution_from_json(const json& j, const Location& where) {
    if (!j.is_object()) return Error::invalid_input("a resolution must be a JSON object", where);
    Resolution r;
    auto kind = j.contains("kind") && j["kind"].is_string() ? resolution_kind_from_name(j["kind"].get<std::string>())
                                                            : std::nullopt;
    if (!kind) {
        Location w = where;
        w.field += ".kind";
        return Error::invalid_input("resolution kind must be choose, both, conditional or unresolvable", w);
    }
    r.kind = *kind;
    if (j.contains("value") && j["value"].is_string()) r.value = j["value"].get<std::string>();
    if (j.contains("guard") && j["guard"].is_string()) r.guard = j["guard"].get<std::string>();
    if (j.contains("rationale") && j["rationale"].is_string()) r.rationale = j["rationale"].get<std::string>();
    if (j.contains("order_sensitive") && j["order_sensitive"].is_boolean())
        r.order_sensitive = j["order_sensitive"].get<bool>();
    return r;
}

Resolution DecisionRecord::resolution() const {
    switch (kind) {
        case DecisionKind::kAccept: {
            Resolution r = accepted.value_or(Resolution{});
            return r;
        }
        case DecisionKind::kChoose: return {ResolutionKind::kChoose, value, {}, false, reason};
        case DecisionKind::kBoth: return {ResolutionKind::kBoth, {}, {}, false, reason};
        case DecisionKind::kConditional: return {ResolutionKind::kConditional, {}, guard, false, reason};
        case DecisionKind::kUnresolvable:
        case DecisionKind::kRevoke: break;
    }
    return {ResolutionKind::kUnresolvable, {}, {}, false, reason};
}

std::string annotation_digest(const MergedSnapshot& snapshot, const Slot& slot) {
    // (value, source) → highest evidence: one source counts once per value (SPEC §2).
    std::map<std::pair<std::string, std::string>, int> best;
    for (const auto& v : slot.values)
        for (ClaimRef ref : v.supporters) {
            const Claim& c = snapshot.claim(ref);
            int& e = best[{v.value, c.source.branch_id}];
            e = std::max(e, static_cast<int>(c.evidence));
        }
    json opinions = json::array();
    for (const auto& [vs, e] : best) opinions.push_back(json::array({vs.first, vs.second, e}));
    return sha256_hex(canonical_or_dump(json{{"key", slot.key}, {"opinions", opinions}}));
}

Status validate_decision(const DecisionRecord& d, const Slot& slot) {
    const Location where{"decision", 0, -1, "slot " + d.slot_key};
    if (d.slot_key != slot.key) return Error::internal("decision for '" + d.slot_key + "' checked against '" + slot.key + "'");
    if (d.reviewer.empty())
        return Error::invalid_input("a decision needs a reviewer", where, "pass --reviewer NAME or set $USER");
    if (d.annotation_digest.empty()) return Error::invalid_input("a decision needs the annotation digest it was made against", where);
    switch (d.kind) {
        case DecisionKind::kChoose: {
            bool known = std::any_of(slot.values.begin(), slot.values.end(),
                                     [&](const SlotValue& v) { return v.value == d.value; });
            if (!known) {
                std::string values;
                for (const auto& v : slot.values) values += (values.empty() ? "" : ", ") + v.value;
                return Error::invalid_input("'" + d.value + "' is not a value of slot '" + slot.key + "'", where,
                                            "choose one of: " + values);
            }
            break;
        }
        case DecisionKind::kConditional:
            if (d.guard.empty())
                return Error::invalid_input("a conditional decision needs a guard", where,
                                            "say under which condition each value holds");
            break;
        case DecisionKind::kAccept:
            if (!d.accepted)
                return Error::invalid_input("there is no current model resolution to accept for '" + slot.key + "'",
                                            where, "run `beliefmerge adjudicate` first, or choose a value yourself");
            break;
        case DecisionKind::kRevoke:
            if (d.revokes <= 0) return Error::invalid_input("a revoke must name the decision it withdraws", where);
            break;
        case DecisionKind::kBoth:
        case DecisionKind::kUnresolvable: break;
    }
    return {};
}

EffectiveResolution effective_resolution(const std::string& slot_key, const std::string& current_digest,
                                         const std::vector<DecisionRecord>& decisions,
                                         const std::vector<ModelResolutionRecord>& model_resolutions) {
    EffectiveResolution out;
    out.slot_key = slot_key;
    out.annotation_digest = current_digest;
    for (const auto& m : model_resolutions) {
        if (m.slot_key != slot_key) continue;
        if (m.annotation_digest == current_digest) out.model = m;  // newest wins (id order)
        else out.stale_model.push_back(m);
    }
    std::set<int64_t> withdrawn;
    for (const auto& d : decisions)
        if (d.slot_key == slot_key && d.kind == DecisionKind::kRevoke) withdrawn.insert(d.revokes);
    std::optional<DecisionRecord> human;
    for (const auto& d : decisions) {
        if (d.slot_key != slot_key || d.kind == DecisionKind::kRevoke) continue;
        if (withdrawn.count(d.id)) out.revoked.push_back(d);
        else if (d.annotation_digest == current_digest) human = d;
        else out.stale_decisions.push_back(d);
    }
    if (human) {
        out.origin = ResolutionOrigin::kHuman;
        out.resolution = human->resolution();
        out.decision = std::move(human);
    } else if (out.model) {
        out.origin = ResolutionOrigin::kModel;
        out.resolution = out.model->resolution;
    }
    return out;
}

std::string utc_now_iso8601() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Result<std::unique_ptr<DecisionStore>> DecisionStore::open(const std::string& workspace_path) {
    auto db = open_workspace_db(workspace_path);
    if (!db) return db.error();
    return std::unique_ptr<DecisionStore>(new DecisionStore(std::move(db).value()));
}

Result<DecisionRecord> DecisionStore::append(DecisionRecord d) {
    const Location where{path(), 0, -1, "decision"};
    if (d.slot_key.empty()) return Error::invalid_input("a decision needs a slot key", where);
    if (d.reviewer.empty()) return Error::invalid_input("a decision needs a reviewer", where);
    if (d.annotation_digest.empty()) return Error::invalid_input("a decision needs an annotation digest", where);
    if (d.kind == DecisionKind::kConditional && d.guard.empty())
        return Error::invalid_input("a conditional decision needs a guard", where);
    if (d.kind == DecisionKind::kChoose && d.value.empty())
        return Error::invalid_input("a choose decision needs a value", where);
    if (d.kind == DecisionKind::kAccept && !d.accepted)
        return Error::invalid_input("an accept decision needs the accepted model resolution", where);
    if (d.kind == DecisionKind::kRevoke) {
        if (auto st = check_revoke(d); !st) return st.error();
    }
    if (d.decided_at.empty()) d.decided_at = utc_now_iso8601();
    json body{{"kind", decision_kind_name(d.kind)}};
    if (d.kind == DecisionKind::kRevoke) body["revokes"] = d.revokes;
    if (d.kind == DecisionKind::kChoose) body["value"] = d.value;
    if (d.kind == DecisionKind::kConditional) body["guard"] = d.guard;
    if (d.accepted) body["accepted"] = resolution_to_json(*d.accepted);
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    auto q = m_db->prepare(
        "INSERT INTO decisions(reviewer, decided_at, slot_key, annotation_digest, decision, reason) "
        "VALUES (?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, d.reviewer).bind(2, d.decided_at).bind(3, d.slot_key).bind(4, d.annotation_digest);
    q->bind(5, canonical_or_dump(body)).bind(6, d.reason);
    if (auto st = q->run(); !st) return st.error();
    d.id = sqlite3_last_insert_rowid(m_db->handle());
    if (auto st = tx.commit(); !st) return st.error();
    return d;
}

Status DecisionStore::check_revoke(const DecisionRecord& revoke) {
    const Location where{path(), 0, -1, "decision.revokes"};
    auto earlier = decisions_for_slot(revoke.slot_key);
    if (!earlier) return earlier.error();
    const auto target = std::find_if(earlier->begin(), earlier->end(), [&](const DecisionRecord& d) { return d.id == revoke.revokes; });
    if (target == earlier->end())
        return Error::invalid_input("decision " + std::to_string(revoke.revokes) + " is not a decision on '" + revoke.slot_key + "'", where);
    if (target->kind == DecisionKind::kRevoke) return Error::invalid_input("a revoke cannot be revoked", where, "decide again instead");
    for (const auto& d : *earlier)
        if (d.kind == DecisionKind::kRevoke && d.revokes == revoke.revokes)
            return Error::invalid_input("decision " + std::to_string(revoke.revokes) + " is already revoked", where);
    return {};
}

Result<ModelResolutionRecord> DecisionStore::append_model_resolution(ModelResolutionRecord r) {
    if (r.slot_key.empty() || r.annotation_digest.empty())
        return Error::invalid_input("a model resolution needs a slot key and an annotation digest",
                                    Location{path(), 0, -1, "model_resolution"});
    if (r.recorded_at.empty()) r.recorded_at = utc_now_iso8601();
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    auto q = m_db->prepare(
        "INSERT INTO model_resolutions(slot_key, annotation_digest, model, request_digest, resolution, recorded_at) "
        "VALUES (?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, r.slot_key).bind(2, r.annotation_digest).bind(3, r.model).bind(4, r.request_digest);
    q->bind(5, canonical_or_dump(resolution_to_json(r.resolution))).bind(6, r.recorded_at);
    if (auto st = q->run(); !st) return st.error();
    r.id = sqlite3_last_insert_rowid(m_db->handle());
    if (auto st = tx.commit(); !st) return st.error();
    return r;
}

Result<std::vector<DecisionRecord>> DecisionStore::decisions_for_slot(const std::string& slot_key) {
    return query_decisions(&slot_key);
}

Result<std::vector<DecisionRecord>> DecisionStore::all_decisions() { return query_decisions(nullptr); }

Result<std::vector<DecisionRecord>> DecisionStore::query_decisions(const std::string* slot_key) {
    auto q = m_db->prepare(std::string("SELECT id, reviewer, decided_at, slot_key, annotation_digest, decision, reason "
                                       "FROM decisions") +
                           (slot_key ? " WHERE slot_key = ?" : "") + " ORDER BY id");
    if (!q) return q.error();
    if (slot_key) q->bind(1, *slot_key);
    std::vector<DecisionRecord> out;
    while (true) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        auto d = decision_from_row(*q, path());
        if (!d) return d.error();
        out.push_back(std::move(*d));
    }
    return out;
}

Result<std::vector<ModelResolutionRecord>> DecisionStore::model_resolutions_for_slot(const std::string& slot_key) {
    auto q = m_db->prepare(
        "SELECT id, slot_key, annotation_digest, model, request_digest, resolution, recorded_at "
        "FROM model_resolutions WHERE slot_key = ? ORDER BY id");
    if (!q) return q.error();
    q->bind(1, slot_key);
    std::vector<ModelResolutionRecord> out;
    while (true) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        ModelResolutionRecord r;
        r.id = q->integer(0);
        r.slot_key = q->text(1);
        r.annotation_digest = q->text(2);
        r.model = q->text(3);
        r.request_digest = q->text(4);
        r.recorded_at = q->text(6);
        const Location where{path(), 0, -1, "model_resolutions[" + std::to_string(r.id) + "].resolution"};
        auto body = parse_stored(q->text(5), path(), where.field);
        if (!body) return body.error();
        auto res = resolution_from_json(*body, where);
        if (!res) return res.error();
        r.resolution = *res;
        out.push_back(std::move(r));
    }
    return out;
}

Result<std::vector<EffectiveResolution>> DecisionStore::effective(const MergedSnapshot& snapshot) {
    std::set<std::string> keys;
    for (const char* sql : {"SELECT DISTINCT slot_key FROM decisions", "SELECT DISTINCT slot_key FROM model_resolutions"}) {
        auto q = m_db->prepare(sql);
        if (!q) return q.error();
        while (true) {
            auto row = q->step();
            if (!row) return row.error();
            if (!*row) break;
            keys.insert(q->text(0));
        }
    }
    std::vector<EffectiveResolution> out;
    for (const auto& key : keys) {
        const Slot* slot = snapshot.find(key);
        auto decisions = decisions_for_slot(key);
        if (!decisions) return decisions.error();
        auto models = model_resolutions_for_slot(key);
        if (!models) return models.error();
        // A slot that vanished from the merge: everything recorded on it is stale.
        const std::string digest = slot ? annotation_digest(snapshot, *slot) : std::string("(slot absent)");
        out.push_back(effective_resolution(key, digest, *decisions, *models));
    }
    return out;
}

}  // namespace bm
