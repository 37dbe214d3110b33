// Adjudication prompt, reply validation (invented values, guards) and the symmetry check.
#include "adjudicate/adjudication_contract.h"

#include <algorithm>
#include <set>

#include "merge/selection.h"

namespace bm {

using json = nlohmann::json;

namespace {

const char* kSystemPrompt =
    R"(You settle ties between values of one topic that different branches of agent conversations assert with equal evidence.
For each conflict answer with exactly one outcome:
- "choose": one of the listed options is right; "value" must be copied exactly from the options.
- "both": the options are compatible aspects and all hold.
- "conditional": each holds under a condition; "guard" states the condition.
- "unresolvable": the evidence does not decide it. This is a good answer when true.
Never answer with a value that is not listed. The order of the options means nothing.
Return JSON only: {"resolutions":[{"key":"...","outcome":"choose|both|conditional|unresolvable","value":"...","guard":"...","rationale":"one sentence"}]})";

std::string str_field(const json& o, const char* name) {
    if (!o.is_object() || !o.contains(name) || !o[name].is_string()) return {};
    return o[name].get<std::string>();
}

}  // namespace

std::vector<DisputeCase> disputes_for_adjudication(const MergedSnapshot& snapshot, size_t limit) {
    std::vector<DisputeCase> cases;
    for (const auto& slot : snapshot.slots) {
        if (slot.state != SlotState::kDisputed) continue;
        DisputeCase c;
        c.key = slot.key;
        c.type = slot.type;
        c.annotation_digest = annotation_digest(snapshot, slot);
        std::set<std::string> sources;
        for (const auto& v : slot.values) {
            for (ClaimRef r : v.supporters) sources.insert(snapshot.claim(r).source.branch_id);
            if (std::find(slot.tied.begin(), slot.tied.end(), v.value) == slot.tied.end()) continue;
            DisputeOption o{v.value, v.evidence, {}};
            std::set<std::string> quoted;
            for (ClaimRef r : v.supporters) {
                const Claim& cl = snapshot.claim(r);
                if (!cl.quote.empty() && quoted.insert(cl.source.branch_id).second) o.quotes.push_back(cl.quote);
            }
            c.options.push_back(std::move(o));
        }
        c.sources = sources.size();
        if (c.options.size() >= 2) cases.push_back(std::move(c));
    }
    std::stable_sort(cases.begin(), cases.end(), [](const DisputeCase& a, const DisputeCase& b) {
        return a.sources != b.sources ? a.sources > b.sources : a.key < b.key;
    });
    if (cases.size() > limit) cases.resize(limit);
    return cases;
}

ChatRequest adjudication_request(const std::vector<DisputeCase>& cases, const std::string& model, bool reversed) {
    std::string user = "Conflicts:\n";
    for (const auto& c : cases) {
        user += "\nkey \"" + c.key + "\" (" + slot_type_name(c.type) + "), options:\n";
        std::vector<const DisputeOption*> options;
        for (const auto& o : c.options) options.push_back(&o);
        if (reversed) std::reverse(options.begin(), options.end());
        for (const DisputeOption* o : options) {
            std::string ev;
            for (int e : o->evidence) ev += (ev.empty() ? "" : ",") + std::to_string(e);
            user += "- \"" + o->value + "\" (evidence " + ev + ")";
            for (const auto& q : o->quotes) user += " | \"" + q + "\"";
            user += "\n";
        }
    }
    ChatRequest r;
    r.model = model;
    r.purpose = "adjudicate";
    r.reasoning_effort = "low";
    r.max_tokens = 4096;
    r.messages = {{"system", kSystemPrompt}, {"user", user}};
    return r;
}

AdjudicationParse parse_adjudication(const std::string& content, const std::vector<DisputeCase>& cases) {
    AdjudicationParse out;
    auto parsed = parse_json_content(content);
    if (!parsed.ok || !parsed.value.is_object() || !parsed.value.contains("resolutions") ||
        !parsed.value["resolutions"].is_array()) {
        out.error = {ModelErrorKind::kMalformed,
                     parsed.ok ? std::string("the adjudication reply has no \"resolutions\" array")
                               : "the adjudication reply is not JSON: " + parsed.error,
                     0, content.substr(0, 300)};
        return out;
    }
    for (const auto& item : parsed.value["resolutions"]) {
        ++out.report.in_reply;
        const std::string key = str_field(item, "key");
        auto c = std::find_if(cases.begin(), cases.end(), [&](const DisputeCase& d) { return d.key == key; });
        if (c == cases.end()) {
            ++out.report.unknown_keys;
            out.report.rejected.push_back(key + ": not a key that was asked");
            continue;
        }
        std::string outcome = str_field(item, "outcome");
        if (outcome.empty()) outcome = str_field(item, "kind");
        auto kind = resolution_kind_from_name(outcome);
        if (!kind) {
            ++out.report.bad_outcomes;
            out.report.rejected.push_back(key + ": unknown outcome '" + outcome + "'");
            continue;
        }
        Resolution r;
        r.kind = *kind;
        r.rationale = str_field(item, "rationale");
        if (r.kind == ResolutionKind::kChoose) {
            r.value = str_field(item, "value");
            bool tied = std::any_of(c->options.begin(), c->options.end(),
                                    [&](const DisputeOption& o) { return o.value == r.value; });
            if (!tied) {
                ++out.report.invented_values;
                out.report.rejected.push_back(key + ": chose '" + r.value.substr(0, 80) +
                                              "', which is not one of the tied values (rejected; the tie stands)");
                continue;
            }
        }
        if (r.kind == ResolutionKind::kConditional) {
            r.guard = str_field(item, "guard");
            if (r.guard.empty()) {
                ++out.report.missing_guards;
                out.report.rejected.push_back(key + ": conditional without a guard (rejected)");
                continue;
            }
        }
        if (out.resolutions.count(key)) continue;  // the first answer for a key counts
        out.resolutions.emplace(key, std::move(r));
        ++out.report.accepted;
    }
    out.ok = true;
    return out;
}

SymmetryResult symmetry_check(const std::vector<DisputeCase>& cases, const std::map<std::string, Resolution>& forward,
                              const std::map<std::string, Resolution>& reversed) {
    SymmetryResult out;
    for (const auto& c : cases) {
        auto f = forward.find(c.key);
        auto r = reversed.find(c.key);
        if (f == forward.end() || r == reversed.end()) {
            if (f != forward.end() || r != reversed.end()) out.dropped.push_back(c.key);
            continue;
        }
        const bool same = f->second.kind == r->second.kind &&
                          (f->second.kind != ResolutionKind::kChoose || f->second.value == r->second.value);
        if (same) {
            out.resolutions.emplace(c.key, f->second);
        } else {
            Resolution down;
            down.kind = ResolutionKind::kUnresolvable;
            down.order_sensitive = true;
            down.rationale = std::string("order-sensitive: '") + resolution_kind_name(f->second.kind) +
                             (f->second.value.empty() ? "" : " " + f->second.value) + "' forward, '" +
                             resolution_kind_name(r->second.kind) +
                             (r->second.value.empty() ? "" : " " + r->second.value) + "' with options reversed";
            out.resolutions.emplace(c.key, std::move(down));
            out.order_sensitive.push_back(c.key);
        }
    }
    return out;
}

}  // namespace bm
