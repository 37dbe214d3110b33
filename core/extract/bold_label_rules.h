// An agent's Markdown "**Label**: value" report lines (rule model.bold_label, session 17). Thread-safety: pure.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// "- **Python files**: a.py, b.py", "✅ **Project initialized**: the module exists", "**Branch:** main": Fact
// `<label, lower-cased, spaces as _>` = the rest of the line. None inside a code fence or in a proposal that asks
// the user to confirm (confirm, would you like, shall I, …); none for a label of more than four words or one that
// opens a section or advice (Note, Summary, Next steps, Fix, …), for an empty value, a value that ends in ':' or
// '?', one over 120 bytes, or one that plans or hedges (should, will, if, TODO, …).
std::vector<TextFact> agent_bold_labels(std::string_view text);

}  // namespace bm
