// The heuristic extractor's claim rules as data (STYLE "Rules as data"): one row per rule, with what
// it matches, its guards, slot type, evidence, key template, whether it is on by default, its
// confidence, and positive and negative examples that tests/core/test_rule_table.cpp runs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/branch_claims.h"
#include "model/claim.h"

namespace bm {

// How long a rule's claim holds: the session (default), or only the turn that said it ("reply with
// X", "use the Y tool now"): the key gets `.turn-<seq>` so two turns never dispute. kConversation
// (session 16): a fact about one conversation's own customer or task list (a support chat's user id,
// the total the agent quoted, "the first task"): the key gets `.session-<session>`, so two sessions'
// customers never dispute when their logs are merged, while one session's later word still supersedes.
// kRun (session 29): a record of what one session did (the command line behind `<command>.command`,
// the commit that added a file): an event of its session, never an alternative to another
// session's. Its key stays as it is while every merged session holds one reading under it (equal
// lines corroborate); where two sessions' readings differ, each claim's key gets
// `.session-<session>` (merge/run_records.h).
enum class RuleScope { kSession, kTurn, kConversation, kRun };

// One example run by the rule-table test. A text example is a message of `role` ("user",
// "assistant" or "tool"; "swe-user" is a user message of a SWE-agent log) holding `text`; a tool example (`tool` set) is an assistant call of `tool`
// with `arguments` (JSON), answered by a tool result `text` (`error` marks a failed result).
// Role "swe-call" is a tool example in a SWE-agent run (session 16: rules of a whole run's structure).
// Role "after-call" is an assistant `text` said after a call of `tool` with `arguments` that was answered
// with no output (rules about the command just run). Role "answer" is the assistant's `arguments` (its
// questions) followed by the user's `text`.
// `expect` is the claim the rule must produce, "key = value"; empty for a negative example (the
// rule must produce nothing).
struct RuleExample {
    const char* role = "user";
    const char* tool = "";
    const char* arguments = "";
    const char* text = "";
    const char* expect = "";
    bool error = false;
};

struct ExtractionRule {
    const char* id;            // "action.file_created", "user.statement", ...
    const char* matches;       // what it reads, in words
    const char* guards;        // negation / condition / scope guards, in words
    SlotType type;             // the usual slot type (a negated form may be Refuted)
    const char* evidence;      // where the evidence level comes from
    const char* key_template;  // "file.<path>", "<command>.exit_code", ...
    bool default_on;           // off: measured or judged below 0.8 precision; `--rules all` turns it on
    double confidence;         // 0..1, carried by every claim of the rule (Claim::confidence)
    RuleScope scope;
    const char* why_off;       // for a rule that is off: the reason, for docs/extract.md
    std::vector<RuleExample> examples;
};

// Every rule, in a fixed order.
const std::vector<ExtractionRule>& extraction_rules();

// The row of `id`; nullptr when no rule has that id.
const ExtractionRule* find_rule(std::string_view id);

// True when `options` keeps claims of rule `id`: its row is on (or all rules are asked for) and its
// confidence reaches `options.min_confidence`. An id with no row is never kept.
bool rule_enabled(const ExtractOptions& options, std::string_view id);

// Applies the table to a branch's claims: drops those of rules `options` leaves out, sets each
// claim's confidence from its rule, and scopes turn rules' keys to their turn.
void apply_rule_table(std::vector<Claim>& claims, const ExtractOptions& options);

}  // namespace bm
