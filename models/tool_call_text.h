// How the studio shows a tool call: the tool and its telling argument, not the raw argument JSON.
#pragma once

#include <QString>
#include <string>

namespace bm {

// One line for a tool call: "Bash: git status", "Edit: src/app.py", "create: reproduce.py";
// arguments that are a JSON object without a telling field show as "key=value, ..." (scalars only,
// in key order, each value cut at 80 characters); arguments that are not a JSON object show as their first line.
QString toolCallLine(const std::string& toolName, const std::string& arguments);

// The arguments in full: a JSON object or array pretty-printed, other text as found; cut at maxChars
// with an ellipsis.
QString toolCallArguments(const std::string& arguments, int maxChars);
// A tooltip: the tool's name, then toolCallArguments() (the whole cut at maxChars).
QString toolCallDetail(const std::string& toolName, const std::string& arguments, int maxChars);

}  // namespace bm
