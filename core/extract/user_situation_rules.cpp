// A user's account of their own situation in a chat: ids given, things not remembered, had, needed,
// how to pay (rules user.answer_id, user.not_remembered, user.do_have, user.wanted_thing,
// user.payment_method).
#include "extract/user_situation_rules.h"

#include <algorithm>
#include <set>
#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

using Toks = std::vector<Token>;

bool in(std::string_view w, std::initializer_list<const char*> words) {
    return one_of(w, words);
}

bool determiner(std::string_view w) {
    return in(w, {"the", "my", "our", "a", "an", "this", "that"});
}

bool negative(std::string_view w) {
    return in(w, {"not", "no", "never", "don't", "dont", "can't", "cannot", "didn't", "won't",
                  "doesn't", "don\xE2\x80\x99t", "can\xE2\x80\x99t", "didn\xE2\x80\x99t"});
}

bool conditional_before(const Toks& t, size_t i) {
    for (size_t k = 0; k < i; ++k)
        if (in(t[k].lower, {"if", "unless", "when", "whether", "maybe", "perhaps", "once"}))
            return true;
    return false;
}

bool question(std::string_view text, const Sentence& s) {
    return text[s.end - 1] == '?';
}

// The rules' guards, one row a rule: a user text over text_bytes (or an agent's text before it over
// asked_bytes) gives nothing, as these rules read chat turns, not documents; a sentence is read
// only when it is a statement of min_words..max_words tokens (user.answer_id counts the whole
// reply's).
struct Guard {
    size_t text_bytes, min_words, max_words, asked_bytes;
};
// clang-format off
//                                  text_bytes  min_words  max_words  asked_bytes
constexpr Guard kAnswerId          {300,        0,         12,        4000};
constexpr Guard kNotRemembered     {4000,       5,         40,        0};
constexpr Guard kDoHave            {4000,       4,         40,        0};
constexpr Guard kWantedThing       {4000,       4,         50,        0};
constexpr Guard kPaymentMethod     {4000,       5,         50,        0};
constexpr Guard kConfirmation      {1000,       3,         20,        8000};
// clang-format on

// True when the agent's text or the user's is longer than `g` reads.
bool too_long(const Guard& g, std::string_view asked, std::string_view text) {
    return asked.size() > g.asked_bytes || text.size() > g.text_bytes;
}

// True when sentence `s` of `text` is a statement (no question) whose word count `g` reads.
bool readable(std::string_view text, const Sentence& s, const Guard& g) {
    return s.tokens.size() >= g.min_words && s.tokens.size() <= g.max_words && !question(text, s);
}

// The sentences of `text` that `g` reads, in order; none when the text is too long.
std::vector<Sentence> statements(std::string_view text, const Guard& g) {
    std::vector<Sentence> out;
    if (too_long(g, {}, text)) return out;
    for (Sentence& s : split_sentences(text))
        if (readable(text, s, g)) out.push_back(std::move(s));
    return out;
}

// A clause opens at t[i]: the sentence's start, after a clause break, or after
// and/but/so/also/well.
bool clause_start(const Toks& t, size_t i) {
    return i == 0 || t[i - 1].comma_after ||
           in(t[i - 1].lower, {"and", "but", "so", "also", "well"});
}

// Key words of t[b, e) (each must open with a letter); empty when none or over `max`.
std::string words_key(const Toks& t, size_t b, size_t e, size_t max) {
    std::string key;
    size_t n = 0;
    for (size_t i = b; i < e; ++i) {
        const std::string slug = key_slug(t[i].lower, 24);
        if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0]))) return {};
        key += (key.empty() ? "" : ".") + slug;
        if (++n > max) return {};
    }
    return key;
}

// The end of the clause that runs from t[b]: a comma, the sentence's end, or one of `stops`.
size_t clause_end(const Toks& t, size_t b, std::initializer_list<const char*> stops) {
    size_t e = b;
    while (e < t.size() && (e == b || !in(t[e].lower, stops))) {
        ++e;
        if (t[e - 1].comma_after) break;
    }
    return e;
}

// "I <verb>" (one of `verbs`), "I'd like|prefer", "I would like|prefer" at t[i]: the index after
// it; 0 when none.
size_t after_wish(const Toks& t, size_t i, std::initializer_list<const char*> verbs) {
    if (i + 2 >= t.size()) return 0;
    if (t[i].lower == "i" && in(t[i + 1].lower, verbs)) return i + 2;
    if (t[i].lower == "i'd" && in(t[i + 1].lower, {"like", "prefer"})) return i + 2;
    if (t[i].lower == "i" && t[i + 1].lower == "would" && in(t[i + 2].lower, {"like", "prefer"}))
        return i + 3;
    return 0;
}

// An identifier a user types: a token of 4..60 bytes with a digit, '_' or '@' in it
// ("sofia_kim_7287", "W2378156", "jo@example.com", "48213"); a path or a time (/, :) is none.
bool identifier_like(std::string_view w) {
    if (w.size() < 4 || w.size() > 60) return false;
    bool mark = false;
    for (char c : w) {
        mark |= digit(c) || c == '_' || c == '@';
        if (c == ' ' || c == '/' || c == ':') return false;
    }
    return mark;
}

}  // namespace

std::vector<TextFact> user_answered_id(std::string_view asked, std::string_view answer) {
    std::vector<TextFact> out;
    if (too_long(kAnswerId, asked, answer)) return out;
    if (asked.find('?') == std::string_view::npos &&
        ascii_lower(asked).find("provide") == std::string::npos)
        return out;
    // The identifiers the agent asked for: "<word> ID|number|code", "email [address]", "username".
    std::set<std::string> labels;
    for (const Sentence& s : split_sentences(asked)) {
        const Toks& t = s.tokens;
        for (size_t k = 0; k < t.size(); ++k) {
            const std::string& w = t[k].lower;
            if (in(w, {"ids", "numbers", "emails"})) return out;  // several asked for
            if (in(w, {"email", "username", "e-mail"})) {
                labels.insert(w == "e-mail" ? "email" : w);
            } else if (in(w, {"id", "number", "code"})) {
                if (k == 0 || t[k - 1].comma_after) continue;
                const std::string& before = t[k - 1].lower;
                if (determiner(before) || in(before, {"your", "their", "his", "her"})) {
                    labels.insert(w);
                    continue;
                }
                const std::string slug = key_slug(before, 24);
                if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0])) ||
                    in(slug, {"phone", "of", "and", "or", "any", "no", "some"}))
                    continue;  // a phone number is no account id; "the number of …" counts
                labels.insert(slug + "." + w);
            }
        }
    }
    if (labels.size() != 1) return out;
    const std::string label = *labels.begin();
    size_t words = 0, found = 0;
    size_t b = 0, e = 0;
    for (const Sentence& s : split_sentences(answer)) {
        if (question(answer, s)) return out;
        for (const Token& tok : s.tokens) {
            ++words;
            if (negative(tok.lower) || in(tok.lower, {"if", "unless", "maybe", "perhaps", "sorry"}))
                return out;
            if (identifier_like(answer.substr(tok.begin, tok.end - tok.begin)))
                ++found, b = tok.begin, e = tok.end;
        }
    }
    if (found != 1 || words > kAnswerId.max_words) return out;
    std::string_view value = answer.substr(b, e - b);
    while (!value.empty() && (value.back() == '.' || value.back() == ',' || value.back() == '!'))
        value.remove_suffix(1);
    out.push_back(
        {"user.answer_id", label, std::string(value), SlotType::kFact, b, b + value.size()});
    return out;
}

std::vector<TextFact> user_not_remembered(std::string_view text) {
    std::vector<TextFact> out;
    for (const Sentence& s : statements(text, kNotRemembered)) {
        const Toks& t = s.tokens;
        for (size_t i = 0; i + 4 < t.size(); ++i) {
            if (t[i].lower != "i" || !clause_start(t, i)) continue;
            size_t v = i + 1;
            if (t[v].lower == "do" || t[v].lower == "can" || t[v].lower == "did") {
                if (t[v + 1].lower != "not") continue;
                v += 2;
            } else if (in(t[v].lower,
                          {"don't", "dont", "can't", "cannot", "didn't", "don\xE2\x80\x99t",
                           "can\xE2\x80\x99t", "didn\xE2\x80\x99t"})) {
                v += 1;
            } else {
                continue;
            }
            if (v + 2 >= t.size() || !in(t[v].lower, {"remember", "recall", "know"})) continue;
            if (conditional_before(t, i) || !in(t[v + 1].lower, {"the", "my", "our"})) continue;
            const size_t b = v + 2;
            const size_t e = clause_end(t, b,
                                        {"but", "and", "for", "with", "right", "now", "at",
                                         "either", "anymore", "offhand", "sorry", "though"});
            const std::string key = words_key(t, b, e, 4);
            if (key.empty()) continue;
            const bool know = t[v].lower == "know";
            out.push_back({"user.not_remembered", key,
                           know ? "not known by the user" : "not remembered by the user",
                           SlotType::kFact, t[i].begin, t[e - 1].end});
        }
    }
    return out;
}

std::vector<TextFact> user_do_have(std::string_view text) {
    std::vector<TextFact> out;
    for (const Sentence& s : statements(text, kDoHave)) {
        const Toks& t = s.tokens;
        for (size_t i = 0; i + 3 < t.size(); ++i) {
            if (t[i].lower != "i" || t[i + 1].lower != "do" || t[i + 2].lower != "have" ||
                !clause_start(t, i))
                continue;
            if (conditional_before(t, i)) break;
            size_t b = i + 3;
            if (determiner(t[b].lower)) ++b;
            if (b >= t.size()) break;
            // The phrase ends its clause: at a comma, the sentence's end or and/but/so.
            size_t e = b;
            while (e < t.size() && !(e > b && in(t[e].lower, {"and", "but", "so"}))) {
                ++e;
                if (t[e - 1].comma_after) break;
            }
            if (e - b > 3) continue;
            const std::string key = words_key(t, b, e, 3);
            if (key.empty() ||
                in(key, {"it", "one", "them", "that", "this", "question", "a.question"}))
                continue;
            out.push_back(
                {"user.do_have", "user." + key, "yes", SlotType::kFact, t[i].begin, t[e - 1].end});
        }
    }
    return out;
}

std::vector<TextFact> user_wanted_thing(std::string_view text) {
    std::vector<TextFact> out;
    for (const Sentence& s : statements(text, kWantedThing)) {
        const Toks& t = s.tokens;
        for (size_t i = 0; i + 3 < t.size(); ++i) {
            if (!clause_start(t, i)) continue;
            size_t d =
                after_wish(t, i, {"need", "want", "prefer"});  // the determiner opening the phrase
            // "I'd like to get on a later flight …": getting (onto) a thing is wanting it.
            if (d != 0 && d + 2 < t.size() && t[d].lower == "to" && t[d + 1].lower == "get")
                d += in(t[d + 2].lower, {"on", "onto"}) ? 3 : 2;
            if (d == 0 || d + 1 >= t.size() || !in(t[d].lower, {"the", "a", "an"})) continue;
            if (conditional_before(t, i)) break;
            size_t e = clause_end(t, d, {"but", "and", "because", "since", "as", "so", "please"});
            // ", or the earliest one the next day": an alternative the user also accepts stays in
            // the value.
            while (e + 1 < t.size() && t[e - 1].comma_after && t[e].lower == "or")
                e = clause_end(t, e, {"but", "and", "because", "since", "as", "so", "please"});
            if (e - d > 20) continue;
            // The key: the phrase's words before its first preposition or clause word, superlatives
            // and "same/next/other" left out ("the fastest return trip to Houston" → return.trip).
            std::string key;
            size_t words = 0;
            bool bad = false;
            for (size_t k = d + 1; k < e; ++k) {
                const std::string& w = t[k].lower;
                if (in(w, {"to", "on", "for", "with", "from", "at", "in", "by", "of", "that",
                           "which", "who", "than", "back", "out", "before", "after", "instead"}))
                    break;
                if (in(w, {"fastest", "quickest", "cheapest", "earliest", "latest",  "shortest",
                           "longest", "nearest",  "best",     "lowest",   "highest", "smallest",
                           "largest", "biggest",  "same",     "next",     "other",   "new",
                           "one",     "very",     "most"}))
                    continue;
                const std::string slug = key_slug(w, 24);
                if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0]))) {
                    bad = true;
                    break;
                }
                key += (key.empty() ? "" : ".") + slug;
                ++words;
                if (t[k].comma_after) break;
            }
            if (bad || key.empty() || words > 3) continue;
            size_t stop = t[e - 1].end;
            // "… in french (not the project like readme, logs, etc in english)": a comma inside an aside does not
            // end the phrase; the value runs to the aside's close on its line, or there is none (session 21).
            if (std::count(text.begin() + t[d].begin, text.begin() + stop, '(') >
                std::count(text.begin() + t[d].begin, text.begin() + stop, ')')) {
                const size_t close = text.find_first_of(")\n", stop);
                if (close == std::string_view::npos || text[close] != ')') continue;
                stop = close + 1;
            }
            std::string_view value = text.substr(t[d].begin, stop - t[d].begin);
            if (value.size() > 120 || value.find('\n') != std::string_view::npos) continue;
            out.push_back({"user.wanted_thing", key + ".wanted", std::string(value),
                           SlotType::kConstraint, t[i].begin, stop});
        }
    }
    return out;
}

std::vector<TextFact> user_payment_method(std::string_view text) {
    std::vector<TextFact> out;
    for (const Sentence& s : statements(text, kPaymentMethod)) {
        const Toks& t = s.tokens;
        for (size_t i = 0; i + 4 < t.size(); ++i) {
            if (!clause_start(t, i)) continue;
            const size_t to = after_wish(t, i, {"want", "plan", "prefer", "need"});
            if (to == 0 || to + 2 >= t.size() || t[to].lower != "to") continue;
            if (conditional_before(t, i)) break;
            size_t x = 0;
            bool pay = false;
            if (t[to + 1].lower == "use") {
                x = to + 2;
            } else if (t[to + 1].lower == "pay" &&
                       in(t[to + 2].lower, {"with", "using", "by", "via"})) {
                x = to + 3, pay = true;
            }
            if (x == 0 || x >= t.size()) continue;
            // X runs to "for (the) payment" / "to pay" / the clause's end.
            size_t e = x;
            bool for_payment = false;
            while (e < t.size()) {
                if (e > x && t[e].lower == "for" && e + 1 < t.size() &&
                    (t[e + 1].lower == "payment" || (t[e + 1].lower == "the" && e + 2 < t.size() &&
                                                     t[e + 2].lower == "payment"))) {
                    for_payment = true;
                    break;
                }
                if (e > x && t[e].lower == "to" && e + 1 < t.size() && t[e + 1].lower == "pay") {
                    for_payment = true;
                    break;
                }
                if (e > x && in(t[e].lower, {"and", "but", "so", "because", "since"})) break;
                ++e;
                if (t[e - 1].comma_after) break;
            }
            if ((!pay && !for_payment) || e == x || e - x > 12) continue;
            const std::string_view value = text.substr(t[x].begin, t[e - 1].end - t[x].begin);
            if (value.size() > 100 || value.find('\n') != std::string_view::npos) continue;
            // The quote runs through "for (the) payment" / "to pay" when it is there.
            size_t q = e;
            if (for_payment)
                while (q + 1 < t.size() && q < e + 2 && t[q].lower != "payment" &&
                       t[q].lower != "pay")
                    ++q;
            else
                q = e - 1;
            out.push_back({"user.payment_method", "payment.method", std::string(value),
                           SlotType::kConstraint, t[i].begin, t[q].end});
        }
    }
    return out;
}

std::vector<TextFact> user_confirmation(std::string_view asked, std::string_view answer) {
    std::vector<TextFact> out;
    if (too_long(kConfirmation, asked, answer)) return out;
    // The agent asked: a question, or "Please confirm if you would like to proceed …".
    const std::string low = ascii_lower(asked);
    if (asked.find('?') == std::string_view::npos &&
        low.find("please confirm") == std::string::npos &&
        low.find("confirm if") == std::string::npos &&
        low.find("confirm whether") == std::string::npos)
        return out;
    const std::vector<Sentence> ss = split_sentences(answer);
    if (ss.empty()) return out;
    const Sentence& s = ss.front();
    const Toks& t = s.tokens;
    if (!readable(answer, s, kConfirmation) || t[0].lower != "yes" || !t[0].comma_after) return out;
    if (conditional_before(t, t.size())) return out;
    size_t v = 1;
    if (t[v].lower == "please") ++v;
    if (v + 1 >= t.size()) return out;
    std::string key;
    if ((t[v].lower == "proceed" || (t[v].lower == "go" && t[v + 1].lower == "ahead"))) {
        // "proceed with that booking": what goes ahead names the key.
        size_t w = t[v].lower == "go" ? v + 2 : v + 1;
        if (w + 1 >= t.size() || t[w].lower != "with") return out;
        ++w;
        while (w < t.size() && in(t[w].lower, {"the", "that", "this", "my", "these", "those"})) ++w;
        size_t e = w;
        while (e < t.size() && e - w < 3 &&
               !in(t[e].lower, {"to", "for", "on", "with", "at", "and", "please", "now"})) {
            ++e;
            if (t[e - 1].comma_after) break;
        }
        key = words_key(t, w, e, 3);
    } else if (in(t[v].lower,
                  {"book",    "cancel", "downgrade",  "upgrade",  "change", "modify", "update",
                   "add",     "remove", "delete",     "exchange", "return", "refund", "reserve",
                   "apply",   "rebook", "reschedule", "transfer", "create", "deploy", "merge",
                   "install", "delete", "send",       "submit"})) {
        key = t[v].lower;
    }
    if (key.empty()) return out;
    const size_t e = clause_end(t, v, {"and", "but", "so", "because", "since", "thank", "thanks"});
    std::string_view rest = answer.substr(t[v].begin, t[e - 1].end - t[v].begin);
    if (rest.size() > 120 || rest.find('\n') != std::string_view::npos) return out;
    out.push_back({"user.confirmation", key + ".confirmed", "yes, " + std::string(rest),
                   SlotType::kDecision, t[0].begin, t[e - 1].end});
    return out;
}

}  // namespace bm
