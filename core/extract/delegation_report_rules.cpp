// A subagent's multi-line report (Claude Code's Task/Agent, a DSH subagent) read for its summary
// sentence (rule action.delegation_summary, session 13b): the first sentence under a "Summary"
// heading or after a "Summary:" label, keyed like the delegation's result; a short one-line answer
// is action.delegation_result's.
#include <cctype>

#include "extract/closing_summary_rules.h"
#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

// A line of prose: not a heading, list item, table row, code fence or quote.
bool prose_line(std::string_view line) {
    if (line.empty()) return false;
    const char c = line.front();
    if (c == '#' || c == '|' || c == '>' || c == '`' || c == '-' || c == '*' || c == '+')
        return false;
    if (std::isdigit(static_cast<unsigned char>(c))) {
        size_t i = 0;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
        if (i < line.size() && (line[i] == '.' || line[i] == ')')) return false;
    }
    return true;
}

// After a "Summary:" label ("Summary:", "**Summary:**", "**Summary**:"): the rest of the line; npos
// when none.
size_t after_summary_label(std::string_view line) {
    const std::string lower = ascii_lower(line.substr(0, std::min<size_t>(line.size(), 16)));
    for (const char* label : {"**summary:**", "**summary**:", "summary:"})
        if (lower.rfind(label, 0) == 0) return std::string_view(label).size();
    return std::string_view::npos;
}

// The summary's first sentence: its byte span in `text`; false when the report has no summary.
bool summary_sentence(std::string_view text, size_t& begin, size_t& end) {
    bool want =
        false;  // a summary heading or an empty label was seen: the next prose line is the summary
    size_t p = 0;
    while (p < text.size()) {
        size_t e = text.find('\n', p);
        if (e == std::string_view::npos) e = text.size();
        const std::string_view raw = text.substr(p, e - p);
        const std::string_view line = trim(raw);
        const size_t offset = p + static_cast<size_t>(line.data() - raw.data());
        p = e + 1;
        if (line.empty()) continue;
        // A heading: "## Summary for the Port", or a whole bold line "**Summary**".
        const bool bold_line =
            line.size() > 4 && line.rfind("**", 0) == 0 && line.substr(line.size() - 2) == "**";
        if (line.front() == '#' || bold_line) {
            want = ascii_lower(line).find("summary") != std::string::npos;
            continue;
        }
        size_t from = 0;
        if (const size_t label = after_summary_label(line); label != std::string_view::npos) {
            from = label;
            while (from < line.size() && line[from] == ' ') ++from;
            if (from == line.size()) {
                want = true;
                continue;
            }
        } else if (!want) {
            continue;
        } else if (!prose_line(line)) {
            return false;  // the summary section opens with a list or code: no sentence to quote
        }
        const std::vector<Sentence> ss = split_sentences(line.substr(from));
        if (ss.empty()) return false;
        begin = offset + from + ss.front().begin;
        end = offset + from + ss.front().end;
        return true;
    }
    return false;
}

// `<tool>[.<description>]`, as action.delegation_result keys the same delegation; empty when the
// tool names nothing.
std::string delegation_key(const ToolAction& a, const std::string& tool) {
    std::string key = key_slug(tool, 40);
    std::string description;
    size_t db = 0, de = 0;
    if (!key.empty() && json_string_member(a.arguments, "description", description, db, de) &&
        description.size() <= 80 && description.find('\n') == std::string::npos) {
        const std::string slug = key_slug(description, 48);
        if (!slug.empty()) key += "." + slug;
    }
    return key;
}

}  // namespace

void delegation_report_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    if (tool.find("agent") == std::string::npos && tool != "task") return;
    if (!a.has_result || a.error || a.result.size() > 200'000) return;
    size_t b = 0, e = 0;
    if (!one_line_output(a.result, b, e).empty())
        return;  // a one-line answer: action.delegation_result
    const std::string key = delegation_key(a, tool);
    if (key.empty()) return;
    // The report is the subagent's closing text: its statuses, test counts, coverage and files, as
    // it states them; what is not a file is keyed under the delegation, whose subject it describes
    // ("task.explore-the-project.coverage": the explored project's, not the session's).
    for (const TextFact& f : closing_summary_facts(a.result, a.cwd))
        out.push_back({f.rule, f.key.rfind("file.", 0) == 0 ? f.key : key + "." + f.key, f.value,
                       f.type, ActionEvidence::kReported, f.begin, f.end});
    if (!summary_sentence(a.result, b, e)) return;
    std::string value;
    for (size_t i = b; i < e; ++i) {
        const char c = a.result[i];
        if (c == '`' || c == '*') continue;
        value += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    while (!value.empty() && (value.back() == '.' || value.back() == ':' || value.back() == ' '))
        value.pop_back();
    for (const char* lead : {"this is ", "it is ", "overall, "})
        if (value.rfind(lead, 0) == 0) value.erase(0, std::string_view(lead).size());
    size_t words = value.empty() ? 0 : 1;
    for (char c : value) words += c == ' ';
    if (words < 4 || value.size() > 160 || value.find('?') != std::string::npos) return;
    for (const char* narration : {"let me", "i'll", "i will", "here is", "here's", "below"})
        if (value.rfind(narration, 0) == 0) return;
    out.push_back({"action.delegation_summary", key + ".summary", value, SlotType::kFact,
                   ActionEvidence::kReported, b, e});
}

}  // namespace bm
