// Alignment prompt (with the worked derivedFrom example) and validation of the model's slots.
#include "adjudicate/alignment_contract.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "extract/claim_origin.h"
#include "extract/oracle_extractor.h"

namespace bm {

using json = nlohmann::json;

namespace {

const char* kSystemPrompt =
    R"(You align facts across branches of agent conversations. Read every branch, then return ONE JSON object:
{"slots":[{"key":"dotted.lowercase.topic","type":"Fact|Decision|Constraint|Refuted|Goal|OpenQ|Artifact",
"derivedFrom":["premise.key", ...],
"opinions":[{"source":"<branch id>","value":"short lowercase value","evidence":1-4,"quote":"verbatim text"}]}]}
Rules:
- Use ONE key per topic across all branches, even when branches phrase it differently; competing values go in the same slot.
- "source" is exactly one of the branch ids given. Never invent a source.
- "quote" is copied verbatim (character for character) from that branch's text.
- evidence: 4 the user stated it, 3 a tool/command result showed it, 2 the assistant concluded it, 1 speculation or hedged.
- derivedFrom lists the keys of slots this slot was concluded from (because/since/so/therefore); only keys of slots you return.
- Skip chatter. Output JSON only.
Worked example. Branch "b1": [user] We use PostgreSQL for the database. [assistant] Since we use PostgreSQL, the ORM is SQLAlchemy.
Branch "b2": [user] The database is MySQL.
Answer: {"slots":[{"key":"database","type":"Fact","derivedFrom":[],"opinions":[{"source":"b1","value":"postgresql","evidence":4,"quote":"We use PostgreSQL for the database."},{"source":"b2","value":"mysql","evidence":4,"quote":"The database is MySQL."}]},{"key":"orm","type":"Decision","derivedFrom":["database"],"opinions":[{"source":"b1","value":"sqlalchemy","evidence":2,"quote":"the ORM is SQLAlchemy"}]}]})";

std::string lower_words(const std::string& s, bool keep_dots) {
    std::string out;
    bool pending_sep = false;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c >= 0x80 || (keep_dots && c == '.') || c == '-') {
            if (pending_sep && !out.empty() && out.back() != '.' && !(keep_dots && c == '.')) out += '_';
            pending_sep = false;
            out += static_cast<char>(std::tolower(c));
        } else {
            pending_sep = true;
        }
    }
    // No empty dotted segments.
    std::string clean;
    for (char c : out) {
        if (c == '.' && (clean.empty() || clean.back() == '.')) continue;
        clean += c;
    }
    while (!clean.empty() && clean.back() == '.') clean.pop_back();
    return clean;
}

std::string str_field(const json& o, const char* name) {
    if (!o.is_object() || !o.contains(name)) return {};
    const json& v = o[name];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number() || v.is_boolean()) return v.dump();
    return {};
}

void add_count(std::string& out, int n, const char* what) {
    if (n <= 0) return;
    out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + what;
}

}  // namespace

std::string normalise_model_key(const std::string& key) { return lower_words(key, true); }
std::string normalise_model_value(const std::string& value) { return lower_words(value, false); }

std::string AlignmentReport::summary() const {
    std::string dropped;
    add_count(dropped, unknown_sources, "unknown source(s)");
    add_count(dropped, unverified_quotes, "non-verbatim quote(s)");
    add_count(dropped, unknown_derived_from, "unknown derivedFrom key(s)");
    add_count(dropped, empty_keys_or_values, "empty key(s) or value(s)");
    std::string out = "kept " + std::to_string(opinions_kept) + "/" + std::to_string(opinions_in_reply) +
                      " opinions in " + std::to_string(slots_kept) + "/" + std::to_string(slots_in_reply) + " slots";
    out += "; dropped: " + (dropped.empty() ? std::string("none") : dropped);
    if (bad_types) out += "; " + std::to_string(bad_types) + " unknown type(s) read as Fact";
    if (evidence_clamped) out += "; " + std::to_string(evidence_clamped) + " evidence level(s) clamped";
    return out;
}

std::string alignment_message_text(const Message& m) {
    std::string out;
    for (const auto& b : m.blocks) {
        if (b.kind != BlockKind::kText && b.kind != BlockKind::kToolResult) continue;
        if (b.text.empty()) continue;
        if (!out.empty()) out += "\n\n";
        out += b.text;
    }
    return out;
}

std::vector<AlignmentBranch> alignment_branches(const std::vector<Session>& sessions, const ExtractOptions& options) {
    std::vector<AlignmentBranch> out;
    for (const auto& session : sessions) {
        const auto per_branch = contributed_messages(session, parent_is_loaded(session, sessions), options);
        for (size_t bi = 0; bi < session.branches.size(); ++bi) {
            AlignmentBranch b{session.branches[bi].id, &session, {}};
            for (const Message* m : per_branch[bi]) {
                if (!claim_origin(*m, BlockKind::kText, false, false) && !options.include_plugin_messages) continue;
                if (alignment_message_text(*m).empty()) continue;
                b.messages.push_back(m);
            }
            out.push_back(std::move(b));
        }
    }
    return out;
}

ChatRequest alignment_request(const std::vector<AlignmentBranch>& branches, const std::string& model) {
    std::string user = "Branches (ids in quotes). Align every fact, decision, constraint, goal and open question.\n";
    for (const auto& b : branches) {
        user += "\n=== branch \"" + b.branch_id + "\" ===\n";
        for (const Message* m : b.messages) user += "[" + std::string(role_name(m->role)) + "] " + alignment_message_text(*m) + "\n";
    }
    ChatRequest r;
    r.model = model;
    r.purpose = "align";
    r.reasoning_effort = "low";  // explicit: an inherited high effort spent the reference's whole budget
    r.max_tokens = 8192;
    r.messages = {{"system", kSystemPrompt}, {"user", user}};
    return r;
}

AlignmentValidation validate_alignment(const std::string& content, const std::vector<AlignmentBranch>& branches,
                                       const ExtractOptions& options) {
    AlignmentValidation out;
    auto parsed = parse_json_content(content);
    if (!parsed.ok || !parsed.value.is_object() || !parsed.value.contains("slots") || !parsed.value["slots"].is_array()) {
        out.error = {ModelErrorKind::kMalformed,
                     parsed.ok ? std::string("the alignment reply has no \"slots\" array")
                               : "the alignment reply is not JSON: " + parsed.error,
                     0, content.substr(0, 300)};
        return out;
    }
    const json& slots = parsed.value["slots"];
    std::map<std::string, size_t> branch_index;
    for (size_t i = 0; i < branches.size(); ++i) branch_index.emplace(branches[i].branch_id, i);
    // Keys of the reply's slots (normalised) for derivedFrom checks.
    std::set<std::string> reply_keys;
    for (const auto& s : slots) {
        std::string k = normalise_model_key(str_field(s, "key"));
        if (!k.empty()) reply_keys.insert(k);
    }
    out.branches.reserve(branches.size());
    for (const auto& b : branches) out.branches.push_back({b.branch_id, b.session ? b.session->id : "", {}});
    // Claims collected per branch with their message position, sorted into message order afterwards.
    std::vector<std::vector<std::pair<size_t, Claim>>> collected(branches.size());
    std::set<std::string> kept_keys;
    for (const auto& s : slots) {
        ++out.report.slots_in_reply;
        const std::string key = normalise_model_key(str_field(s, "key"));
        const json empty = json::array();
        const json& opinions = s.is_object() && s.contains("opinions") && s["opinions"].is_array() ? s["opinions"] : empty;
        out.report.opinions_in_reply += static_cast<int>(opinions.size());
        if (key.empty()) {
            out.report.empty_keys_or_values += 1;
            continue;
        }
        std::string type_name = str_field(s, "type");
        auto type = slot_type_from_name(type_name);
        if (!type) {
            // Accept any capitalisation of the enum names before calling it unknown.
            std::string lower = type_name;
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
            for (const char* n : {"Fact", "Decision", "Constraint", "Refuted", "Goal", "OpenQ", "Artifact"}) {
                std::string ln = n;
                std::transform(ln.begin(), ln.end(), ln.begin(), [](unsigned char c) { return std::tolower(c); });
                if (ln == lower) type = slot_type_from_name(n);
            }
            if (!type) {
                ++out.report.bad_types;
                type = SlotType::kFact;
            }
        }
        std::vector<std::vector<std::string>> routes;
        if (s.is_object() && s.contains("derivedFrom") && s["derivedFrom"].is_array()) {
            for (const auto& d : s["derivedFrom"]) {
                std::vector<std::string> route;
                bool route_ok = true;
                auto take = [&](const json& item) {
                    std::string pk = item.is_string() ? normalise_model_key(item.get<std::string>()) : std::string();
                    if (pk.empty() || pk == key || !reply_keys.count(pk)) {
                        ++out.report.unknown_derived_from;
                        route_ok = false;
                    } else {
                        route.push_back(pk);
                    }
                };
                if (d.is_array()) for (const auto& item : d) take(item);
                else take(d);
                if (route_ok && !route.empty()) {
                    std::sort(route.begin(), route.end());
                    routes.push_back(std::move(route));
                }
            }
        }
        bool any = false;
        for (const auto& o : opinions) {
            const std::string source = str_field(o, "source");
            auto bi = branch_index.find(source);
            if (bi == branch_index.end()) {
                ++out.report.unknown_sources;
                continue;
            }
            const std::string value = normalise_model_value(str_field(o, "value"));
            if (value.empty()) {
                ++out.report.empty_keys_or_values;
                continue;
            }
            const std::string quote = str_field(o, "quote");
            const AlignmentBranch& branch = branches[bi->second];
            const Message* found = nullptr;
            size_t offset = std::string::npos, position = 0;
            if (!quote.empty()) {
                for (size_t mi = 0; mi < branch.messages.size() && !found; ++mi) {
                    size_t at = alignment_message_text(*branch.messages[mi]).find(quote);
                    if (at != std::string::npos) {
                        found = branch.messages[mi];
                        offset = at;
                        position = mi;
                    }
                }
            }
            if (!found) {
                ++out.report.unverified_quotes;
                continue;
            }
            int evidence = 2;
            if (o.contains("evidence") && o["evidence"].is_number()) {
                double e = o["evidence"].get<double>();
                int clamped = static_cast<int>(std::clamp(e, 1.0, 4.0));
                if (clamped != e) ++out.report.evidence_clamped;
                evidence = clamped;
            } else {
                ++out.report.evidence_clamped;
            }
            // Only the user's own words are user evidence (as for the oracle extractor).
            auto origin = claim_origin(*found, BlockKind::kText, false, false);
            if (found->role != Role::kUser && evidence == 4) {
                evidence = 3;
                ++out.report.evidence_clamped;
            }
            if (!origin || found->source.kind == SourceKind::kPlugin || found->source.kind == SourceKind::kUnknown)
                evidence = 1;
            Claim c;
            c.key = key;
            c.value = value;
            c.type = *type;
            c.evidence = static_cast<EvidenceLevel>(evidence);
            c.provenance_rank = origin ? origin->provenance_rank : provenance_rank::kPluginOrUnknown;
            c.trust = trust_for_message(*found, branch.session ? branch.session->id : "", "", options.trust);
            c.source = {branch.branch_id, branch.session ? branch.session->id : "", found->id, found->seq,
                        role_name(found->role), source_kind_name(found->source.kind), {}};
            c.quote = quote;
            c.quote_offset = static_cast<int64_t>(offset);
            c.derived_from = routes;
            c.time = found->time;
            collected[bi->second].emplace_back(position, std::move(c));
            ++out.report.opinions_kept;
            any = true;
        }
        if (any) kept_keys.insert(key);
    }
    out.report.slots_kept = static_cast<int>(kept_keys.size());
    for (size_t i = 0; i < collected.size(); ++i) {
        std::stable_sort(collected[i].begin(), collected[i].end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [pos, c] : collected[i]) {
            // A premise that lost all its opinions names no slot any more.
            for (auto& route : c.derived_from)
                route.erase(std::remove_if(route.begin(), route.end(), [&](const std::string& k) { return !kept_keys.count(k); }),
                            route.end());
            c.derived_from.erase(std::remove_if(c.derived_from.begin(), c.derived_from.end(),
                                                [](const auto& r) { return r.empty(); }),
                                 c.derived_from.end());
            out.branches[i].claims.push_back(std::move(c));
        }
    }
    out.ok = true;
    return out;
}

}  // namespace bm
