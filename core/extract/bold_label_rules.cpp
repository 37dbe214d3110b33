// An agent's Markdown "**Label**: value" report lines ("- **Python files**: a.py, b.py"; session 17).
#include "extract/bold_label_rules.h"

#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Labels that open advice, a plan, a section or an explanation, not a finding.
bool section_label(const std::string& label) {
    return one_of(label, {"note", "notes", "summary", "important", "warning", "caution", "tip", "example", "examples",
                          "next steps", "next step", "next", "why", "how", "what", "reason", "issue", "issues", "problem",
                          "solution", "fix", "approach", "result", "results", "verification", "changes", "overview",
                          "context", "goal", "task", "question", "answer", "recommendation", "todo", "pros", "cons",
                          "option", "options", "usage", "description", "details", "plan", "key changes", "benefits",
                          "root cause", "impact", "action", "actions", "tl;dr", "tldr", "update", "edit", "before",
                          "after", "old", "new", "input", "output", "expected", "actual", "error", "cause"});
}

bool hedged(std::string_view value) {
    const std::string low = ascii_lower(value);
    for (const char* w : {"should ", "will ", "would ", "could ", "might ", "may ", "if ", "unless ", "todo", "tbd",
                          "not yet", "need to", "needs to", "let me", "i'll "})
        if (low.find(w) != std::string::npos) return true;
    return false;
}

}  // namespace

std::vector<TextFact> agent_bold_labels(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    // A proposal awaiting the user's yes ("Please confirm …", "Would you like to proceed?") reports nothing yet.
    const std::string whole = ascii_lower(text);
    for (const char* ask : {"confirm", "would you like", "shall i", "do you want", "should i", "let me know if"})
        if (whole.find(ask) != std::string::npos) return out;
    bool fenced = false;
    for (size_t at = 0; at < text.size();) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        const size_t line_begin = at;
        std::string_view line = text.substr(at, eol - at);
        at = eol + 1;
        size_t b = line.find_first_not_of(" \t");
        if (b == std::string_view::npos) continue;
        if (line.substr(b, 3) == "```") { fenced = !fenced; continue; }
        if (fenced) continue;
        // A list mark and a check mark may lead: "- ", "* ", "1. ", "✅ ".
        if (line[b] == '-' || line[b] == '*' ) {
            if (b + 1 < line.size() && line[b + 1] == ' ') b += 2;
        } else if (std::isdigit(static_cast<unsigned char>(line[b]))) {
            size_t d = b;
            while (d < line.size() && std::isdigit(static_cast<unsigned char>(line[d]))) ++d;
            if (d + 1 < line.size() && line[d] == '.' && line[d + 1] == ' ') b = d + 2;
        }
        for (std::string_view mark : {"✅ ", "✓ ", "✔ "})
            if (line.substr(b, mark.size()) == mark) b += mark.size();
        if (line.substr(b, 2) != "**") continue;
        const size_t close = line.find("**", b + 2);
        if (close == std::string_view::npos) continue;
        std::string_view label = line.substr(b + 2, close - b - 2);
        size_t v = close + 2;
        // "**Label**: value" or "**Label:** value".
        if (!label.empty() && label.back() == ':') label.remove_suffix(1);
        else if (v < line.size() && line[v] == ':') ++v;
        else continue;
        if (v >= line.size() || line[v] != ' ') continue;
        std::string_view value = line.substr(v + 1);
        while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) value.remove_suffix(1);
        if (value.empty() || value.size() > 120 || value.back() == ':' || value.back() == '?' || hedged(value)) continue;
        // A label of 1-4 plain words.
        int words = 1;
        bool plain = !label.empty() && std::isalpha(static_cast<unsigned char>(label[0]));
        for (char c : label) {
            if (c == ' ') ++words;
            else if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') plain = false;
        }
        const std::string low = ascii_lower(label);
        if (!plain || words > 4 || section_label(low)) continue;
        std::string key;
        for (char c : low) key += c == ' ' ? '_' : c;
        const size_t qb = line_begin + b, qe = line_begin + v + 1 + value.size();
        out.push_back({"model.bold_label", key, std::string(value), SlotType::kFact, qb, qe});
    }
    return out;
}

}  // namespace bm
