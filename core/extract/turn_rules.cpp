// A turn's short final answer as a claim of what the agent replied.
#include "extract/turn_rules.h"

#include <cctype>

#include "extract/claim_origin.h"
#include "extract/goal_statement_rules.h"
#include "extract/tool_action_rules.h"

namespace bm {

std::string short_answer(const std::string& text) {
    size_t b = 0, e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    if (e > b && text[e - 1] == '.') --e;
    if (b == e || e - b > 60) return {};
    std::string out;
    int words = 1;
    for (size_t i = b; i < e; ++i) {
        const char c = text[i];
        if (c == '\n' || c == '`' || c == '{' || c == '<' || c == '[' || c == '|' || c == '#' || c == '*') return {};
        if (c == ' ') ++words;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return words > 6 ? std::string() : out;
}

namespace {

// False for a first line that names no issue (session 21, blind labels): an exception line ("SyntaxError: invalid
// syntax": the error, not the issue) or a first-person plea ("I have a function that has a bug …, can you help?").
bool issue_title(std::string_view lower) {
    const size_t colon = lower.find(": ");
    if (colon != std::string_view::npos && lower.find(' ') > colon) {
        const std::string_view head = lower.substr(0, colon);
        for (std::string_view kind : {"error", "exception", "warning"})
            if (head.size() > kind.size() && head.substr(head.size() - kind.size()) == kind) return false;
    }
    const bool first_person = lower.rfind("i ", 0) == 0 || lower.rfind("i'm ", 0) == 0 || lower.rfind("we ", 0) == 0;
    return !(first_person && !lower.empty() && lower.back() == '?');
}

}  // namespace

std::vector<Claim> issue_claims(const std::string& text, const Claim& origin) {
    for (const char* marker : {"ISSUE:\n", "<issue>\n", "<pr_description>\n", "<issue_description>\n", "<issue>",
                               "<pr_description>"}) {
        const size_t p = text.find(marker);
        if (p == std::string::npos) continue;
        size_t b = p + std::string_view(marker).size();
        while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
        // mini-swe-agent's lead-in before the quoted issue is the template's words, not the issue's title.
        constexpr std::string_view lead = "Consider the following PR description:";
        if (text.compare(b, lead.size(), lead) == 0)
            for (b += lead.size(); b < text.size() && std::isspace(static_cast<unsigned char>(text[b]));) ++b;
        size_t e = text.find('\n', b);
        if (e == std::string::npos) e = text.size();
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
        if (e == b || e - b > 120 || text[b] == '<') return {};  // an empty block's closing tag is no title
        std::string value;
        for (size_t i = b; i < e; ++i) value += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        if (!issue_title(value)) return {};
        Claim c = origin;
        c.rule = "user.issue";
        // Keyed by its title: two tasks' issues are two goals, never one slot's rival values.
        const std::string title = words_slug(value, 6, 48);
        c.key = title.empty() ? std::string("issue") : "issue." + title;
        c.value = value;
        c.type = SlotType::kGoal;
        c.quote = text.substr(b, e - b);
        c.quote_offset = static_cast<int64_t>(b);
        return {c};
    }
    return {};
}

Claim claim_of_text_fact(TextFact&& f, const std::string& text, const Claim& origin) {
    Claim c = origin;
    c.rule = std::move(f.rule);
    c.key = std::move(f.key);
    c.value = std::move(f.value);
    c.type = f.type;
    c.quote = text.substr(f.begin, f.end - f.begin);
    c.quote_offset = static_cast<int64_t>(f.begin);
    return c;
}

std::vector<Claim> template_goal_claims(const std::string& text, const Claim& origin) {
    std::vector<Claim> out;
    for (TextFact& f : user_goal_statements(text)) out.push_back(claim_of_text_fact(std::move(f), text, origin));
    return out;
}

bool issue_task_template(const std::string& text) {
    // The template opens with its <uploaded_files> block; a message that only mentions the tags is the user's.
    const size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string::npos) return false;
    // mini-swe-agent's SWE-bench template (swebench.yaml) opens with the issue block itself and follows it with its
    // <instructions> (session 28: its "- DO NOT MODIFY: Tests, …" boundaries were read as the user's).
    if (text.compare(start, 17, "<pr_description>\n") == 0) {
        const size_t close = text.find("</pr_description>");
        return close != std::string::npos && text.find("<instructions>", close) != std::string::npos;
    }
    if (text.compare(start, 16, "<uploaded_files>") != 0 || text.find("</uploaded_files>") == std::string::npos)
        return false;
    // The issue block's tag stands on a line of its own.
    for (const std::string block : {"<issue_description>", "<pr_description>", "<issue>"})
        if (text.find("\n" + block + "\n") != std::string::npos) return true;
    return false;
}

std::pair<size_t, size_t> mini_swe_agent_task(const std::string& text) {
    constexpr std::pair<size_t, size_t> none{std::string::npos, std::string::npos};
    constexpr std::string_view lead = "Please solve this issue: ";
    if (text.compare(0, lead.size(), lead) != 0) return none;
    if (text.find("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT") == std::string::npos &&
        text.find("MINI_SWE_AGENT_FINAL_OUTPUT") == std::string::npos &&
        text.find("NANO_SWE_AGENT_FINAL_OUTPUT") == std::string::npos)  // an early build's (session 33)
        return none;
    size_t end = text.find("\n\nYou can execute bash commands", lead.size());
    if (end == std::string::npos) end = text.find("\n## ", lead.size());
    if (end == std::string::npos) return none;
    while (end > lead.size() && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    return end > lead.size() ? std::pair{lead.size(), end} : none;
}

namespace {

// "Starting the write now.", "Let me check": narration of work in progress, not an answer.
bool narration(const std::string& value) {
    for (const char* lead : {"let me", "let's", "i'll", "i will", "i am", "i'm", "starting", "now ", "next", "working",
                             "ok, ", "okay, "})
        if (value.rfind(lead, 0) == 0) return true;
    return false;
}

void add_reply(const Session& session, const std::string& branch_id, const Message& m, const ExtractOptions& options,
               std::vector<Claim>& out) {
    std::string text;  // the last text block answers; the quote's offset is within it
    for (const ContentBlock& b : m.blocks)
        if (b.kind == BlockKind::kText && !b.text.empty()) text = b.text;
    const std::string value = short_answer(text);
    if (value.empty() || narration(value)) return;
    const auto origin = claim_origin(m, BlockKind::kText, false, false);
    if (!origin) return;
    Claim c;
    c.rule = "model.final_reply";
    c.key = "reply";
    c.value = value;
    c.type = SlotType::kFact;
    c.evidence = origin->evidence;
    c.provenance_rank = origin->provenance_rank;
    c.trust = trust_for_message(m, session.id, std::string(), options.trust);
    c.source = {branch_id, session.id, m.id, m.seq, role_name(m.role), source_kind_name(m.source.kind), {}, m.line};
    c.time = m.time;
    size_t b = 0;
    while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    size_t e = text.size();
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    c.quote = text.substr(b, e - b);
    c.quote_offset = static_cast<int64_t>(b);
    out.push_back(std::move(c));
}

}  // namespace

void add_final_replies(const Session& session, const std::string& branch_id, const std::vector<const Message*>& messages,
                       const ExtractOptions& options, std::vector<Claim>& out) {
    const Message* last = nullptr;  // the turn's last assistant message with text
    for (const Message* m : messages) {
        // A scheduler's prompt (reader source `timed-prompt`) opens new work too: the reply before it ends its turn.
        const bool scheduled = m->source.kind == SourceKind::kPlugin && m->source.name == "timed-prompt";
        if (m->role == Role::kUser && (m->source.kind == SourceKind::kUser || scheduled)) {
            if (last) add_reply(session, branch_id, *last, options, out);
            last = nullptr;
        } else if (m->role == Role::kAssistant && m->source.kind != SourceKind::kPlugin) {
            for (const ContentBlock& b : m->blocks) {
                if (b.kind == BlockKind::kText && !b.text.empty()) last = m;
                if (b.kind == BlockKind::kToolCall) last = nullptr;  // the turn went on working
            }
        }
    }
    if (last) add_reply(session, branch_id, *last, options, out);
}

}  // namespace bm
