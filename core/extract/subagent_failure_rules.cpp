// A product subagent's failure diagnostic ("category: httpConnectionFailed; HTTP status: 503") as Refuted.
#include "extract/subagent_failure_rules.h"

#include <string>

#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

std::vector<TextFact> subagent_failures(std::string_view text) {
    std::vector<TextFact> out;
    const std::string low = ascii_lower(text);
    for (size_t p = low.find("diagnostic: "); p != std::string::npos; p = low.find("diagnostic: ", p + 1)) {
        const size_t open = low.find(" failure (", p);
        const size_t line_end = low.find('\n', p);
        if (open == std::string::npos || (line_end != std::string::npos && open > line_end) || open - p > 80) continue;
        const size_t fb = open + 10, fe = low.find(')', fb);
        if (fe == std::string::npos || fe - fb > 300 || (line_end != std::string::npos && fe > line_end)) continue;
        // "product: Codex; stage: turn; category: httpConnectionFailed; HTTP status: 503"
        std::string product, category, http;
        size_t category_at = 0;
        for (size_t b = fb; b < fe;) {
            size_t e = low.find(';', b);
            if (e == std::string::npos || e > fe) e = fe;
            const std::string_view field = std::string_view(low).substr(b, e - b);
            const size_t colon = field.find(':');
            if (colon != std::string_view::npos) {
                const std::string name(trim(field.substr(0, colon), " "));
                const size_t vb = b + colon + 1;
                const std::string value(trim(std::string_view(text).substr(vb, e - vb), " "));  // case kept
                if (name == "product") product = value;
                else if (name == "category") category = value, category_at = b + field.find_first_not_of(' ');
                else if (name == "http status") http = value;
            }
            b = e + 1;
        }
        const std::string product_key = key_slug(product, 32), category_key = key_slug(category, 40);
        if (product_key.empty() || category_key.empty()) continue;
        std::string value = "failed: " + category + (http.empty() ? "" : ", HTTP status " + http);
        out.push_back({"action.subagent_failure", "subagent." + product_key + ".failure." + category_key, value,
                       SlotType::kRefuted, category_at, fe});
    }
    return out;
}

}  // namespace bm
