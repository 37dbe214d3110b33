// An agent's stated total in money (rule model.total_stated; stated_total_rules.h).
#include "extract/stated_total_rules.h"

#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

std::vector<TextFact> agent_stated_totals(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 40 || text[s.end - 1] == '?') continue;
        for (size_t i = 0; i + 3 < t.size(); ++i) {
            if (t[i].lower != "total" || (i > 0 && t[i - 1].lower != "the" && t[i - 1].lower != "your")) continue;
            if (!one_of(t[i + 1].lower, {"cost", "price", "amount", "fare", "charge", "refund"})) continue;
            bool conditional = false;
            for (size_t k = 0; k < i; ++k) conditional |= one_of(t[k].lower, {"if", "unless", "when", "once"});
            if (conditional) break;
            // "[for|of …] is [now|actually|currently] $N", within 8 words.
            size_t is = i + 2;
            while (is < t.size() && is < i + 10 && t[is].lower != "is" && !t[is - 1].comma_after) ++is;
            if (is >= t.size() || t[is].lower != "is") continue;
            size_t n = is + 1;
            if (n < t.size() && one_of(t[n].lower, {"now", "actually", "currently"})) ++n;
            if (n >= t.size()) continue;
            size_t b = t[n].begin;
            if (b > 0 && text[b - 1] == '$') --b;
            if (text[b] != '$' || !digit(text[b + 1])) continue;
            size_t e = b + 1;
            while (e < text.size() && (digit(text[e]) || text[e] == ',' || (text[e] == '.' && e + 1 < text.size() && digit(text[e + 1]))))
                ++e;
            while (e > b + 1 && text[e - 1] == ',') --e;
            out.push_back({"model.total_stated", "total." + t[i + 1].lower, std::string(text.substr(b, e - b)),
                           SlotType::kFact, t[i > 0 ? i - 1 : i].begin, e});
        }
    }
    return out;
}

}  // namespace bm
