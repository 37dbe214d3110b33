// A user's spec written as upper-case labelled lines ("DEPLOYMENT TARGET: Solana devnet") and lists under an
// upper-case heading ("STACK:" then "- Anchor 0.30 + Solana devnet"). Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Rule `user.spec_label`, Constraint: a line "LABEL: value" whose label is one to four upper-case words →
// `<label>` = value; a line "HEADING:" (one to three upper-case words) followed by "- item" lines →
// `<heading>` = the items joined with ", ". A one-word label line counts only beside another spec line (the
// nearest non-blank line before or after it). None inside a code fence, for a label with a digit (a code:
// ORA-00942, CVE-2021-44228), a log level, test outcome or note label (FATAL, ERROR, PASSED, NOTE, EDIT, …), a
// label said twice in the text (a pasted log or transcript), a value over 120 bytes (an item over 80, a list
// over 8 items or 400 bytes), a value or item that looks like code ({, }, ;, =, `$`) or is a search path
// (/usr/bin:/bin), or a lower-case label.
std::vector<TextFact> user_spec_labels(std::string_view text);

}  // namespace bm
