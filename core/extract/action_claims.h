// Claims of the structural rules (tool_action_rules.h) for one tool call and its result, with
// evidence by where the quote sits: the result's text or a confirmed call (tool 3 / rank 4), an
// unconfirmed statement in the call's arguments (assistant 2 / rank 1).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "extract/branch_claims.h"
#include "extract/tool_action_rules.h"

namespace bm {

struct ToolExchange {
    const Message* call_message = nullptr;
    const ContentBlock* call = nullptr;
    const Message* result_message = nullptr;  // nullptr when the call has no result
    const ContentBlock* result = nullptr;
};

// What a branch's earlier calls tell its later ones (one per branch).
struct BranchActionMemory {
    // A shell key's operand it could not hold (command_lost_operand), by the key; an exit code whose key two runs
    // with different such operands share names neither run, and is dropped (both).
    std::map<std::string, std::string> lost_operands;
    // Todo items' ids → their keys (todo_keys.h), for updates that name an item by its id alone.
    std::map<std::string, std::string> todo_keys;
};

// `memory`: the branch's (or none: each call on its own).
// `retried`: a later call of the branch retried this failed one with success (retried_calls.h): its failure
// (action.tool_error) and its nonzero exit code (action.command_exit) are stale and are not claimed (session 21).
// `found_later`: the keys of programs this call's result reports not found that a later call ran fine
// (programs_found_later): their action.command_missing is stale and is not claimed (session 39).
void add_action_claims(const Session& session, const std::string& branch_id, const ToolExchange& x,
                       const std::string& cwd, const ExtractOptions& options, std::vector<Claim>& out,
                       BranchActionMemory* memory = nullptr, bool retried = false,
                       const std::set<std::string>* found_later = nullptr);

// The call and result of an exchange as the action rules read them (the error flag as the format marks it).
ToolAction tool_action_of(const Session& session, const ToolExchange& x, const std::string& cwd);

// A file's history within one branch, in its values: an edit of a file this branch created reads
// "created, then <the edit>" (a file the session made is new, whatever was done to it after), its
// delete "created, then deleted" (a scratch file), a create after a delete "deleted, then recreated".
// `claims` are in the branch's order.
void mark_file_histories(std::vector<Claim>& claims);

// A directory listed empty (action.dir_empty) that a later claim of the branch puts something into (a file
// created or edited under it, a directory made in it) was empty only before that: its key moves to
// `dir.<path>.contents.earlier` and its value reads "empty (before <path> was added)" (empty_dir_rules.cpp, session 19).
void mark_filled_dirs(std::vector<Claim>& claims);

// A test runner's summary that counts passes and no failure (`<runner>.passed`, action.test_counts), after an earlier
// run under the same key counted failures: the failures were fixed, so `<runner>.failed = 0` is claimed from the
// passing summary (placed right after it) and the earlier count is superseded in the slot's history, not left as the
// state (session 27: a rerun that passed left `pytest.x.failed = 1` beside `pytest.x.passed = 1`). A summary that
// passes none, or counts failures or errors of its own, clears nothing. `claims` are in the branch's order.
void mark_cleared_failures(std::vector<Claim>& claims);

// SWE-agent's prompt suffix "(Current directory: /repo)": the directory later paths are under.
std::string shown_directory(const std::string& result_text);

}  // namespace bm
