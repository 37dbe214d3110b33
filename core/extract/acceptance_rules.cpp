// An agent's "… meets all (the) acceptance criteria" / "All acceptance criteria (are) met" (session 17).
#include "extract/acceptance_rules.h"

#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

std::vector<TextFact> agent_acceptance_met(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 3 || t.size() > 40 || text[s.end - 1] == '?') continue;
        for (size_t i = 0; i + 1 < t.size(); ++i) {
            if (t[i].lower != "acceptance" || (t[i + 1].lower != "criteria" && t[i + 1].lower != "criteria:")) continue;
            // "meets/satisfies all [the] acceptance criteria" or "all acceptance criteria [are|have been] met".
            size_t v = i;
            if (v > 0 && t[v - 1].lower == "the") --v;
            const bool all_before = v > 0 && t[v - 1].lower == "all";
            const bool verb_before = all_before && v > 1 && one_of(t[v - 2].lower, {"meets", "satisfies", "fulfills", "meet", "satisfy", "fulfil", "fulfill"});
            size_t n = i + 2;
            while (n < t.size() && one_of(t[n].lower, {"are", "have", "been", "were", "now"})) ++n;
            const bool met_after = all_before && n < t.size() &&
                                   one_of(t[n].lower, {"met", "satisfied", "fulfilled", "pass", "passed", "met:",
                                                       "satisfied:", "fulfilled:", "passed:"});
            if (!verb_before && !met_after) continue;
            // A plan, a condition, a check still to run or a negation is not the outcome, before or after a colon
            // on its line ("met: not verified yet"); a checklist on the lines after "met:" is its own sentence.
            bool unsure = false;
            for (size_t k = 0; k < t.size(); ++k)
                unsure |= one_of(t[k].lower, {"if", "unless", "when", "once", "until", "will", "would", "should", "must",
                                              "need", "needs", "let", "let's", "ensure", "verify", "check", "confirm",
                                              "not", "never", "doesn't", "don't", "isn't", "aren't", "won't", "to",
                                              "whether", "might", "may", "could", "can"});
            if (unsure) break;
            // "meet/satisfy" without -s needs a plural subject already said ("They meet …"): a bare imperative is none.
            if (verb_before && one_of(t[v - 2].lower, {"meet", "satisfy", "fulfil", "fulfill"}) && v == 2) break;
            const size_t b = verb_before ? t[v - 2].begin : t[v - 1].begin;
            const size_t e = met_after ? t[n].end : t[i + 1].end;
            out.push_back({"model.acceptance_met", "task.acceptance_criteria", "met", SlotType::kFact, b, e});
            break;
        }
    }
    return out;
}

}  // namespace bm
