// Session 17 (x18cc) Claude Code rules: API-error notices and the stream-json result read by the reader
// (claude_code_run_rules.cpp), a user's upper-case spec lines (spec_label_rules.cpp), interrupted commands.
#include <gtest/gtest.h>

#include <string>

#include "extract/heuristic_extractor.h"
#include "extract/spec_label_rules.h"
#include "extract/tool_action_rules.h"
#include "claude_code_lines.h"
#include "claude_log_claims.h"
#include "ingest/claude_code_api_error.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

std::string claims_of(const std::string& log) { return extracttest::claude_log_claims(log); }

using extracttest::claude_assistant_text;
using extracttest::claude_user_line;

const std::string kUser = claude_user_line("u1", "", R"("Stop here.")");

TEST(ClaudeCodeRunRules, AnApiErrorLineIsTheHarnessNoticeNotAReply) {
    const std::string log = kUser + claude_assistant_text("a1", "u1", "Credit balance is too low",
                                                          R"(,"error":"billing_error","isApiErrorMessage":true)",
                                                          R"(,"model":"<synthetic>")");
    const std::string got = claims_of(log);
    EXPECT_NE(got.find("harness.api_error: api.billing_error = Credit balance is too low\n"), std::string::npos) << got;
    EXPECT_EQ(got.find("model.final_reply"), std::string::npos) << got;
    // The same words from the model itself are its reply, not an API error.
    const std::string said = kUser + claude_assistant_text("a1", "u1", "Credit balance is too low", "", R"(,"model":"claude")");
    EXPECT_EQ(claims_of(said).find("harness.api_error"), std::string::npos);
}

TEST(ClaudeCodeRunRules, TheNoticeWithoutTheRawResponseBodyAndOlderSyntheticLines) {
    // Claude Code appends the provider's raw response after " · ": the notice is what stands before it (session 18).
    const std::string rate = std::string(kUser) + "\n" +
        R"({"parentUuid":"u1","isSidechain":false,"type":"assistant","uuid":"a1","sessionId":"s1","timestamp":"t","message":{"id":"x","model":"<synthetic>","role":"assistant","type":"message","content":[{"type":"text","text":"API Error: Request rejected (429) · {\"status\":429,\"error_message\":\"rpm limit\"}"}]},"error":"rate_limit","isApiErrorMessage":true,"apiErrorStatus":429})" "\n";
    EXPECT_NE(claims_of(rate).find("harness.api_error: api.rate_limit = API Error: Request rejected (429)\n"), std::string::npos)
        << claims_of(rate);
    // An older stream-json run marks the notice only by the model "<synthetic>" and an `error` string.
    const std::string init = R"({"type":"system","subtype":"init","cwd":"/w","session_id":"abc","model":"m"})";
    const std::string key = init + "\n" +
        R"({"type":"assistant","message":{"id":"x","model":"<synthetic>","role":"assistant","type":"message","content":[{"type":"text","text":"Invalid API key · Fix external API key"}]},"parent_tool_use_id":null,"session_id":"abc","uuid":"a1","error":"authentication_failed"})" "\n";
    const std::string got = claims_of(key);
    EXPECT_NE(got.find("harness.api_error: api.authentication_failed = Invalid API key · Fix external API key\n"), std::string::npos)
        << got;
    EXPECT_EQ(got.find("model.final_reply"), std::string::npos) << got;
    // A "<synthetic>" line without an error string is no API error ("No response requested." after an interrupt).
    const std::string quiet = init + "\n" +
        R"({"type":"assistant","message":{"id":"x","model":"<synthetic>","role":"assistant","type":"message","content":[{"type":"text","text":"No response requested."}]},"parent_tool_use_id":null,"session_id":"abc","uuid":"a1"})" "\n";
    EXPECT_EQ(claims_of(quiet).find("harness.api_error"), std::string::npos) << claims_of(quiet);
    // Nor is it the model's reply: the harness wrote it (session 20). The same words from a model are a reply.
    EXPECT_EQ(claims_of(quiet).find("model.final_reply"), std::string::npos) << claims_of(quiet);
    std::string model_said = quiet;
    model_said.replace(model_said.find("<synthetic>"), 11, "claude-sonnet-4-6");
    EXPECT_NE(claims_of(model_said).find("model.final_reply"), std::string::npos) << claims_of(model_said);
}

TEST(ClaudeCodeRunRules, ApiErrorNoticeCutsTheRawBody) {
    EXPECT_EQ(api_error_notice("API Error: Request rejected (429) · {\"a\":1}"), "API Error: Request rejected (429)");
    EXPECT_EQ(api_error_notice("API Error: 500 {\"type\":\"error\"}"), "API Error: 500");
    EXPECT_EQ(api_error_notice("Invalid API key · Fix external API key"), "Invalid API key · Fix external API key");
    EXPECT_EQ(api_error_notice("Credit balance is too low\nsecond line"), "Credit balance is too low");
    EXPECT_EQ(api_error_notice("Prompt is too long {see docs}"), "Prompt is too long {see docs}");  // not "API Error: "
}

TEST(ClaudeCodeRunRules, AStreamJsonResultLineIsTheRunsExitStatus) {
    const char* init = R"({"type":"system","subtype":"init","cwd":"/w","session_id":"abc","model":"m"})";
    const char* said = R"({"type":"assistant","message":{"model":"m","id":"x","type":"message","role":"assistant","content":[{"type":"text","text":"Done."}]},"parent_tool_use_id":null,"session_id":"abc","uuid":"a1"})";
    auto run = [&](const char* result) { return claims_of(std::string(init) + "\n" + said + "\n" + result + "\n"); };
    EXPECT_NE(run(R"({"type":"result","subtype":"success","is_error":false,"result":"Done.","session_id":"abc"})")
                  .find("harness.run_exit_status: run.abc.exit_status = success\n"),
              std::string::npos);
    EXPECT_NE(run(R"({"type":"result","subtype":"error_max_turns","is_error":true,"session_id":"abc"})")
                  .find("run.abc.exit_status = error_max_turns\n"),
              std::string::npos);
    // "success" contradicted by is_error is not a success.
    EXPECT_NE(run(R"({"type":"result","subtype":"success","is_error":true,"session_id":"abc"})").find("run.abc.exit_status = error\n"),
              std::string::npos);
    EXPECT_EQ(run(R"({"type":"result","is_error":false,"session_id":"abc"})").find("exit_status"), std::string::npos);
}

std::string spec(const char* text) {
    std::string s;
    for (const TextFact& f : user_spec_labels(text)) s += f.key + " = " + f.value + "\n";
    return s;
}

TEST(SpecLabels, UpperCaseLabelLinesAndHeadingLists) {
    EXPECT_EQ(spec("Build the app.\nDEPLOYMENT TARGET: Solana devnet\nDEADLINE: May 11\n"),
              "deployment_target = Solana devnet\ndeadline = May 11\n");
    EXPECT_EQ(spec("STACK:\n- Go 1.22\n- PostgreSQL 16\n\nThen start."), "stack = Go 1.22, PostgreSQL 16\n");
    EXPECT_EQ(spec("NOTE: draft\nTODO: later\nERROR: none\n"), "");        // note and log-level labels
    EXPECT_EQ(spec("Deployment target: devnet\n"), "");                     // not upper-case
    EXPECT_EQ(spec("```\nPORT: 8080\n```\n"), "");                          // inside a code fence
    EXPECT_EQ(spec("MODEL: { owner: Pubkey }\nPATH: $HOME/bin\n"), "");     // code-like values
    EXPECT_EQ(spec("ACCOUNTS:\n- Twin: { owner: Pubkey }\n- Log\n"), "");  // a code-like item drops the list
    EXPECT_EQ(spec("WHICH DATABASE: postgres or mysql?\n"), "");            // a question
    EXPECT_EQ(spec("A VERY LONG LABEL OF SIX: words\n"), "");               // more than four words
}

TEST(SpecLabels, ALabelIsUpperCaseWordsNamingASettingNotACodeALevelOrAMarker) {
    // Spec lines: a label of two or more words stands alone; one-word labels sit beside another spec line.
    EXPECT_EQ(spec("Please build it.\nTECH STACK: Go and htmx\nThanks."), "tech_stack = Go and htmx\n");
    EXPECT_EQ(spec("DEADLINE: May 11\nLICENSE: MIT\nCI/CD: GitHub Actions\n"),
              "deadline = May 11\nlicense = MIT\nci/cd = GitHub Actions\n");
    EXPECT_EQ(spec("STACK:\n- Go\n- htmx\n\nDEADLINE: May 11\n"), "stack = Go, htmx\ndeadline = May 11\n");
    // Log levels, edit notes, codes, an environment's search path, a one-word label alone in prose: none.
    EXPECT_EQ(spec("The server died:\nFATAL: password authentication failed for user \"app\"\nWhy?"), "");
    EXPECT_EQ(spec("INFO: starting\nCRITICAL: disk full\nPANIC: runtime error\nSEVERE: out of memory\n"), "");
    EXPECT_EQ(spec("Fix the login page.\n\nEDIT: I meant the signup page.\n"), "");
    EXPECT_EQ(spec("Fix the login page.\nUPDATE: it works on Firefox now\n"), "");
    EXPECT_EQ(spec("ORA-00942: table or view does not exist\nCVE-2021-44228: Log4Shell in log4j\n"), "");
    EXPECT_EQ(spec("HTTP 404: not found\nE0425 ERROR: cannot find value\n"), "");
    EXPECT_EQ(spec("My env:\nPATH: /usr/local/bin:/usr/bin:/bin\n"), "");
    EXPECT_EQ(spec("SHELL NAME: zsh\nSEARCH PATH: /usr/local/bin:/usr/bin\n"), "shell_name = zsh\n");
    // A label said twice is a field of records (a pasted transcript), not a spec.
    EXPECT_EQ(spec("USER: hi\nASSISTANT: hello\nUSER: bye\n"), "");
}

TEST(InterruptedCommands, HowTheCommandEndedInsteadOfAnExitCode) {
    EXPECT_EQ(interrupted_outcome("[Request interrupted by user for tool use]"), "interrupted by the user");
    EXPECT_EQ(interrupted_outcome("Command was manually interrupted by user"), "interrupted by the user");
    EXPECT_EQ(interrupted_outcome("Command timed out after 2m 0.0s\nserver listening"), "timed out");
    EXPECT_EQ(interrupted_outcome("Exit code 1\nnpm ERR! test failed"), "");
    EXPECT_EQ(interrupted_outcome("the log says: Command timed out after 5s"), "");  // a timeout only at the start
    ToolAction a;
    a.tool = "Bash";
    a.arguments = R"({"command":"npm test"})";
    a.result = "[Request interrupted by user for tool use]";
    a.has_result = true;
    a.error = true;
    a.error_flag_reliable = true;
    std::vector<ActionFact> out;
    command_action_facts(a, out);
    std::string s;
    for (const ActionFact& f : out) s += f.key + " = " + f.value + "\n";
    EXPECT_NE(s.find("npm.test.outcome = interrupted by the user\n"), std::string::npos) << s;
    EXPECT_EQ(s.find("exit_code"), std::string::npos) << s;
}

}  // namespace
}  // namespace bm
