// The agent's own diagnosis: "The error occurs because …", "`f` is wrong because …", "`C` is missing …" (session 18).
#include "extract/cause_rules.h"

#include <string>

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

using Toks = std::vector<Token>;

bool backticked(std::string_view text, const Token& t) {
    return t.begin > 0 && t.end < text.size() && text[t.begin - 1] == '`' && text[t.end] == '`';
}

// Where the clause holding token `at` starts: after the last clause break before it (a comma or ';', or a
// "but", "and", "so", "however", "although" joining two clauses).
size_t clause_start(const Toks& t, size_t at) {
    for (size_t k = at; k-- > 0;)
        if (t[k].comma_after || one_of(t[k].lower, {"but", "and", "so", "however", "although", "though", "whereas"}))
            return k + 1;
    return 0;
}

// A hedge word at `k`; "could not" / "couldn't" + verb reports a failure and is none ("could not be opened").
bool hedge_at(const Toks& t, size_t k) {
    if (t[k].lower == "could" && k + 1 < t.size() && t[k + 1].lower == "not") return false;
    if (one_of(t[k].lower, {"maybe", "might", "may", "probably", "perhaps", "likely", "possibly", "seems", "seem",
                            "appears", "guess", "suspect", "could", "would", "whether", "unless", "hypothesis"}))
        return true;
    return k + 1 < t.size() && one_of(t[k].lower, {"i", "we"}) && one_of(t[k + 1].lower, {"think", "believe", "suspect"});
}

// The cause clause (tokens `from` to `last`, the pattern's words before `upto`) is one the agent is not sure of,
// plans, or states under a negation: a hedge in the clause or in a short tail after it (", I think."), a negation or
// a plan before the cause. A condition ("if", "when", "unless", "whether") anywhere before the cause governs it too.
bool unsure(const Toks& t, size_t from, size_t upto, size_t last) {
    const size_t tail = t.size() - 1 - last <= 3 ? t.size() : last + 1;  // ", I think." belongs to the clause
    for (size_t k = from; k < tail; ++k)
        if (hedge_at(t, k)) return true;
    // "The root cause is not the pool": a negation right after the pattern (at `upto`) denies the cause too.
    for (size_t k = 0; k <= upto && k < t.size(); ++k) {
        if (k < upto && one_of(t[k].lower, {"if", "when", "unless", "whether"})) return true;
        if (k >= from && one_of(t[k].lower, {"not", "never", "isn't", "aren't", "wasn't", "let", "let's", "check", "verify"}))
            return true;
    }
    return false;
}

// The clause from token `b` on: up to a clause break (comma, ';', "so", "which", "and then") or 25 words, with
// backticks dropped; empty when fewer than two words.
std::string clause_value(std::string_view text, const Toks& t, size_t b, size_t& last) {
    size_t e = b;
    while (e < t.size() && e < b + 25) {
        if (e > b && one_of(t[e].lower, {"so", "which", "therefore", "hence", "thus"})) break;
        ++e;
        if (t[e - 1].comma_after) break;
    }
    if (e < b + 2) return {};
    last = e - 1;
    std::string v;
    for (char ch : text.substr(t[b].begin, t[e - 1].end - t[b].begin))
        if (ch != '`') v += ch;
    while (!v.empty() && (v.back() == ':' || v.back() == '.' || v.back() == ' ')) v.pop_back();
    return v;
}

// The last backticked identifier in the noun phrase before token `upto` (at most 7 words before it, no clause break
// or clause word between: "`f`'s file, specifically that a colon is missing" is about the colon); empty when none.
std::string subject_before(std::string_view text, const Toks& t, size_t upto) {
    for (size_t k = upto; k-- > 0 && k + 8 > upto;) {
        if (t[k].comma_after || one_of(t[k].lower, {"that", "which", "where", "specifically", "when", "because", "and",
                                                      "but", "while", "whereas", "since"}))
            return {};
        if (!backticked(text, t[k])) continue;
        std::string id;
        for (char ch : text.substr(t[k].begin, t[k].end - t[k].begin))
            if (ch != '(' && ch != ')') id += ch;
        if (id.empty() || id.size() > 60 || id.find(' ') != std::string::npos) return {};
        return id;
    }
    return {};
}

void add(std::vector<TextFact>& out, const char* rule, std::string key, std::string value, const Toks& t, size_t b,
         size_t last) {
    for (const TextFact& f : out)
        if (f.key == key) return;  // one cause per key and message: the first said
    out.push_back({rule, std::move(key), std::move(value), SlotType::kFact, t[b].begin, t[last].end});
}

}  // namespace

std::vector<TextFact> agent_cause_statements(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const Toks& t = s.tokens;
        if (t.size() < 5 || t.size() > 60 || text[s.end - 1] == '?') continue;
        for (size_t i = 0; i + 2 < t.size(); ++i) {
            // "The error occurs/happens/arises because X"; "The issue is that X"; "The root cause is X".
            const bool the = i > 0 && one_of(t[i - 1].lower, {"the", "this"});
            const bool noun = one_of(t[i].lower, {"error", "issue", "problem", "bug", "failure", "crash", "exception"});
            if (the && noun && one_of(t[i + 1].lower, {"occurs", "happens", "arises", "occurred", "happened"}) &&
                t[i + 2].lower == "because" && i + 3 < t.size()) {
                size_t last = 0;
                std::string v = clause_value(text, t, i + 3, last);
                if (!v.empty() && !unsure(t, clause_start(t, i - 1), i + 3, last))
                    add(out, "model.cause_statement", t[i].lower + ".cause", v, t, i - 1, last);
                break;
            }
            const bool root = t[i].lower == "root" && i + 1 < t.size() && t[i + 1].lower == "cause";
            const size_t is = root ? i + 2 : i + 1;
            if (the && (noun || root) && is + 1 < t.size() && t[is].lower == "is" && !t[is].comma_after &&
                (t[is + 1].lower == "that" || root)) {
                const size_t b = t[is + 1].lower == "that" ? is + 2 : is + 1;
                if (b >= t.size()) break;
                size_t last = 0;
                std::string v = clause_value(text, t, b, last);
                if (!v.empty() && !unsure(t, clause_start(t, i - 1), b, last))
                    add(out, "model.cause_statement", std::string(root ? "root" : t[i].lower) + ".cause", v, t, i - 1, last);
                break;
            }
            // "`f` is incorrect/wrong/broken because X"; "… `C` … is missing X".
            if (t[i].lower != "is" && t[i].lower != "are") continue;
            const bool faulty = one_of(t[i + 1].lower, {"incorrect", "wrong", "broken", "failing", "buggy"}) &&
                                i + 3 < t.size() && t[i + 2].lower == "because";
            const bool missing = t[i + 1].lower == "missing" && !t[i].comma_after;
            if (!faulty && !missing) continue;
            const std::string subject = subject_before(text, t, i);
            if (subject.empty()) break;
            size_t b = faulty ? i + 3 : i + 2;
            if (missing && b < t.size() && one_of(t[b].lower, {"a", "an", "the"})) ++b;
            if (b >= t.size() || one_of(t[b].lower, {"from", "in", "on", "at", "after", "before"})) break;  // "X is missing from the response"
            size_t last = 0;
            std::string v = clause_value(text, t, b, last);
            if (missing)  // the missing thing ends before a relative clause or a purpose
                for (const char* cut : {" that ", " which ", " to ", " for ", " so "})
                    if (size_t p = v.find(cut); p != std::string::npos) v.resize(p);
            if (v.empty() || unsure(t, clause_start(t, i), i + 2, last)) break;
            add(out, "model.defect_statement", subject + (faulty ? ".cause" : ".missing"), v, t, i, last);
            break;
        }
    }
    return out;
}

}  // namespace bm
