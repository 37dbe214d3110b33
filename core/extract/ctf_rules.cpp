// SWE-agent CTF runs (EnIGMA): the challenge its task template names, the files it ships, and the flag submitted.
#include "extract/turn_rules.h"

#include <cctype>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

Claim template_claim(const Claim& origin, const char* rule, const std::string& key, SlotType type, std::string value,
                     std::string_view quote, size_t at) {
    Claim c = origin;
    c.rule = rule;
    c.key = key;
    c.value = std::move(value);
    c.type = type;
    c.quote = std::string(quote);
    c.quote_offset = static_cast<int64_t>(at);
    return c;
}

}  // namespace

// The challenge's name in its template line ("… problem named "Katy", worth …" → "katy"), as a key word: two
// runs' challenges are two goals, never one slot's rival values (session 14, as user.issue). "" when none.
std::string challenge_name(const std::string& text) {
    const size_t named = text.find(" problem named ");
    if (named == std::string::npos) return {};
    size_t b = named + std::string_view(" problem named ").size();
    if (b < text.size() && text[b] == '"') ++b;
    const size_t e = text.find_first_of("\",\n", b);
    if (e == std::string::npos || e == b || e - b > 60) return {};
    return key_slug(text.substr(b, e - b), 40);
}

std::vector<Claim> ctf_challenge_claims(const std::string& text, const Claim& origin) {
    std::vector<Claim> out;
    const std::string name = challenge_name(text);
    const std::string challenge = name.empty() ? std::string("challenge") : "challenge." + name;
    // "The CTF challenge is a <category> problem named "<name>", worth <N> points."
    constexpr std::string_view kLead = "The CTF challenge is a";
    size_t p = text.find(kLead);
    if (p != std::string::npos) {
        size_t b = p + kLead.size();
        if (b < text.size() && text[b] == 'n') ++b;  // "an"
        while (b < text.size() && text[b] == ' ') ++b;
        const size_t e = text.find('\n', b);
        std::string_view line = std::string_view(text).substr(b, (e == std::string::npos ? text.size() : e) - b);
        const size_t named = line.find(" problem named ");
        const size_t stop = line.rfind('.');
        if (named != std::string_view::npos && stop != std::string_view::npos && stop > named && stop <= 160) {
            std::string_view v = line.substr(0, stop);
            std::string value;
            for (char c : lower(v))
                if (c != '"') value += c;
            out.push_back(template_claim(origin, "user.ctf_challenge", challenge, SlotType::kGoal, value, v, b));
        }
    }
    // "Files included in the challenge: ['a.pcap', 'b.txt']"
    constexpr std::string_view kFiles = "Files included in the challenge: [";
    p = text.find(kFiles);
    if (p != std::string::npos) {
        const size_t b = p + kFiles.size();
        const size_t e = text.find(']', b);
        if (e != std::string::npos && e > b && e - b <= 200 && text.find('\n', b) > e) {
            std::string value;
            for (char c : text.substr(b, e - b))
                if (c != '\'' && c != '"') value += c;
            if (!value.empty())
                out.push_back(template_claim(origin, "user.ctf_files", challenge + ".files", SlotType::kFact, lower(value),
                                             std::string_view(text).substr(b, e - b), b));
        }
    }
    return out;
}

void submitted_flag_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || ascii_lower(a.tool) != "submit") return;
    // An older run's action line "submit 'flag{…}'"; a function-calling run's {"flag": "…"}.
    std::string flag;
    size_t b = 0, e = 0;
    std::string_view args = a.arguments;
    if (!json_string_member(args, "flag", flag, b, e)) {
        if (args.rfind("submit ", 0) != 0) return;
        b = 7;
        e = args.find('\n', b);
        if (e == std::string_view::npos) e = args.size();
        while (e > b && std::isspace(static_cast<unsigned char>(args[e - 1]))) --e;
        if (e - b >= 2 && (args[b] == '\'' || args[b] == '"') && args[e - 1] == args[b]) ++b, --e;
        flag = std::string(args.substr(b, e - b));
    }
    if (flag.empty() || flag.size() > 120 || flag.find_first_of(" \n") != std::string::npos) return;
    out.push_back({"action.submitted_flag", "submission.flag", flag, SlotType::kFact, ActionEvidence::kConfirmed, b, e});
}

}  // namespace bm
