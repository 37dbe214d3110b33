// Tasks a user numbers in words (rule user.ordinal_task; ordinal_task_rules.h).
#include "extract/ordinal_task_rules.h"

#include <cctype>
#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

bool in(std::string_view w, std::initializer_list<const char*> words) {
    return one_of(w, words);
}

// "first" for first/firstly, … ; "" when `w` is no ordinal.
std::string ordinal(std::string_view w) {
    for (const char* o : {"first", "second", "third", "fourth", "fifth"})
        if (w == o || w == std::string(o) + "ly") return o;
    if (w == "finally" || w == "lastly") return "last";
    return {};
}

// Where a value ends: the sentence's end, or a full stop glued to the next sentence ("program.The
// goal").
size_t glued_end(std::string_view text, size_t b, size_t e) {
    for (size_t p = b; p + 1 < e; ++p)
        if (text[p] == '.' && std::isupper(static_cast<unsigned char>(text[p + 1]))) return p;
    return e;
}

}  // namespace

std::vector<TextFact> user_ordinal_tasks(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 8000) return out;
    std::vector<TextFact> listed;  // "first, …" sentences
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 3 || text[s.end - 1] == '?') continue;
        // "The first task is X": "the" may be glued to the last sentence ("project.The first task
        // is …").
        for (size_t i = 0; i + 4 < t.size(); ++i) {
            const std::string& the = t[i].lower;
            if (the != "the" && !(the.size() > 4 && the.compare(the.size() - 4, 4, ".the") == 0))
                continue;
            const std::string o = t[i + 1].lower == "next" ? "next" : ordinal(t[i + 1].lower);
            if (o.empty() || !in(t[i + 2].lower, {"task", "step"}) || t[i + 3].lower != "is")
                continue;
            if (t[i + 1].lower == "finally" || t[i + 1].lower == "lastly") continue;
            const size_t b = t[i + 4].begin;
            const std::string_view value = trim_right(text.substr(b, glued_end(text, b, s.end) - b), ". !");
            if (value.empty() || value.size() > 160 || value.find('\n') != std::string_view::npos)
                continue;
            out.push_back({"user.ordinal_task", t[i + 2].lower + "." + o, std::string(value),
                           SlotType::kGoal, t[i + 1].begin, b + value.size()});
        }
        // "first, automatically fetch …"
        const std::string o = ordinal(t[0].lower);
        if (o.empty() || !t[0].comma_after) continue;
        if (in(t[1].lower, {"i", "we", "you", "it", "he", "she", "they", "i'll", "i'm", "i've",
                            "we'll", "we're", "there", "this", "that"}))
            continue;
        const size_t b = t[1].begin;
        const std::string_view value = trim_right(text.substr(b, glued_end(text, b, s.end) - b), ". !");
        if (value.empty() || value.size() > 160 || value.find('\n') != std::string_view::npos)
            continue;
        listed.push_back({"user.ordinal_task", "task." + o, std::string(value), SlotType::kGoal,
                          t[0].begin, b + value.size()});
    }
    if (listed.size() >= 2 && listed[0].key == "task.first")
        for (TextFact& f : listed) out.push_back(std::move(f));
    return out;
}

}  // namespace bm
