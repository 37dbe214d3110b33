// Which imperatives of a document-sized user message are the pasted document's items, not the user's ask (session 21).
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace bm {

// Why a request found in a document-sized user message (user.request_in_document) is left out, or "" when it is kept.
// `text` is the message, [begin, end) the request's quote in it, `first_sentence` the message's first sentence.
// Left out: a role-play prompt's ("You are an expert …") imperatives; a message that asks for a plan ("let's build a
// plan to fix …"): the pasted items after it; an item under a how-to-work heading ("## Recommended workflow",
// "# Working style", "## Guardrails"); "keep iterating/working until …"; a Title Case line (a heading); a quote cut
// inside parentheses, before its list (", localStorage, sessionStorage"), before ", but …", or before ':' / "the
// following …"; "test coverage is …" (a noun phrase, not a verb); "ensure users …" (the product's end users);
// "X first and then Y" (an order of work).
std::string document_item_reason(std::string_view text, size_t begin, size_t end, std::string_view first_sentence);

}  // namespace bm
