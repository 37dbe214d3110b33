// An agent's statements about the command it just ran, and a user's facts to remember (statement_rules.h).
#include "extract/statement_rules.h"

#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"
#include "extract/sentence_tokens.h"
#include "util/trim.h"

namespace bm {

namespace {

bool in(const std::string& w, std::initializer_list<const char*> set) {
    for (const char* s : set)
        if (w == s) return true;
    return false;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Where a sentence's text ends once its closing '.', '!' and spaces are dropped.
size_t trimmed_end(std::string_view text, size_t from, size_t to) {
    return to <= from ? to : from + trim_right(text.substr(from, to - from), ".! \t\n\v\f\r").size();
}

// Words that make a statement a guess, a plan or a condition rather than a report.
bool guarded(const std::vector<Token>& t) {
    for (const Token& k : t)
        if (in(k.lower, {"if", "unless", "until", "might", "may", "maybe", "perhaps", "probably", "should", "would",
                         "will", "expect", "expected", "likely", "whether"}))
            return true;
    return false;
}

// How many tokens "I cannot" / "I can't" / "I could not" / "I was unable to" … take at `i`; 0 for none.
size_t cannot_cue(const std::vector<Token>& t, size_t i) {
    auto is = [&](size_t k, const char* w) { return k < t.size() && t[k].lower == w; };
    if (!is(i, "i") && !is(i, "i'm")) return 0;
    if (is(i, "i'm") && is(i + 1, "unable") && is(i + 2, "to")) return 3;
    if (is(i + 1, "cannot") || is(i + 1, "can't") || is(i + 1, "couldn't") || is(i + 1, "cant")) return 2;
    if ((is(i + 1, "can") || is(i + 1, "could")) && is(i + 2, "not")) return 3;
    if ((is(i + 1, "was") || is(i + 1, "am")) && is(i + 2, "unable") && is(i + 3, "to")) return 4;
    if ((is(i + 1, "was") || is(i + 1, "am")) && is(i + 2, "not") && is(i + 3, "able") && is(i + 4, "to")) return 5;
    if ((is(i + 1, "wasn't") || is(i + 1, "couldn't")) && is(i + 2, "able") && is(i + 3, "to")) return 4;
    return 0;
}

void cannot_because(std::string_view text, const Sentence& s, std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    size_t i = 0;
    while (i < t.size() && in(t[i].lower, {"but", "however", "unfortunately", "so", "and"})) ++i;
    const size_t n = cannot_cue(t, i);
    if (n == 0 || i + n + 2 >= t.size()) return;
    const size_t verb = i + n;
    size_t cue = verb + 1;
    while (cue < t.size() && t[cue].lower != "because") ++cue;
    if (cue + 1 >= t.size() || cue - verb > 6) return;
    if (!std::isalpha(static_cast<unsigned char>(t[verb].lower[0]))) return;
    std::vector<std::string> object;
    for (size_t k = verb + 1; k < cue; ++k)
        if (!in(t[k].lower, {"the", "a", "an", "this", "that", "it", "your", "my"})) object.push_back(t[k].lower);
    const size_t rb = t[cue + 1].begin, re = trimmed_end(text, rb, s.end);
    if (re <= rb || re - rb > 120 || text.substr(rb, re - rb).find('\n') != std::string_view::npos) return;
    // "the command", "it": the command just run; anything else names its own subject ("install numpy").
    const bool generic = object.empty() || (object.size() == 1 && in(object[0], {"command", "tool", "script", "call"}));
    std::string key;
    if (generic) {
        key = std::string(kLastCommand);
    } else {
        std::vector<std::string> words{t[verb].lower};
        for (size_t k = 0; k < object.size() && k < 3; ++k) words.push_back(object[k]);
        for (const std::string& w : words) {
            std::string slug;
            for (char c : w)
                if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') slug += c;
            if (!slug.empty()) key += (key.empty() ? "" : ".") + slug;
        }
        if (key.empty()) return;
    }
    out.push_back({"model.cannot_because", key + ".outcome",
                   "not " + t[verb].lower + ": " + lower(text.substr(rb, re - rb)), SlotType::kRefuted, t[i].begin, re});
}

// "It completed successfully with exit code 0.", "The command exited with code 1."
void exit_stated(const Sentence& s, std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    size_t i = 0;
    if (t.size() >= 2 && t[0].lower == "the" && in(t[1].lower, {"command", "script"})) i = 2;
    else if (in(t[0].lower, {"it", "this", "that"})) i = 1;
    else return;
    if (i >= t.size() || !in(t[i].lower, {"completed", "exited", "finished", "failed", "succeeded", "ran", "returned"}))
        return;
    for (size_t k = i; k + 1 < t.size(); ++k) {
        if (in(t[k].lower, {"not", "no", "never", "without"})) return;
        const bool marker = (t[k].lower == "code" && k > 0 && (t[k - 1].lower == "exit" || t[k - 1].lower == "with")) ||
                            (t[k].lower == "status" && k > 0 && t[k - 1].lower == "exit");
        if (!marker) continue;
        const std::string& n = t[k + 1].lower;
        if (n.empty() || n.size() > 3) return;
        for (char c : n)
            if (!std::isdigit(static_cast<unsigned char>(c))) return;
        out.push_back({"model.exit_stated", std::string(kLastCommand) + ".exit_code", n, SlotType::kFact, t[0].begin,
                       t[k + 1].end});
        return;
    }
}

}  // namespace

std::vector<TextFact> assistant_outcome_statements(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 40 || text[s.end - 1] == '?' || guarded(t)) continue;
        cannot_because(text, s, out);
        exit_stated(s, out);
    }
    return out;
}

std::vector<TextFact> user_remembered_facts(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 4 || t.size() > 30 || text[s.end - 1] == '?') continue;
        size_t i = 0;
        if (t[0].lower == "please") ++i;
        if (t[i].lower != "remember") continue;
        ++i;
        // "Remember this fact for later:", "Remember that", "Remember the following:".
        while (i < t.size()) {
            std::string w = t[i].lower;
            const bool colon = !w.empty() && w.back() == ':';
            if (colon) w.pop_back();
            if (!in(w, {"this", "that", "the", "following", "fact", "for", "later"})) break;
            ++i;
            if (colon) break;
        }
        size_t verb = i;
        while (verb < t.size() && verb < i + 5 && !in(t[verb].lower, {"is", "are"})) ++verb;
        if (verb == i || verb >= t.size() - 1 || verb >= i + 5) continue;
        // The subject's own words (no synonyms): "the project codeword" → project.codeword.
        std::string key;
        for (size_t k = i; k < verb; ++k) {
            if (in(t[k].lower, {"the", "a", "an", "my", "our", "your", "this", "that"})) continue;
            const std::string slug = key_slug(t[k].lower, 24);
            if (slug.empty() || !std::isalnum(static_cast<unsigned char>(slug[0]))) { key.clear(); break; }
            key += (key.empty() ? "" : ".") + slug;
        }
        if (in(key, {"it", "this", "that", "he", "she", "they", "there"})) continue;
        const size_t vb = t[verb + 1].begin, ve = trimmed_end(text, vb, s.end);
        if (key.empty() || ve <= vb || ve - vb > 80 || t.size() - verb - 1 > 8) continue;
        if (text.substr(vb, ve - vb).find('\n') != std::string_view::npos) continue;
        out.push_back({"user.remember", key, lower(text.substr(vb, ve - vb)), SlotType::kFact, t[0].begin, ve});
    }
    return out;
}

void resolve_command_subjects(std::vector<Claim>& claims, const std::vector<int64_t>& user_seqs) {
    std::vector<Claim> kept;
    kept.reserve(claims.size());
    std::string subject;  // the latest command's subject, and the seq of its message
    int64_t subject_seq = 0;
    for (Claim& c : claims) {
        if (c.key.rfind(kLastCommand, 0) == 0) {
            bool same_turn = !subject.empty();
            for (int64_t u : user_seqs) same_turn &= !(u > subject_seq && u < c.source.seq);
            if (!same_turn) continue;
            c.key = subject + c.key.substr(kLastCommand.size());
            kept.push_back(std::move(c));
            continue;
        }
        const bool command = c.rule == "action.command_run" || c.rule == "action.command_output" ||
                             c.rule == "action.command_exit" || c.rule == "action.chain_exit" || c.rule == "action.tool_error" ||
                             c.rule == "action.check_failed";
        // A failed attempt's key is "<subject>.error.<reason words>": its subject ends before ".error".
        const size_t dot = c.rule == "action.tool_error" ? c.key.rfind(".error") : c.key.rfind('.');
        if (command && dot != std::string::npos && dot > 0) subject = c.key.substr(0, dot), subject_seq = c.source.seq;
        kept.push_back(std::move(c));
    }
    claims = std::move(kept);
}

}  // namespace bm
