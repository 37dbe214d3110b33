// A user's spec written as upper-case labelled lines ("DEPLOYMENT TARGET: Solana devnet") and lists under an
// upper-case heading ("STACK:" then "- Anchor 0.30 + Solana devnet"). Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Rule `user.spec_label`, Constraint: a line "LABEL: value" whose label is one to four upper-case words →
// `<label>` = value; a line "HEADING:" (one to three upper-case words) followed by "- item" lines →
// `<heading>` = the items joined with ", ". None inside a code fence, for a log level or note label (ERROR,
// NOTE, TODO, …), a value over 120 bytes (an item over 80, a list over 8 items or 400 bytes), a value or
// item that looks like code ({, }, ;, =, `$`), or a lower-case label.
std::vector<TextFact> user_spec_labels(std::string_view text);

}  // namespace bm
