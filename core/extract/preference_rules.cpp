// "I don't want X" in a user's text as a Constraint (rule user.not_wanted; preference_rules.h).
#include "extract/preference_rules.h"

#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool in(std::string_view w, std::initializer_list<const char*> words) {
    return one_of(w, words);
}

bool negation_pair(const std::vector<Token>& t, size_t i, size_t& want) {
    // "do not want", "don't want", "dont want", "don’t want"
    if (i + 2 < t.size() && t[i].lower == "do" && t[i + 1].lower == "not" &&
        t[i + 2].lower == "want") {
        want = i + 2;
        return true;
    }
    if (i + 1 < t.size() && in(t[i].lower, {"don't", "dont", "don\xE2\x80\x99t"}) &&
        t[i + 1].lower == "want") {
        want = i + 1;
        return true;
    }
    return false;
}

}  // namespace

std::vector<TextFact> user_not_wanted(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 40 || text[s.end - 1] == '?') continue;
        for (size_t i = 0; i + 3 < t.size(); ++i) {
            if (t[i].lower != "i") continue;
            size_t want = 0;
            if (!negation_pair(t, i + 1, want)) continue;
            // A condition before it ("if I don't want …, …") says nothing the user holds to.
            bool conditional = false;
            for (size_t k = 0; k < i; ++k)
                conditional |=
                    in(t[k].lower, {"if", "unless", "when", "whether", "maybe", "perhaps"});
            if (conditional) break;
            size_t o = want + 1;
            if (o >= t.size()) break;
            // The object runs to the clause's end.
            size_t end = o;
            while (end < t.size() && !(end > o && t[end - 1].comma_after)) ++end;
            if (t[o].lower == "to") {
                if (o + 1 >= t.size()) break;
                const std::string verb = key_slug(t[o + 1].lower, 24);
                if (verb.empty() ||
                    in(verb, {"be", "have", "do", "get", "make", "go", "say", "know"}))
                    break;
                std::string value = "not wanted";
                if (o + 2 < end) {
                    const std::string_view rest =
                        text.substr(t[o + 2].begin, t[end - 1].end - t[o + 2].begin);
                    if (rest.size() > 80 || rest.find('\n') != std::string_view::npos) break;
                    value = "not " + std::string(rest);
                }
                // "… to fly before 11 AM": a bound in time is about when (session 16: `fly.time`).
                const bool when = o + 2 < end && in(t[o + 2].lower, {"before", "after", "until", "till", "earlier", "later"});
                out.push_back({"user.not_wanted", when ? verb + ".time" : verb, value, SlotType::kConstraint, t[i].begin,
                               t[end - 1].end});
                break;
            }
            if (in(t[o].lower, {"you", "it", "them", "him", "her", "this", "that", "anyone",
                                "anything", "us", "me"}))
                break;
            std::string key;
            size_t words = 0;
            for (size_t k = o; k < end; ++k) {
                if (in(t[k].lower, {"a", "an", "the", "any", "my", "your", "some"})) continue;
                const std::string slug = key_slug(t[k].lower, 24);
                if (slug.empty() || !std::isalpha(static_cast<unsigned char>(slug[0]))) {
                    key.clear();
                    break;
                }
                key += (key.empty() ? "" : ".") + slug;
                ++words;
            }
            if (key.empty() || words > 4) break;
            out.push_back({"user.not_wanted", key, "not wanted", SlotType::kConstraint, t[i].begin,
                           t[end - 1].end});
            break;
        }
    }
    return out;
}

}  // namespace bm
