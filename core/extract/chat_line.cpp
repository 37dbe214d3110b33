// The chat line: which user turns are short enough that their plain statements are the user's own (session 23).
#include "extract/chat_line.h"

#include <algorithm>

namespace bm {

namespace {

constexpr size_t kChatLineSentences = 3;
constexpr size_t kChatLineBytes = 280;

}  // namespace

bool chat_line_shape(const std::string& rule) {
    return rule == "user.statement" || rule == "user.should_be" || rule == "user.use_for";
}

// Whether prose split into `sentences` is a chat line: at most kChatLineSentences sentences of two words or more (a
// list's "1." or a lone "Thanks." is no sentence) and kChatLineBytes of prose.
bool chat_line(const std::vector<Sentence>& sentences) {
    size_t count = 0, bytes = 0;
    for (const Sentence& s : sentences) {
        bytes += s.end - s.begin;
        if (s.tokens.size() >= 2) ++count;
    }
    return count <= kChatLineSentences && bytes <= kChatLineBytes;
}

// A text block the harness adds to the user's turn (Claude Code's <system-reminder>, <ide_opened_file>,
// <ide_selection>, <command-…>): not the user's prose.
bool harness_block(std::string_view text) {
    const size_t at = text.find_first_not_of(" \t\r\n");
    if (at == std::string_view::npos) return true;
    const std::string_view s = text.substr(at);
    return s.rfind("<system-reminder>", 0) == 0 || s.rfind("<ide_", 0) == 0 || s.rfind("<command-", 0) == 0;
}

// A user turn given in several text blocks is one turn: the statement shapes read from its text blocks are dropped
// (from `claims`, from index `first` on) when the whole turn, without the harness's blocks, is no chat line
// (session 23). Claims read from a tool result's rejection reason are not the turn's and stay.
void drop_statements_of_a_long_turn(const Message& m, std::vector<Claim>& claims, size_t first) {
    std::string turn;
    std::vector<const std::string*> texts;
    for (const auto& b : m.blocks)
        if (b.kind == BlockKind::kText && !harness_block(b.text)) {
            turn += (texts.empty() ? "" : "\n\n") + b.text;
            texts.push_back(&b.text);
        }
    if (texts.size() < 2 || chat_line(split_sentences(turn))) return;
    auto in_turn = [&texts](const Claim& c) {
        for (const std::string* t : texts)
            if (!c.quote.empty() && t->find(c.quote) != std::string::npos) return true;
        return false;
    };
    claims.erase(std::remove_if(claims.begin() + static_cast<std::ptrdiff_t>(first), claims.end(),
                                [&](const Claim& c) { return chat_line_shape(c.rule) && in_turn(c); }),
                 claims.end());
}

}  // namespace bm
