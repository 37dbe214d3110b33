// user.spec_label: upper-case "LABEL: value" lines and lists under an upper-case heading in a user's prompt.
#include "extract/spec_label_rules.h"

#include <cctype>
#include <map>
#include <set>
#include <string>

#include "util/trim.h"

namespace bm {

namespace {

// Labels that mark a line rather than name a setting: log levels (syslog's and the common FATAL, PANIC, TRACE,
// SEVERE), test outcomes, and a writer's notes and edits.
bool marker_label(std::string_view l) {
    static const std::set<std::string, std::less<>> markers = {
        "EMERG", "EMERGENCY", "ALERT", "CRIT", "CRITICAL", "ERR", "ERROR", "WARN", "WARNING", "NOTICE", "INFO", "DEBUG",
        "TRACE", "FATAL", "PANIC", "SEVERE", "FINE", "VERBOSE", "OK", "FAIL", "FAILED", "FAILURE", "PASS", "PASSED",
        "SKIP", "SKIPPED", "NOTE", "TODO", "FIXME", "IMPORTANT", "TIP", "HINT", "EXAMPLE", "NB", "PS", "FYI", "TLDR",
        "EDIT", "EDITED", "UPDATE", "UPDATED"};
    return markers.count(l) != 0;
}

// One to `max_words` upper-case words (`words`: how many) joined by single spaces, with '_', '-' and '/' inside a
// word. A digit makes it a code or an identifier, not a setting's name (ORA-00942, CVE-2021-44228, HTTP 404, E0425).
bool upper_label(std::string_view l, size_t max_words, size_t& words) {
    if (l.size() < 2 || l.size() > 40 || l.front() == ' ' || l.back() == ' ') return false;
    words = 1;
    size_t letters = 0;
    for (size_t i = 0; i < l.size(); ++i) {
        const unsigned char ch = static_cast<unsigned char>(l[i]);
        if (std::isupper(ch)) ++letters;
        else if (ch == ' ') {
            if (l[i - 1] == ' ') return false;
            ++words;
        } else if (ch != '_' && ch != '-' && ch != '/') return false;
    }
    return letters >= 2 && words <= max_words && !marker_label(l);
}

bool code_like(std::string_view v) {
    for (char ch : v)
        if (ch == '{' || ch == '}' || ch == ';' || ch == '=' || ch == '$' || ch == '`') return true;
    return false;
}

// A search path or a list of paths ("/usr/local/bin:/usr/bin"): an environment listing, not a spec.
bool path_list(std::string_view v) {
    return v.find(' ') == std::string_view::npos && v.find(':') != std::string_view::npos &&
           (v.front() == '/' || v.find(":/") != std::string_view::npos) && v.find("://") == std::string_view::npos;
}

std::string key_of(std::string_view label) {
    std::string k;
    for (char ch : label) k += ch == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return k;
}

struct Line {
    std::string_view s;
    size_t begin;
};

// A spec line found on line `first` (to `last`, a heading's list): its fact, and whether its label is one word.
struct Found {
    size_t first, last;
    bool one_word;
    TextFact fact;
};

}  // namespace

std::vector<TextFact> user_spec_labels(std::string_view text) {
    std::vector<Line> lines;
    for (size_t at = 0; at <= text.size();) {
        size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) nl = text.size();
        lines.push_back({trim_right(text.substr(at, nl - at), " \t\r"), at});
        at = nl + 1;
    }
    std::vector<Found> found;
    bool fenced = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string_view l = lines[i].s;
        if (l.rfind("```", 0) == 0) fenced = !fenced;
        if (fenced || l.empty()) continue;
        // A bulleted spec line ("- CAMPAIGN_ID: 6c5f…") is one: the bullet is no word of its label (session 35: it
        // was keyed `-_campaign_id`).
        if (l.rfind("- ", 0) == 0 || l.rfind("* ", 0) == 0) l.remove_prefix(2);
        const size_t colon = l.find(':');
        if (colon == std::string_view::npos || colon == 0) continue;
        const std::string_view label = l.substr(0, colon);
        size_t words = 0;
        if (colon + 1 == l.size()) {  // a heading: its "- item" lines follow
            if (!upper_label(label, 3, words)) continue;
            std::string items;
            size_t n = 0, j = i + 1, end = 0;
            bool ok = true;
            for (; j < lines.size() && lines[j].s.rfind("- ", 0) == 0; ++j) {
                const std::string_view item = lines[j].s.substr(2);
                if (item.empty() || item.size() > 80 || code_like(item) || item.back() == ':') ok = false;
                items += (n++ ? ", " : "") + std::string(item);
                end = lines[j].begin + lines[j].s.size();
            }
            if (!ok || n == 0 || n > 8 || items.size() > 400) continue;
            found.push_back({i, j - 1, false,
                             {"user.spec_label", key_of(label), items, SlotType::kConstraint, lines[i].begin, end}});
            i = j - 1;
            continue;
        }
        if (colon + 2 > l.size() || l[colon + 1] != ' ' || !upper_label(label, 4, words)) continue;
        const std::string_view value = l.substr(colon + 2);
        if (value.empty() || value.size() > 120 || code_like(value) || path_list(value) || value.back() == ':' ||
            value.back() == '?')
            continue;
        found.push_back({i, i, words == 1,
                         {"user.spec_label", key_of(label), std::string(value), SlotType::kConstraint, lines[i].begin,
                          lines[i].begin + lines[i].s.size()}});
    }
    // A label said twice is a record's field (a pasted log or transcript: "USER: …" … "USER: …"), not a spec.
    std::map<std::string, int> said;
    for (const Found& f : found) ++said[f.fact.key];
    std::erase_if(found, [&](const Found& f) { return said[f.fact.key] > 1; });
    // A one-word label line alone in prose ("EDIT: …", "PATH: …", "SEVERE: …") marks that line; in a spec it sits
    // beside another spec line (the nearest line before or after it that is not blank).
    auto other_spec_line = [&](size_t line, const Found& self) {
        for (const Found& g : found)
            if (&g != &self && g.first <= line && line <= g.last) return true;
        return false;
    };
    auto beside_spec_line = [&](const Found& f) {
        size_t before = f.first, after = f.last + 1;
        while (before > 0 && lines[before - 1].s.empty()) --before;
        while (after < lines.size() && lines[after].s.empty()) ++after;
        return (before > 0 && other_spec_line(before - 1, f)) || (after < lines.size() && other_spec_line(after, f));
    };
    std::vector<TextFact> out;
    for (const Found& f : found)
        if (!f.one_word || beside_spec_line(f)) out.push_back(f.fact);
    return out;
}

}  // namespace bm
