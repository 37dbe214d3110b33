// Test support for the rule tests of tests/extract: a one-branch conversation built step by step (user and
// assistant text, tool calls with results, a finish call beside text) and the claims the heuristic extractor
// makes of it.
#pragma once

#include <string>
#include <vector>

#include "extract/heuristic_extractor.h"
#include "extract/rule_table.h"

namespace bm::extracttest {

class Log {
public:
    Log& user(const std::string& text) { return add(text_message(Role::kUser, SourceKind::kUser, text)); }
    Log& says(const std::string& text) { return add(text_message(Role::kAssistant, SourceKind::kModel, text)); }
    // One user turn given as several text blocks (a Claude Code content array).
    Log& user_blocks(const std::vector<std::string>& texts) {
        Message m = text_message(Role::kUser, SourceKind::kUser, texts.at(0));
        for (size_t i = 1; i < texts.size(); ++i) m.blocks.push_back({BlockKind::kText, texts[i], {}, {}, {}, false});
        return add(m);
    }
    // The agent's text and a call of `tool` in one message (OpenHands' finish, SWE-agent's submit).
    Log& says_and_calls(const std::string& text, const std::string& tool) {
        Message m = text_message(Role::kAssistant, SourceKind::kModel, text);
        m.blocks.push_back({BlockKind::kToolCall, {}, "f" + std::to_string(m.seq), tool, "{}", false});
        return add(m);
    }
    Log& call(const std::string& tool, const std::string& args, const std::string& result, bool error = false) {
        const std::string id = "c" + std::to_string(s_.messages.size());
        Message c = message(Role::kAssistant, SourceKind::kModel);
        c.blocks.push_back({BlockKind::kToolCall, {}, id, tool, args, false});
        add(c);
        Message r = message(Role::kTool, SourceKind::kTool);
        r.source.call_id = id;
        r.blocks.push_back({BlockKind::kToolResult, result, id, {}, {}, error});
        return add(r);
    }
    // The session's working directory (Claude Code's `cwd`): paths under it are keyed relative to it.
    Log& in(const std::string& cwd) {
        s_.cwd = cwd;
        return *this;
    }
    // A call the log holds no result for (the log ends while it runs).
    Log& call_only(const std::string& tool, const std::string& args) {
        Message c = message(Role::kAssistant, SourceKind::kModel);
        c.blocks.push_back({BlockKind::kToolCall, {}, "c" + std::to_string(s_.messages.size()), tool, args, false});
        return add(c);
    }
    // Read the conversation as `f` (native by default): some guards hold for one format only.
    Log& as(SessionFormat f) {
        format_ = f;
        return *this;
    }
    // The session's id ("s" unless set): conversation-scoped keys carry its tag.
    Log& session(const std::string& id) {
        id_ = id;
        for (Message& m : s_.messages) m.session_id = id;
        return *this;
    }
    // The default rule set; `all_rules` adds the rules that are off by default.
    std::vector<BranchClaims> extract(bool all_rules = false) const {
        ExtractOptions options;
        options.all_rules = all_rules;
        return extract_heuristic({build()}, options);
    }
    // The one-branch session, as a reader would give it.
    Session build() const {
        Session s = s_;
        s.id = id_;
        s.format = format_;
        Branch b;
        b.id = id_ == "s" ? "b" : id_ + "/b";  // a named session's branch is its own when merged with others
        for (size_t i = 0; i < s.messages.size(); ++i) b.message_indexes.push_back(i);
        s.branches.push_back(b);
        return s;
    }
    // "key = value" of every claim of `rule` (a rule that is off by default is turned on to be tested).
    std::vector<std::string> claims(const std::string& rule) const {
        std::vector<std::string> out;
        for (const auto& bc : extract(off_by_default(rule)))
            for (const Claim& c : bc.claims)
                if (c.rule == rule) out.push_back(c.key + " = " + c.value);
        return out;
    }
    // The first claim of `rule`, valid until the next call; nullptr when none.
    const Claim* first(const std::string& rule) const {
        static std::vector<BranchClaims> kept;
        kept = extract(off_by_default(rule));
        for (const auto& bc : kept)
            for (const Claim& c : bc.claims)
                if (c.rule == rule) return &c;
        return nullptr;
    }

private:
    static bool off_by_default(const std::string& rule) {
        const ExtractionRule* r = find_rule(rule);
        return r != nullptr && !r->default_on;
    }
    Message message(Role role, SourceKind kind) const {
        Message m;
        m.session_id = id_;
        m.seq = static_cast<int64_t>(s_.messages.size()) + 1;
        m.id = "m" + std::to_string(m.seq);
        m.role = role;
        m.source.kind = kind;
        m.line = m.seq;
        return m;
    }
    Message text_message(Role role, SourceKind kind, const std::string& text) const {
        Message m = message(role, kind);
        m.blocks.push_back({BlockKind::kText, text, {}, {}, {}, false});
        return m;
    }
    Log& add(Message m) {
        s_.messages.push_back(std::move(m));
        return *this;
    }
    Session s_;
    SessionFormat format_ = SessionFormat::kNative;
    std::string id_ = "s";
};

}  // namespace bm::extracttest
