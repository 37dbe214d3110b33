// The agent's final reply of each turn (rule `model.final_reply`): a short last answer ("DONE",
// "teal", "1 + 1 equals 2") is the turn's result, `reply.turn-<seq> = <answer>`.
// Thread-safety: pure function.
#pragma once

#include <string>
#include <vector>

#include "extract/branch_claims.h"

namespace bm {

// Claims for the last assistant text before each user message (and at the end) of `messages`.
void add_final_replies(const Session& session, const std::string& branch_id, const std::vector<const Message*>& messages,
                       const ExtractOptions& options, std::vector<Claim>& out);

// The reply's value: trimmed, lowercased, a trailing period dropped; empty when the text is not
// a short answer (over 6 words or 60 bytes, more than one line, code or markup).
std::string short_answer(const std::string& text);

}  // namespace bm
