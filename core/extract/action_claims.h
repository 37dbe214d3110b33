// Claims of the structural rules (tool_action_rules.h) for one tool call and its result, with
// evidence by where the quote sits: the result's text or a confirmed call (tool 3 / rank 4), an
// unconfirmed statement in the call's arguments (assistant 2 / rank 1).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "extract/branch_claims.h"

namespace bm {

struct ToolExchange {
    const Message* call_message = nullptr;
    const ContentBlock* call = nullptr;
    const Message* result_message = nullptr;  // nullptr when the call has no result
    const ContentBlock* result = nullptr;
};

// `lost_operands` (one per branch, or none): a shell key's operand it could not hold (command_lost_operand), by the
// key; an exit code whose key two runs with different such operands share names neither run, and is dropped (both).
void add_action_claims(const Session& session, const std::string& branch_id, const ToolExchange& x,
                       const std::string& cwd, const ExtractOptions& options, std::vector<Claim>& out,
                       std::map<std::string, std::string>* lost_operands = nullptr);

// A file's history within one branch, in its values: an edit of a file this branch created reads
// "created, then <the edit>" (a file the session made is new, whatever was done to it after), its
// delete "created, then deleted" (a scratch file), a create after a delete "deleted, then recreated".
// `claims` are in the branch's order.
void mark_file_histories(std::vector<Claim>& claims);

// A directory listed empty (action.dir_empty) that a later claim of the branch puts something into (a file
// created or edited under it, a directory made in it) was empty only before that: its key moves to
// `dir.<path>.contents.earlier` and its value reads "empty (before <path> was added)" (empty_dir_rules.cpp, session 19).
void mark_filled_dirs(std::vector<Claim>& claims);

// SWE-agent's prompt suffix "(Current directory: /repo)": the directory later paths are under.
std::string shown_directory(const std::string& result_text);

}  // namespace bm
