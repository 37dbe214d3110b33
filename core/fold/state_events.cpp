// Lexical rules mapping archived messages to state events (objective, constraints, evidence, failures…).
#include "fold/state_events.h"

#include <algorithm>
#include <cctype>

#include "fold/archive.h"
#include "util/hash.h"

namespace bm {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::vector<std::string> sentences(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        size_t b = cur.find_first_not_of(" \t\r\n");
        size_t e = cur.find_last_not_of(" \t\r\n");
        if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
        cur.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        cur += c;
        if (c == '\n' || ((c == '.' || c == '!' || c == '?') && (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n')))
            flush();
    }
    flush();
    return out;
}

bool contains_any(const std::string& haystack, std::initializer_list<const char*> needles) {
    for (const char* n : needles)
        if (haystack.find(n) != std::string::npos) return true;
    return false;
}

std::string short_id(const std::string& text) { return sha256_hex(lower(text)).substr(0, 12); }

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string text_of(const nlohmann::json& archived, const char* kind) {
    std::string out;
    for (const auto& b : archived.value("blocks", nlohmann::json::array()))
        if (b.is_object() && b.value("kind", "") == kind && b.contains("text") && b["text"].is_string()) {
            if (!out.empty()) out += "\n";
            out += b["text"].get<std::string>();
        }
    return out;
}

bool key_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'; }

// name=value tokens (no spaces); the name starts with a letter.
std::vector<std::pair<std::string, std::string>> assignments(const std::string& text) {
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t eq = text.find('='); eq != std::string::npos; eq = text.find('=', eq + 1)) {
        size_t b = eq;
        while (b > 0 && key_char(text[b - 1])) --b;
        size_t e = eq + 1;
        while (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e])) && text[e] != ',' && text[e] != ';' &&
               text[e] != '`' && text[e] != '"' && text[e] != '\'')
            ++e;
        if (b == eq || e == eq + 1 || !std::isalpha(static_cast<unsigned char>(text[b]))) continue;
        if (e < text.size() && text[e] == '=') continue;  // ==
        out.emplace_back(text.substr(b, eq - b), text.substr(eq + 1, e - eq - 1));
        if (out.size() >= 16) break;
    }
    return out;
}

std::string tool_key(const std::string& name) { return name.empty() ? "unknown" : name; }

}  // namespace

std::vector<StateEvent> derive_state_events(const nlohmann::json& m, const StateReducer& state,
                                            const CallNames& call_names) {
    std::vector<StateEvent> out;
    if (!m.is_object()) return out;
    const int64_t seq = m.value("seq", int64_t{0});
    const std::string role = m.value("role", "");
    const std::vector<int64_t> refs{seq};
    auto event = [&](AnchorKind kind, StateKey key, std::string value, EvidenceKind support) {
        StateEvent e;
        e.kind = kind;
        e.key = std::move(key);
        e.value = std::move(value);
        e.authority = role;
        e.support = support;
        e.source_seqs = refs;
        return e;
    };

    // Text a plugin or the harness wrote into a user turn (hook feedback, meta notices) is not the
    // user's: it sets no objective, obligation or constraint.
    const auto source = m.find("source");
    const bool injected = source != m.end() && source->is_object() && source->value("kind", "") == "plugin";
    if (role == "user" && !injected) {
        const std::string text = text_of(m, "text");
        if (!text.empty()) {
            const StateKey objective{"task", "session", "objective"};
            if (!state.find(objective))
                out.push_back(event(AnchorKind::kObjective, objective, first_line(text), EvidenceKind::kAssertion));
            else
                out.push_back(event(AnchorKind::kObligation, {"obligation", "user", "request"}, first_line(text),
                                    EvidenceKind::kAssertion));
            for (const auto& s : sentences(text)) {
                const std::string l = " " + lower(s) + " ";
                if (contains_any(l, {" must ", " never ", " do not ", " don't ", " always ", " only "}))
                    out.push_back(event(AnchorKind::kConstraint, {"constraint", "user", short_id(s)}, s,
                                        EvidenceKind::kAssertion));
            }
            for (const auto& [k, v] : assignments(text))
                out.push_back(event(AnchorKind::kValue, {"value", "config", k}, v, EvidenceKind::kAssertion));
        }
    }

    if (role == "assistant") {
        const std::string text = text_of(m, "text");
        for (const auto& s : sentences(text)) {
            const std::string l = " " + lower(s) + " ";
            if (contains_any(l, {" i'll use ", " i will use ", " decided ", " we'll use ", " going with ", " let's use "}))
                out.push_back(event(AnchorKind::kDecision, {"decision", "assistant", short_id(s)}, s,
                                    EvidenceKind::kAssertion));
            if (contains_any(l, {" fixed", " tests pass", " resolved", " works now", " is done"})) {
                // An assertion: open failures may become RESOLVED, never VERIFIED.
                for (const auto& a : state.heads())
                    if (a.kind == AnchorKind::kFailure && a.failure && *a.failure != FailureStatus::kResolved) {
                        StateEvent e = event(AnchorKind::kFailure, a.key, s, EvidenceKind::kAssertion);
                        e.failure = FailureStatus::kResolved;
                        out.push_back(std::move(e));
                    }
            }
        }
        for (const auto& [k, v] : assignments(text))
            out.push_back(event(AnchorKind::kValue, {"value", "config", k}, v, EvidenceKind::kAssertion));
        for (const auto& b : m.value("blocks", nlohmann::json::array())) {
            if (!b.is_object() || b.value("kind", "") != "tool_call") continue;
            const std::string name = tool_key(b.value("name", ""));
            const StateKey failure_key{"failure", "tool", name};
            if (const Anchor* f = state.find(failure_key); f && f->failure == FailureStatus::kOpen) {
                StateEvent e = event(AnchorKind::kFailure, failure_key, "retrying " + name, EvidenceKind::kAssertion);
                e.failure = FailureStatus::kInvestigating;
                out.push_back(std::move(e));
            }
            auto args = nlohmann::json::parse(b.value("arguments", ""), nullptr, false);
            if (args.is_object())
                for (const char* field : {"path", "file_path", "filename", "file"})
                    if (args.contains(field) && args[field].is_string() && !args[field].get<std::string>().empty()) {
                        out.push_back(event(AnchorKind::kArtifact, {"artifact", "file", args[field].get<std::string>()},
                                            name, EvidenceKind::kAssertion));
                        break;
                    }
        }
    }

    // Tool results (any role carrying tool_result blocks): empirical evidence.
    for (const auto& b : m.value("blocks", nlohmann::json::array())) {
        if (!b.is_object() || b.value("kind", "") != "tool_result") continue;
        std::string name = b.value("name", "");
        if (auto it = call_names.find(b.value("id", "")); name.empty() && it != call_names.end()) name = it->second;
        if (name.empty()) name = m.value("source", nlohmann::json::object()).value("name", "");
        if (name.empty()) name = "call";
        const bool failed = b.value("isError", false);
        const std::string excerpt = first_line(b.value("text", ""));
        out.push_back(event(AnchorKind::kEvidence, {"evidence", "tool", name}, (failed ? "error: " : "ok: ") + excerpt,
                            EvidenceKind::kEmpirical));
        const StateKey failure_key{"failure", "tool", name};
        if (failed) {
            StateEvent e = event(AnchorKind::kFailure, failure_key, excerpt, EvidenceKind::kEmpirical);
            e.failure = FailureStatus::kOpen;
            out.push_back(std::move(e));
        } else if (state.find(failure_key)) {
            StateEvent e = event(AnchorKind::kFailure, failure_key, "verified by a successful " + name + " result",
                                 EvidenceKind::kEmpirical);
            e.failure = FailureStatus::kVerified;
            e.evidence.push_back({seq, EvidenceKind::kEmpirical});
            out.push_back(std::move(e));
        }
    }
    return out;
}

ReduceCounts reduce_messages(StateReducer& state, const nlohmann::json& archived_messages, M3bReducer* m3b) {
    ReduceCounts counts;
    if (!archived_messages.is_array()) return counts;
    CallNames names;
    for (const auto& m : archived_messages)
        for (const auto& b : m.value("blocks", nlohmann::json::array()))
            if (b.is_object() && b.value("kind", "") == "tool_call" && b.contains("id") && b.contains("name"))
                names[b["id"].get<std::string>()] = b["name"].get<std::string>();
    for (const auto& m : archived_messages) {
        // Events of one message see the state before it, except that later events of the same
        // message apply in order (objective first, then constraints).
        for (const auto& e : derive_state_events(m, state, names)) {
            if (state.apply(e).ok())
                ++counts.applied;
            else
                ++counts.refused;
        }
        if (m3b) m3b->apply(m, state);
    }
    return counts;
}

}  // namespace bm
