// The chat line (session 23): the short user turn whose plain statements (user.statement, user.should_be,
// user.use_for) are read, and the text blocks a harness adds to a user's turn.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/sentence_tokens.h"
#include "model/claim.h"
#include "model/session.h"

namespace bm {

// The rules that read only a chat line.
bool chat_line_shape(const std::string& rule);

// Whether prose split into `sentences` is a chat line: at most 3 sentences of two words or more (a list's "1." or a
// lone "Thanks." is no sentence) and 280 bytes of prose, both fixed before measuring, not fitted.
bool chat_line(const std::vector<Sentence>& sentences);

// A text block the harness adds to the user's turn (Claude Code's <system-reminder>, <ide_opened_file>,
// <ide_selection>, <command-…>; an empty one): not the user's prose.
bool harness_block(std::string_view text);

// A user turn given in several text blocks is one turn: the chat-line statements quoted from its text blocks are
// dropped (from `claims`, from index `first` on) when the whole turn, without the harness's blocks, is no chat line.
// Claims read from a tool result's rejection reason are not the turn's and stay.
void drop_statements_of_a_long_turn(const Message& m, std::vector<Claim>& claims, size_t first);

}  // namespace bm
