// Facts a tool result states by its form rather than in prose (SPEC §5: tool result evidence 3):
// exit codes ("[exit code: 1]" → bash.exit.code = 1), test summaries ("5 passed, 1 failed" →
// test.passed = 5, test.failed = 1), and files seen ("<path>…/notes.txt</path>", "The file X has
// been updated" → file.notes.txt = exists; "cannot read \"X\": not found", "No such file or
// directory" → file.x = missing). Thread-safety: pure function.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/claim.h"

namespace bm {

struct TextFact {
    std::string rule;  // rule id (rule_table.h)
    std::string key;
    std::string value;
    SlotType type = SlotType::kFact;
    size_t begin = 0, end = 0;  // byte span of the quote in the text
};

// `tool_name` names the tool whose result `text` is ("" when unknown: the key says "command").
std::vector<TextFact> tool_result_facts(std::string_view text, const std::string& tool_name);

}  // namespace bm
