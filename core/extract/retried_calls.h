// Failed tool calls that a later call of the same branch retried with success (session 21), and programs not found
// that a later call ran (session 39): their failure is stale.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

// What a call acted on, for matching a retry: its tool, and "cmd:<command subject>" for a shell command,
// "file:<path key>" for a call with a file argument, "" otherwise; and whether it failed.
struct CallTarget {
    std::string tool;
    std::string target;
    bool failed = false;  // marked as an error, or a stated exit code other than 0
    bool answered = false;  // the call has a result
    bool writes = false;  // the tool writes files (write_tool)
    bool ran = false;     // answered, and neither refused nor cancelled by the user
    std::string command;  // the shell command line, "" for other calls
    std::vector<std::pair<std::string, std::string>> missing;  // (program, key) its result reports not found
};

CallTarget call_target(const ToolAction& action);

// For each call (in the branch's order), whether it failed and was retried later with success: a later call that did
// not fail and acts on the same target with the same tool (a function call with no target: the same function), or on
// the same command, or writes the same file (a file read as missing, then created). One pass from the end.
std::vector<bool> retried_failures(const std::vector<CallTarget>& calls);

// For each call, the keys of the programs its result reported not found that a later call of the branch ran (as a
// command of its line: first, or after `;`, `&`, `|`, `(`, a backtick or an opening quote; `npm install -g joplin`
// runs npm) without failing, without reporting them not found, and without the user refusing or cancelling it: found
// by then ("use-farmacia: command not found", then the alias added and `bash -ic 'use-farmacia'` run fine), so the
// report is stale (session 39).
std::vector<std::set<std::string>> programs_found_later(const std::vector<CallTarget>& calls);

}  // namespace bm
