// "Don't stop until X" / "keep going until X" / "you're done when X": the user's completion criteria.
#include "extract/completion_rules.h"

#include <cctype>
#include <string>

#include "extract/sentence_tokens.h"

namespace bm {

namespace {

// How many tokens the cue takes at `i` (0 when none opens there): "don't stop until", "do not stop
// until", "keep going until", "continue until", "you're done when", "you are done when".
size_t cue_length(const std::vector<Token>& t, size_t i) {
    auto is = [&](size_t k, const char* w) { return k < t.size() && t[k].lower == w; };
    if ((is(i, "don't") || is(i, "dont")) && is(i + 1, "stop") && is(i + 2, "until")) return 3;
    if (is(i, "do") && is(i + 1, "not") && is(i + 2, "stop") && is(i + 3, "until")) return 4;
    if (is(i, "never") && is(i + 1, "stop") && is(i + 2, "until")) return 3;
    if (is(i, "keep") && (is(i + 1, "going") || is(i + 1, "working")) && is(i + 2, "until")) return 3;
    if (is(i, "continue") && is(i + 1, "until")) return 2;
    if ((is(i, "you're") || is(i, "youre")) && is(i + 1, "done") && (is(i + 2, "when") || is(i + 2, "once"))) return 3;
    if (is(i, "you") && is(i + 1, "are") && is(i + 2, "done") && (is(i + 3, "when") || is(i + 3, "once"))) return 4;
    return 0;
}

}  // namespace

std::vector<TextFact> completion_criteria(std::string_view text) {
    std::vector<TextFact> out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 60 || text[s.end - 1] == '?') continue;
        // The cue opens the sentence or a clause ("please", "and" before it are lead-ins).
        size_t i = 0;
        while (i < t.size() && (t[i].lower == "please" || t[i].lower == "and" || t[i].lower == "also" ||
                                t[i].lower == "then" || t[i].lower == "but"))
            ++i;
        const size_t n = cue_length(t, i);
        if (n == 0 || i + n >= t.size()) continue;
        const size_t from = t[i + n].begin;
        size_t to = s.end;
        while (to > from && (text[to - 1] == '.' || text[to - 1] == '!' || std::isspace(static_cast<unsigned char>(text[to - 1]))))
            --to;
        if (to <= from || to - from > 160) continue;
        std::string value;
        for (size_t k = from; k < to; ++k) {
            const char c = text[k];
            if (c == '\n') { value.clear(); break; }
            value += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        if (value.empty()) continue;
        out.push_back({"user.done_when", "done.when", value, SlotType::kConstraint, t[i].begin, to});
    }
    return out;
}

}  // namespace bm
