// Statement shapes without a "X is Y" subject: user requests, prohibitions, reply instructions,
// tool/approach choices, "X listens on port N" (SPEC §5 decisions and constraints).
//
// "Reply with exactly DONE" → reply = done (Constraint); "Use the bash tool" → tool = bash;
// "Do NOT use the read tool" → tool = not-read (Refuted); "Do not use any tools" → tool = none;
// "Never use bash" → use.bash = refute (Constraint); "I'll use Redis" / "let's go with Redis" →
// use.redis = assert (Decision); a user imperative "Read src/main.py and add a docstring" →
// read.main.py = assert, add.docstring = assert (Goal); "The service listens on port 8080" →
// service.port = 8080. Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "extract/sentence_tokens.h"
#include "model/claim.h"

namespace bm {

// The most bytes a request's value holds (100 before session 34, when requests continued past a comma began to run
// over it); a longer one gives none.
constexpr size_t kMaxRequestBytes = 120;

struct ClauseMatch {
    std::string rule;  // rule id (rule_table.h)
    std::string key;
    std::string value;
    SlotType type = SlotType::kFact;
    size_t first = 0, last = 0;  // token span (inclusive, exclusive) for the quote
    bool takes_listed = false;   // "… the following X: a and b": the value runs past a lead-in's colon
    // A goal that kept the rest of its sentence (session 40): its clause's own end and words, which it goes back to
    // when a statement of the sentence claims the rest (clause_last 0: not extended).
    size_t clause_last = 0;
    std::string clause_value;
};

// Matches of one sentence's tokens. `text` is the message text the tokens index (case of the
// original, e.g. an ALL-CAPS literal reply). Imperatives count as requests only when `is_user`. With
// `whole_sentence` (a turn of conversation, not a document-sized prompt), a goal cut at its clause's end keeps the
// rest of its sentence when that gives no request of its own (session 40).
std::vector<ClauseMatch> match_requests(std::string_view text, const std::vector<Token>& tokens, bool is_user,
                                        bool whole_sentence = true);

// True for a verb that opens a user's request ("add", "refactor", "delete", …).
bool is_task_verb(const std::string& word);

// Key component for a file path or name: its base name, lowercased ("src/main.py" → "main.py");
// empty when the token is not a file name (no extension, or the name does not start with a letter).
std::string file_key_part(std::string_view token);

}  // namespace bm
