// Facts a tool result states by its form rather than in prose (SPEC §5: tool result evidence 3):
// exit codes ("[exit code: 1]" → bash.exit.code = 1), test summaries ("5 passed, 1 failed" →
// test.passed = 5, test.failed = 1), and files seen ("<path>{{cwd}}/w/notes.txt</path>", "The file X has
// been updated" → file.w/notes.txt = exists, the path keyed as the action rules key a path argument;
// "cannot read \"X\": not found", "No such file or directory" → file.x = missing). Thread-safety: pure function.
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

// `tool_name` names the tool whose result `text` is ("" when unknown: the key says "command"); `cwd` the
// directory the run works in (a seen path under it is keyed relative to it, as action.file_* key paths).
std::vector<TextFact> tool_result_facts(std::string_view text, const std::string& tool_name,
                                        std::string_view cwd = {});

}  // namespace bm
