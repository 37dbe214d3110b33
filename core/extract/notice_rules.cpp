// Background-work notices: "Background <kind> <id> <status>." and "started <kind> <id>".
#include "extract/notice_rules.h"

#include <cctype>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

constexpr const char* kRule = "text.background_notice";

bool kind_word(std::string_view w) {
    for (std::string_view k : {"subagent", "agent", "task", "job", "process", "shell", "command"})
        if (w == k) return true;
    return false;
}

// An id: letters, digits, '-' and '_', 1–64 bytes, at least one digit.
size_t id_end(std::string_view t, size_t b) {
    size_t e = b;
    while (e < t.size() && e - b < 65 &&
           (std::isalnum(static_cast<unsigned char>(t[e])) || t[e] == '-' || t[e] == '_'))
        ++e;
    // An id carries a digit (a UUID, "job-2"): "background subagent reported" names no job.
    bool digit = false;
    for (size_t k = b; k < e; ++k) digit |= std::isdigit(static_cast<unsigned char>(t[k])) != 0;
    return digit && e - b <= 64 ? e : b;
}

}  // namespace

std::vector<TextFact> background_notices(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 2000) return out;
    const std::string low = ascii_lower(text);
    // "Background subagent 3333… failed before it finished." (the status to the sentence's end; "unless
    // you send it more" is the harness's hint, not the status).
    for (size_t p = low.find("background "); p != std::string::npos; p = low.find("background ", p + 1)) {
        if (p > 0 && !std::isspace(static_cast<unsigned char>(low[p - 1]))) continue;
        const size_t kb = p + 11, ke = low.find(' ', kb);
        if (ke == std::string::npos || !kind_word(std::string_view(low).substr(kb, ke - kb))) continue;
        const size_t ie = id_end(low, ke + 1);
        if (ie == ke + 1 || ie >= low.size() || low[ie] != ' ') continue;
        size_t se = low.find_first_of(".:\n", ie + 1);
        if (se == std::string::npos) se = low.size();
        std::string status = low.substr(ie + 1, se - ie - 1);
        if (const size_t u = status.find(" unless "); u != std::string::npos) status.resize(u);
        if (status.empty() || status.size() > 80) continue;
        out.push_back({kRule, low.substr(kb, ke - kb) + "." + low.substr(ke + 1, ie - ke - 1) + ".status", status,
                       SlotType::kFact, p, se});
    }
    // "started subagent 3333…": a tool's report that the background work began.
    if (low.rfind("started ", 0) == 0) {
        const size_t kb = 8, ke = low.find(' ', kb);
        if (ke != std::string::npos && kind_word(std::string_view(low).substr(kb, ke - kb))) {
            const size_t ie = id_end(low, ke + 1);
            if (ie > ke + 1 && (ie == low.size() || low[ie] == '\n' || low[ie] == '.'))
                out.push_back({kRule, low.substr(kb, ke - kb) + "." + low.substr(ke + 1, ie - ke - 1) + ".status", "started",
                               SlotType::kFact, 0, ie});
        }
    }
    return out;
}

}  // namespace bm
