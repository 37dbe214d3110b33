// "The goal is to X" / "Your goal is to X": the goal a user states in so many words.
#include "extract/goal_statement_rules.h"

#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '\'';
}

// Lowercased words of `s` (letters, digits, '_', '-', '\'').
std::vector<std::string> lower_words(std::string_view s) {
    std::vector<std::string> out;
    std::string w;
    for (char c : s) {
        if (word_char(c)) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!w.empty()) out.push_back(std::move(w)), w.clear();
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

// Where the cue "<owner> <noun> is to " ends when it starts at `p` (0 when it does not); `noun` is set to the noun.
size_t cue_end(std::string_view lower, size_t p, std::string& noun) {
    for (const char* owner : {"the ", "my ", "our ", "your "}) {
        const std::string_view o(owner);
        if (lower.compare(p, o.size(), o) != 0) continue;
        for (const char* n : {"goal", "aim", "objective", "task"}) {
            const std::string cue = std::string(o) + n + " is to ";
            if (lower.compare(p, cue.size(), cue) == 0) return noun = n, p + cue.size();
        }
    }
    return 0;
}

// `lower` with the inside of every tagged block ("<pr_description>\n…\n</pr_description>": a quoted issue or
// document a task template wraps) blanked, newlines kept, so that positions stay those of the text; `own` is set
// to how many non-blank bytes are left outside the blocks (the words of the message itself).
std::string blank_tagged_blocks(std::string lower, size_t& own) {
    for (size_t p = lower.find('<'); p != std::string::npos; p = lower.find('<', p + 1)) {
        size_t e = p + 1;
        while (e < lower.size() && (std::islower(static_cast<unsigned char>(lower[e])) || lower[e] == '_')) ++e;
        if (e == p + 1 || e >= lower.size() || lower[e] != '>') continue;
        const std::string close = "</" + lower.substr(p + 1, e - p - 1) + ">";
        const size_t c = lower.find(close, e + 1);
        if (c == std::string::npos) continue;
        for (size_t k = e + 1; k < c; ++k)
            if (lower[k] != '\n') lower[k] = ' ';
        p = c;
    }
    own = 0;
    for (char ch : lower) own += std::isspace(static_cast<unsigned char>(ch)) ? 0 : 1;
    return lower;
}

// The sentence end after `from`: '.', '!' or '?' followed by a space, a letter or the end; a newline.
size_t sentence_end(std::string_view text, size_t from, bool& question) {
    for (size_t k = from; k < text.size(); ++k) {
        const char c = text[k];
        if (c == '\n') return question = false, k;
        if ((c == '.' || c == '!' || c == '?') &&
            (k + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[k + 1])) ||
             std::isupper(static_cast<unsigned char>(text[k + 1])))) {
            question = c == '?';
            return k;
        }
    }
    question = false;
    return text.size();
}

// True when `p` opens the text, a sentence or a clause: after . ! ? : ; or a newline (spaces between
// allowed), or after ", ".
bool clause_start(std::string_view lower, size_t p) {
    if (p == 0) return true;
    const std::string_view marks = ".!?:;\n";
    if (marks.find(lower[p - 1]) != std::string_view::npos) return true;
    if (lower[p - 1] != ' ') return false;
    size_t q = p - 1;
    while (q > 0 && lower[q - 1] == ' ') --q;
    return q == 0 || marks.find(lower[q - 1]) != std::string_view::npos || lower[q - 1] == ',';
}

// True when `value` names a tagged block ("<pr_description>", "<issue_description>") of the template around it.
bool names_tagged_block(std::string_view value) {
    for (size_t p = value.find('<'); p != std::string_view::npos; p = value.find('<', p + 1)) {
        size_t q = p + 1;
        while (q < value.size() && (std::isalnum(static_cast<unsigned char>(value[q])) || value[q] == '_')) ++q;
        if (q > p + 1 && q < value.size() && value[q] == '>') return true;
    }
    return false;
}

}  // namespace

std::vector<TextFact> user_goal_statements(std::string_view text) {
    std::vector<TextFact> out;
    if (text.find("<system-reminder>") != std::string_view::npos) return out;
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // A long message is read only when its own words, outside the tagged blocks it quotes (a SWE-bench task
    // template's <pr_description>/<issue_description>), are short: a wall of text says no goal in so many words.
    std::string blanked;
    if (text.size() > 4000) {
        size_t own = 0;
        blanked = blank_tagged_blocks(lower, own);
        if (own > 4000) return out;
        lower = blanked;
        for (size_t k = 0; k < text.size(); ++k)
            if (lower[k] == ' ' && text[k] != ' ') blanked[k] = ' ';  // blanked bytes read as spaces in `text` too
            else blanked[k] = text[k];
        text = blanked;
    }
    for (size_t p = 0; p < lower.size(); ++p) {
        // The cue opens the text, a sentence or a clause ("project.The goal is to …" runs sentences together).
        if (!clause_start(lower, p)) continue;
        std::string noun;
        const size_t from = cue_end(lower, p, noun);
        if (from == 0) continue;
        bool question = false;
        const size_t to = sentence_end(text, from, question);
        if (question || to <= from || to - from > 160) continue;
        const std::string_view value = text.substr(from, to - from);
        const std::vector<std::string> w = lower_words(value);
        if (w.size() < 2 || !std::isalpha(static_cast<unsigned char>(value[0])) || one_of(w[0], {"not", "never", "be"}))
            continue;
        // "… to ensure the <pr_description> is satisfied": a task template naming its placeholder block, not the
        // user's goal (session 21: 5 of 5 such values junk under the blind labels).
        if (names_tagged_block(value)) continue;
        // The key: the verb, then up to two content words before a clause word.
        std::string key = noun + "." + key_slug(w[0], 24);  // named as the user named it: goal, task, aim, objective
        size_t n = 0;
        for (size_t i = 1; i < w.size() && n < 2; ++i) {
            if (one_of(w[i], {"that", "which", "who", "to", "for", "with", "from", "of", "in", "on", "by", "and", "or"}))
                break;
            if (one_of(w[i], {"a", "an", "the", "this", "that", "my", "our", "your", "new", "simple", "some"})) continue;
            key += "." + key_slug(w[i], 24);
            ++n;
        }
        std::string v;
        for (char c : value) v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out.push_back({"user.goal_statement", key, v, SlotType::kGoal, p, to});
        p = to;
    }
    return out;
}

}  // namespace bm
