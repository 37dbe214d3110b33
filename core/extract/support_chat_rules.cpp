// A user's pick and an agent's refusal in a support chat (rules user.choice, model.cannot_proceed;
// support_chat_rules.h).
#include "extract/support_chat_rules.h"

#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool in(std::string_view w, std::initializer_list<const char*> words) {
    return one_of(w, words);
}

bool determiner(std::string_view w) {
    return in(w, {"a", "an", "the", "my", "your", "our", "their", "this", "that", "these", "those",
                  "its"});
}

// Key words of a short phrase (determiners dropped; each word must open with a letter); empty when
// it runs over `max` words or holds a word that is no key word.
std::string phrase_key(const std::vector<Token>& t, size_t b, size_t e, size_t max) {
    std::string key;
    size_t n = 0;
    for (size_t i = b; i < e; ++i) {
        if (determiner(t[i].lower)) continue;
        const std::string slug = key_slug(t[i].lower, 24);
        if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0]))) return {};
        key += (key.empty() ? "" : ".") + slug;
        if (++n > max) return {};
    }
    return key;
}

bool conditional(const std::vector<Token>& t) {
    for (const Token& k : t)
        if (in(k.lower, {"if", "unless", "when", "whether", "maybe", "perhaps", "might"}))
            return true;
    return false;
}

}  // namespace

std::vector<TextFact> user_choices(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 30 || text[s.end - 1] == '?' || conditional(t)) continue;
        // "Yes, let's go with …": an answer's interjection opens the sentence.
        const size_t f =
            in(t[0].lower, {"yes", "ok", "okay", "sure", "great", "alright", "then"}) &&
                    t[0].comma_after
                ? 1
                : 0;
        if (f + 3 >= t.size()) continue;
        size_t x = 0;
        if (in(t[f].lower, {"i'll", "let's", "we'll"}) && t[f + 1].lower == "go" &&
            t[f + 2].lower == "with")
            x = f + 3;
        else if (in(t[f].lower, {"i'll", "we'll"}) &&
                 in(t[f + 1].lower, {"take", "choose", "pick"}))
            x = f + 2;
        if (x == 0 || x >= t.size()) continue;
        std::string_view value = text.substr(t[x].begin, t.back().end - t[x].begin);
        for (std::string_view tail : {", please", " please"})  // a courtesy, not part of the pick
            if (value.size() > tail.size() + 2 &&
                ascii_lower(value.substr(value.size() - tail.size())) == tail)
                value.remove_suffix(tail.size());
        if (value.size() > 80 || value.find('\n') != std::string_view::npos) continue;
        // The head noun: the last word of the first noun phrase ("the first option, Flight HAT136"
        // → option).
        size_t head = x;
        while (head + 1 < t.size() && !t[head].comma_after &&
               !in(t[head + 1].lower, {"for", "to", "on", "at", "with", "from", "and"}))
            ++head;
        std::string key = "choice";
        const std::string noun = key_slug(t[head].lower, 24);
        if (!noun.empty() && std::isalpha(static_cast<unsigned char>(noun[0])) &&
            !in(noun, {"one", "it", "that", "this", "them", "option"}))
            key = noun + ".choice";
        else if (noun == "option")
            key = "option.choice";
        out.push_back({"user.choice", key, std::string(value), SlotType::kDecision, t[0].begin,
                       t.back().end});
    }
    return out;
}

std::vector<TextFact> agent_cannot_proceed(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 7 || t.size() > 40 || text[s.end - 1] == '?') continue;
        size_t i = 0;
        if (t[0].lower == "unfortunately")
            i = 1;
        else if (t[0].lower == "sorry")
            i = 1;
        else if (t[0].lower == "i'm" && t[1].lower == "sorry")
            i = t.size() > 2 && t[2].lower == "but" ? 3 : 2;
        if (i == 0 || (!t[i - 1].comma_after && t[i - 1].lower != "but")) continue;
        if (t[i].lower != "i" || i + 4 >= t.size() || t[i + 1].lower != "need") continue;
        // "I need <X> to proceed with <Y>"
        size_t to = i + 2;
        while (to < t.size() && t[to].lower != "to") ++to;
        if (to + 2 >= t.size() || t[to + 1].lower != "proceed" || t[to + 2].lower != "with" ||
            to == i + 2)
            continue;
        if (to - (i + 2) > 6 || t[to - 1].comma_after) continue;
        size_t end = to + 3;
        while (end < t.size() && !(end > to + 3 && t[end - 1].comma_after)) ++end;
        const std::string key = phrase_key(t, to + 3, end, 4);
        if (key.empty()) continue;
        const std::string_view needed = text.substr(t[i + 2].begin, t[to - 1].end - t[i + 2].begin);
        out.push_back({"model.cannot_proceed", key + ".outcome",
                       "not done: needs " + std::string(needed), SlotType::kRefuted, t[0].begin,
                       t[end - 1].end});
    }
    return out;
}

namespace {

// "  3. **Label**: rest" → number 3, the line's text after "3. " and where it starts; 0 when the
// line is no numbered item.
int numbered_line(std::string_view line, std::string_view& body) {
    size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t d = i;
    while (d < line.size() && d - i < 2 && digit(line[d])) ++d;
    if (d == i || d + 1 >= line.size() || line[d] != '.' || line[d + 1] != ' ') return 0;
    body = line.substr(d + 2);
    while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
    return std::stoi(std::string(line.substr(i, d - i)));
}

template <typename F>
void each_line(std::string_view text, F f) {
    size_t at = 0;
    while (at <= text.size()) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        f(text.substr(at, eol - at), at);
        at = eol + 1;
    }
}

}  // namespace

std::vector<TextFact> user_numbered_answers(std::string_view questions, std::string_view answers) {
    std::vector<TextFact> out;
    if (questions.size() > 8000 || answers.size() > 4000) return out;
    std::vector<std::string> labels(10);
    each_line(questions, [&](std::string_view line, size_t) {
        std::string_view body;
        const int n = numbered_line(line, body);
        if (n <= 0 || n >= 10) return;
        std::string label(body.substr(0, std::min(body.find(':'), body.size())));
        if (label.size() == body.size()) return;  // no "Label:"
        std::erase(label, '*');
        std::string key;
        size_t words = 0;
        for (const Sentence& s : split_sentences(label))
            for (const Token& t : s.tokens) {
                const std::string slug = key_slug(t.lower, 24);
                if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0]))) return;
                key += (key.empty() ? "" : ".") + slug;
                ++words;
            }
        if (!key.empty() && words <= 4) labels[static_cast<size_t>(n)] = key;
    });
    size_t matched = 0;
    std::vector<TextFact> found;
    each_line(answers, [&](std::string_view line, size_t at) {
        std::string_view body;
        const int n = numbered_line(line, body);
        if (n <= 0 || n >= 10 || labels[static_cast<size_t>(n)].empty()) return;
        ++matched;
        std::string value(body);
        while (!value.empty() && value.back() == '.') value.pop_back();
        if (value.empty() || value.size() > 120) return;
        const size_t b = at + static_cast<size_t>(body.data() - line.data());
        found.push_back({"user.numbered_answers", labels[static_cast<size_t>(n)], value,
                         SlotType::kConstraint, b, b + body.size()});
    });
    if (matched >= 2) out = std::move(found);
    return out;
}

}  // namespace bm
