// A command's output made only of labelled status lines ("TELEMETRY: anonymous"): one fact a line (session 17).
#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Programs that print a file's or a listing's text: a "KEY: value" line there is content (YAML, headers).
bool shows_content(std::string_view program) {
    return one_of(program, {"cat", "head", "tail", "less", "more", "grep", "rg", "ag", "sed", "awk", "find", "ls",
                            "tree", "git", "diff", "jq", "yq", "env", "printenv", "curl", "wget", "http", "strings",
                            "xxd", "file", "stat", "gh", "kubectl", "docker"});
}

// The level words of log lines: "ERROR: x" is a message, not a setting.
bool log_level(std::string_view label) {
    return one_of(label, {"ERROR", "ERR", "WARNING", "WARN", "INFO", "DEBUG", "NOTE", "FATAL", "HINT", "USAGE",
                          "TRACE", "CRITICAL", "PANIC", "TODO", "FIXME", "SUCCESS", "FAILED", "FAIL", "PASS", "OK"});
}

// "LABEL: value" with LABEL an upper-case identifier (2-40 bytes) and a short value: the label and value.
bool status_line(std::string_view l, std::string_view& label, std::string_view& value) {
    const size_t colon = l.find(": ");
    if (colon == std::string_view::npos || colon < 2 || colon > 40) return false;
    label = l.substr(0, colon);
    if (!std::isupper(static_cast<unsigned char>(label[0]))) return false;
    int letters = 0;
    for (char c : label) {
        if (std::isupper(static_cast<unsigned char>(c))) ++letters;
        else if (!std::isdigit(static_cast<unsigned char>(c)) && c != '_') return false;
    }
    if (letters < 2 || log_level(label)) return false;
    value = l.substr(colon + 2);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) value.remove_suffix(1);
    // An unexpanded variable ("$_TEL_TIER") or an empty value says nothing about the run.
    return !value.empty() && value.size() <= 100 && value[0] != '$' && value.find("${") == std::string_view::npos;
}

}  // namespace

void status_line_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.empty() || a.result.size() > 2'000) return;
    const std::string subject = command_subject(a);
    if (subject.empty() || shows_content(subject.substr(0, subject.find('.')))) return;
    std::vector<ActionFact> found;
    for (size_t at = 0; at < a.result.size();) {
        size_t eol = a.result.find('\n', at);
        if (eol == std::string_view::npos) eol = a.result.size();
        const std::string_view line = a.result.substr(at, eol - at);
        const size_t b = at;
        at = eol + 1;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        std::string_view label, value;
        // Every line must be one (a report of settings); an indented or free-text line means prose or a dump.
        if (!status_line(line, label, value) || found.size() == 8) return;
        found.push_back({"action.status_line", ascii_lower(label), std::string(value), SlotType::kFact,
                         ActionEvidence::kObserved, b, b + label.size() + 2 + value.size()});
    }
    for (ActionFact& f : found) out.push_back(std::move(f));
}

}  // namespace bm
