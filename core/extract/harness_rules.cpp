// Harness records as claims (hook verdicts, turn outcomes) and read contents dated against later changes.
#include "extract/harness_rules.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "extract/environment_claims.h"
#include "extract/notice_rules.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// The hook event a handler id names: "claude-code:PostToolUse:1" → PostToolUse; a bare point as is.
std::string hook_event(const std::string& qualifier) {
    size_t p = 0;
    while (p <= qualifier.size()) {
        size_t e = qualifier.find(':', p);
        if (e == std::string::npos) e = qualifier.size();
        const std::string part = qualifier.substr(p, e - p);
        bool word = !part.empty() && part.size() <= 40 && std::isupper(static_cast<unsigned char>(part[0]));
        for (char c : part) word &= std::isalpha(static_cast<unsigned char>(c)) != 0;
        if (word) return part;
        p = e + 1;
    }
    return {};
}


std::string one_line(std::string s, size_t max) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    if (s.size() > max) {
        size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
        s.resize(cut);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '.')) s.pop_back();
    return s;
}

}  // namespace

Claim harness_fact_claim(const Session& session, const BranchClaims& branch, const EnvironmentFact& f) {
    Claim c;
    c.type = SlotType::kFact;
    c.evidence = EvidenceLevel::kToolVerified;
    c.provenance_rank = provenance_rank::kToolObservation;
    c.trust = TrustLabel::kExternal;
    c.source = {branch.branch_id, session.id, "harness:L" + std::to_string(f.line), f.seq, "system", "harness", {}, f.line};
    c.quote = f.quote;
    c.quote_offset = f.quote_offset;
    c.time = f.time;
    return c;
}

void add_harness_claims(const Session& session, BranchClaims& branch) {
    std::map<std::string, int> per_event;
    for (const EnvironmentFact& f : session.environment)
        if (f.name == "hook_decision") ++per_event[hook_event(f.qualifier)];
    std::vector<Claim> found;
    std::map<std::string, int> seen;
    for (const EnvironmentFact& f : session.environment) {
        if (f.name == "hook_decision") {
            const std::string event = hook_event(f.qualifier);
            if (event.empty() || is_placeholder_value(f.value)) continue;
            const int n = ++seen[event];
            Claim c = harness_fact_claim(session, branch, f);
            c.rule = "harness.hook_decision";
            c.key = "hook." + event + (per_event[event] > 1 ? "." + std::to_string(n) : std::string());
            std::string decision = one_line(f.value, 40);
            for (char& ch : decision) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            c.value = decision;
            for (const EnvironmentFact& r : session.environment)
                if (r.name == "hook_reason" && r.line == f.line && r.qualifier == f.qualifier && decision != "pass")
                    c.value += ": " + one_line(r.value, 120);
            found.push_back(std::move(c));
        } else if (f.name == "turn_stop" || f.name == "turn_error") {
            if (f.qualifier.empty() || is_placeholder_value(f.value)) continue;
            std::string value;
            if (f.name == "turn_error") value = "failed: " + one_line(f.value, 120);
            else if (f.value == "aborted" || f.value == "cancelled" || f.value == "canceled") value = "aborted";
            else if (f.value == "max-tokens" || f.value == "length") value = "cut off at the output limit (max-tokens)";
            else continue;  // completed, and the error kind (its turn_error says what failed)
            Claim c = harness_fact_claim(session, branch, f);
            c.rule = "harness.turn_outcome";
            c.key = "turn.outcome.session-" + session_tag(session.id) + ".turn-" + f.qualifier;
            c.value = value;
            found.push_back(std::move(c));
        }
    }
    // The branch the harness last recorded (Claude Code's `gitBranch`), keyed by the repository it was recorded in
    // (the fact's qualifier: that line's working directory; else the run's).
    const auto last = std::find_if(session.environment.rbegin(), session.environment.rend(),
                                   [](const EnvironmentFact& f) { return f.name == "git_branch"; });
    if (last != session.environment.rend() && branch_name(last->value) && !is_placeholder_value(last->value))
        if (const std::string repo = repository_key(last->qualifier.empty() ? session.cwd : last->qualifier);
            !repo.empty()) {
            Claim c = harness_fact_claim(session, branch, *last);
            c.rule = "harness.git_branch";
            c.key = repo + ".git.branch";
            c.value = last->value;
            found.push_back(std::move(c));
        }
    place_by_seq(std::move(found), branch);
}

void place_by_seq(std::vector<Claim> found, BranchClaims& branch) {
    if (found.empty()) return;
    for (auto& c : branch.claims) found.push_back(std::move(c));
    branch.claims = std::move(found);
    std::stable_sort(branch.claims.begin(), branch.claims.end(),
                     [](const Claim& a, const Claim& b) { return a.source.seq < b.source.seq; });
}

void mark_read_contents(std::vector<Claim>& claims) {
    for (size_t i = 0; i < claims.size(); ++i) {
        Claim& c = claims[i];
        if (c.rule != "action.file_content") continue;
        const std::string file = c.key.substr(0, c.key.rfind('.'));
        for (size_t j = i + 1; j < claims.size(); ++j) {
            const Claim& later = claims[j];
            if (later.key != file) continue;
            if (later.rule == "action.file_edited") {
                const size_t r = later.value.find(" replaced with ");
                if (r != std::string::npos) {
                    std::string old = later.value.substr(0, r), low;
                    if (old.rfind("created, then ", 0) == 0) old = old.substr(14);
                    for (char ch : c.value) low += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                    if (old.empty() || low.find(old) == std::string::npos) break;  // another line changed
                }
                c.value += " (before the edit)";
            } else if (later.rule == "action.file_deleted") {
                c.value += " (before it was deleted)";
            } else if (later.rule == "action.file_redirect") {
                c.value += later.value == "appended" ? " (before it was appended to)" : " (before it was overwritten)";
            } else if (later.rule == "action.file_created") {
                c.value += " (before it was rewritten)";
            } else {
                continue;
            }
            // An earlier content is not a rival of the file's content now (another session's, or after the change).
            c.key += ".earlier";
            break;
        }
    }
}

std::vector<TextFact> closing_messages(const Message& m, size_t block) {
    std::vector<TextFact> out;
    if (m.role == Role::kAssistant || block >= m.blocks.size()) return out;
    const std::string& t = m.blocks[block].text;
    if (t.size() > 2000) return out;
    std::string before;  // the message's earlier text blocks
    for (size_t i = 0; i < block; ++i)
        if (m.blocks[i].kind == BlockKind::kText) before += m.blocks[i].text + "\n";
    if (before.size() > 4000) return out;
    const std::string all = before + t;
    const std::string low = ascii_lower(all);
    const std::string marker = "closing message:";
    const size_t p = low.rfind(marker);
    if (p == std::string::npos) return out;
    size_t b = p + marker.size();
    while (b < all.size() && std::isspace(static_cast<unsigned char>(all[b]))) ++b;
    size_t e = all.size();
    while (e > b && std::isspace(static_cast<unsigned char>(all[e - 1]))) --e;
    if (b < before.size() || e <= b || e - b > 80 || all.find('\n', b) < e) return out;
    const std::vector<TextFact> notices = background_notices(std::string_view(all).substr(0, p));
    if (notices.empty()) return out;
    std::string key = notices.back().key;
    if (key.size() > 7 && key.compare(key.size() - 7, 7, ".status") == 0) key.resize(key.size() - 7);
    out.push_back({"harness.closing_message", key + ".closing_message", all.substr(b, e - b), SlotType::kFact,
                   b - before.size(), e - before.size()});
    return out;
}

}  // namespace bm
