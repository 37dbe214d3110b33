// What a turn is about and how it ended: the agent's final reply of each turn (rule
// `model.final_reply`: a short last answer, "DONE", "teal", is `reply.turn-<seq> = <answer>`) and the
// issue a harness task template wraps (rule `user.issue`).
// Thread-safety: pure function.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "extract/branch_claims.h"
#include "extract/tool_result_facts.h"

namespace bm {

// Claims for the last assistant text before each user message (and at the end) of `messages`.
void add_final_replies(const Session& session, const std::string& branch_id, const std::vector<const Message*>& messages,
                       const ExtractOptions& options, std::vector<Claim>& out);

// The issue a task template wraps ("ISSUE:\n<title>", "<issue>…", "<pr_description>…"): its first
// line as `issue = <title>` (Goal, rule user.issue); nothing when the text holds no issue block.
std::vector<Claim> issue_claims(const std::string& text, const Claim& origin);
// The claim of a text rule's fact `f` found in `text`: `origin` with f's rule, key, value and type, quoting
// text[f.begin, f.end).
Claim claim_of_text_fact(TextFact&& f, const std::string& text, const Claim& origin);
// The goal a task template states in its own words, outside the issue it quotes ("Your task is to make the minimal
// changes to non-tests files in the /testbed directory …": rule user.goal_statement, session 20).
std::vector<Claim> template_goal_claims(const std::string& text, const Claim& origin);
// True when a user message is a SWE-bench-style task template whatever harness sent it (OpenHands' evaluation
// prompt as SWE-agent's): it names the uploaded repository ("<uploaded_files>…</uploaded_files>") and wraps an
// issue block (<issue_description>, <pr_description>, <issue>). Only its issue is the user's (session 19).
bool issue_task_template(const std::string& text);

// The user's task inside mini-swe-agent's task template ("Please solve this issue: <task>\n\nYou can execute bash
// commands …", a template that tells the agent to submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`): its
// [begin, end) in `text`, or {npos, npos} when `text` is no such template or the task's end cannot be told. The
// template's workflow and rules around it are the harness's, never the user's requests (session 27).
std::pair<size_t, size_t> mini_swe_agent_task(const std::string& text);
// A SWE-agent CTF task template's challenge ("a <category> problem named X, worth N points") and its files (ctf_rules.cpp).
std::vector<Claim> ctf_challenge_claims(const std::string& text, const Claim& origin);

// The reply's value: trimmed, lowercased, a trailing period dropped; empty when the text is not
// a short answer (over 6 words or 60 bytes, more than one line, code or markup).
std::string short_answer(const std::string& text);

}  // namespace bm
