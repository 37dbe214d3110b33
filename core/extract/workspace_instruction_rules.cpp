// "Instructions from: FILE" sections of a harness <system-reminder>: the file's text, when it is one short paragraph.
#include "extract/workspace_instruction_rules.h"

#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

std::string collapsed(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace

std::vector<TextFact> workspace_instructions(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000 || text.rfind("<system-reminder>", 0) != 0) return out;
    const std::string_view marker = "nstructions from: ";
    for (size_t m = text.find(marker); m != std::string_view::npos; m = text.find(marker, m + 1)) {
        // The header opens its line: "Instructions from:", "Updated instructions from:", "Additional instructions from:".
        size_t ls = text.rfind('\n', m);
        ls = ls == std::string_view::npos ? 0 : ls + 1;
        const std::string head = ascii_lower(text.substr(ls, m - ls));  // "i", "updated i", "additional i"
        const bool notice_first = head == "updated i" || head == "additional i";
        if (!(head == "i" || notice_first)) continue;
        const size_t fb = m + marker.size();
        size_t fe = text.find('\n', fb);
        if (fe == std::string_view::npos) continue;
        const std::string file = path_key(text.substr(fb, fe - fb), "");
        if (file.empty() || fe - fb > 120) continue;
        // The section runs to the next header or the reminder's end; paragraphs are split by blank lines.
        size_t end = text.find("</system-reminder>", fe);
        if (end == std::string_view::npos) end = text.size();
        for (size_t n = text.find(marker, fe); n != std::string_view::npos && n < end; n = text.find(marker, n + 1)) {
            size_t nl = text.rfind('\n', n);
            if (nl != std::string_view::npos && nl > fe) { end = nl; break; }
        }
        std::vector<std::pair<size_t, size_t>> paragraphs;
        for (size_t p = fe; p < end;) {
            while (p < end && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
            if (p >= end) break;
            size_t q = text.find("\n\n", p);
            if (q == std::string_view::npos || q > end) q = end;
            paragraphs.emplace_back(p, q);
            p = q;
        }
        if (notice_first && !paragraphs.empty()) paragraphs.erase(paragraphs.begin());
        if (paragraphs.size() != 1) continue;
        auto [b, e] = paragraphs.front();
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
        const std::string value = collapsed(text.substr(b, e - b));
        if (value.empty() || value.size() > 240) continue;
        out.push_back({"harness.workspace_instruction", "workspace_instruction." + file, value, SlotType::kConstraint, b, e});
    }
    return out;
}

}  // namespace bm
