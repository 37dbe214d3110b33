// An agent's stated total in money (rule model.total_stated; stated_total_rules.h).
#include "extract/stated_total_rules.h"

#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// "$1,250.50" at text[b]: its end; b when no money opens there.
size_t money_end(std::string_view text, size_t b) {
    if (b + 1 >= text.size() || text[b] != '$' || !digit(text[b + 1])) return b;
    size_t e = b + 1;
    while (e < text.size() && (digit(text[e]) || text[e] == ',' ||
                               (text[e] == '.' && e + 1 < text.size() && digit(text[e + 1]))))
        ++e;
    while (e > b + 1 && text[e - 1] == ',') --e;
    return e;
}

}  // namespace

std::vector<TextFact> agent_stated_totals(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 40 || text[s.end - 1] == '?') continue;
        for (size_t i = 0; i + 3 < t.size(); ++i) {
            if (t[i].lower != "total" ||
                (i > 0 && t[i - 1].lower != "the" && t[i - 1].lower != "your"))
                continue;
            if (!one_of(t[i + 1].lower, {"cost", "price", "amount", "fare", "charge", "refund"}))
                continue;
            bool conditional = false;
            for (size_t k = 0; k < i; ++k)
                conditional |= one_of(t[k].lower, {"if", "unless", "when", "once"});
            if (conditional) break;
            // "[for|of …] is [now|actually|currently] $N", within 8 words.
            size_t is = i + 2;
            while (is < t.size() && is < i + 10 && t[is].lower != "is" && !t[is - 1].comma_after)
                ++is;
            if (is >= t.size() || t[is].lower != "is") continue;
            size_t n = is + 1;
            if (n < t.size() && one_of(t[n].lower, {"now", "actually", "currently"})) ++n;
            if (n >= t.size()) continue;
            size_t b = t[n].begin;
            if (b > 0 && text[b - 1] == '$') --b;
            const size_t e = money_end(text, b);
            if (e == b) continue;
            out.push_back({"model.total_stated", "total." + t[i + 1].lower,
                           std::string(text.substr(b, e - b)), SlotType::kFact,
                           t[i > 0 ? i - 1 : i].begin, e});
        }
        // "You have saved a total of $10,519": what was done with the sum keys it (total.saved).
        for (size_t i = 1; i + 2 < t.size(); ++i) {
            if (t[i].lower != "a" || t[i + 1].lower != "total" || t[i + 2].lower != "of") continue;
            const std::string& verb = t[i - 1].lower;
            if (!one_of(verb,
                        {"saved", "paid", "refunded", "charged", "spent", "received", "credited"}))
                continue;
            bool unsure = false;
            for (size_t k = 0; k < i; ++k)
                unsure |= one_of(t[k].lower,
                                 {"if", "unless", "when", "once", "will", "would", "could", "might",
                                  "may", "can", "should", "not", "never", "you'll", "you'd"});
            if (unsure || i + 3 >= t.size()) continue;
            size_t b = t[i + 3].begin;
            if (b > 0 && text[b - 1] == '$') --b;
            const size_t e = money_end(text, b);
            if (e == b) continue;
            out.push_back({"model.total_stated", "total." + verb,
                           std::string(text.substr(b, e - b)), SlotType::kFact, t[i - 1].begin, e});
        }
    }
    return out;
}

}  // namespace bm
