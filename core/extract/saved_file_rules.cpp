// A tool result that says it saved its output to a file ("… saved to out.png."): file.<path> = saved by <tool>.
#include <cctype>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// The file named after "saved to " / "saved as " / "written to " / "exported to " in `r`, with its byte
// span; empty when the phrase is absent, negated or hedged in its sentence ("could not be saved to",
// "will be saved to"), or the word after it is not a file name with an extension.
std::string_view saved_path(std::string_view r, size_t& b, size_t& e) {
    const std::string lower = ascii_lower(r);
    for (std::string_view phrase : {"saved to ", "saved as ", "written to ", "exported to "}) {
        const size_t p = lower.find(phrase);
        if (p == std::string::npos) continue;
        const size_t sentence = lower.find_last_of(".!?\n", p == 0 ? 0 : p - 1);
        const std::string before = lower.substr(sentence == std::string::npos ? 0 : sentence + 1,
                                                p - (sentence == std::string::npos ? 0 : sentence + 1));
        for (std::string_view no : {"not ", "n't ", "fail", "unable", "error", "will ", "would ", "if ", "should "})
            if (before.find(no) != std::string::npos) return {};
        size_t s = p + phrase.size();
        if (s < r.size() && (r[s] == '\'' || r[s] == '"' || r[s] == '`')) ++s;
        size_t t = s;
        while (t < r.size() && !std::isspace(static_cast<unsigned char>(r[t])) && r[t] != '\'' && r[t] != '"' &&
               r[t] != '`' && r[t] != ',')
            ++t;
        while (t > s && (r[t - 1] == '.' || r[t - 1] == ':' || r[t - 1] == ';' || r[t - 1] == ')')) --t;
        std::string_view path = r.substr(s, t - s);
        const size_t dot = path.rfind('.');
        if (path.empty() || path.size() > 200 || dot == std::string_view::npos || dot == 0 ||
            path.size() - dot < 2 || path.size() - dot > 6)
            return {};
        for (size_t i = dot + 1; i < path.size(); ++i)
            if (!std::isalnum(static_cast<unsigned char>(path[i]))) return {};
        b = s, e = t;
        return path;
    }
    return {};
}

}  // namespace

void saved_file_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 4000) return;
    const std::string tool = ascii_lower(a.tool);
    if (tool.empty()) return;
    size_t b = 0, e = 0;
    const std::string_view path = saved_path(a.result, b, e);
    // A path the call itself named is the file rules' (a write tool's "File saved to a.py"): no second slot.
    if (path.empty() || a.arguments.find(path) != std::string_view::npos) return;
    out.push_back({"action.result_saved_file", "file." + std::string(path), "saved by " + tool, SlotType::kArtifact,
                   ActionEvidence::kObserved, b, e});
}

}  // namespace bm
