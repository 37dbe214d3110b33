// Session 22 (f22file): tool.file_seen keyed by path and never over another rule's value of the file;
// action.tool_error's guards for a reason that says only "failed" and a chain's failure no part is known to own.
#include <gtest/gtest.h>

#include <string>

#include "claude_code_lines.h"
#include "claude_log_claims.h"
#include "extract/seen_file_claims.h"
#include "extract/tool_result_facts.h"

namespace bm {
namespace {

using extracttest::claude_line;
using extracttest::claude_log_claims;
using extracttest::claude_user_line;

const std::string kCwd = R"(,"cwd":"/w")";

// A call of `tool` with JSON `input` answered by `result` with the error flag `error`, in a run working in /w.
std::string tool_run(const std::string& n, const std::string& parent, const std::string& tool, const std::string& input,
                     const std::string& result, bool error) {
    return claude_line("assistant", "a" + n, parent,
                       R"([{"type":"tool_use","id":"t)" + n + R"(","name":")" + tool + R"(","input":)" + input + "}]",
                       kCwd) +
           claude_line("user", "r" + n, "a" + n,
                       R"([{"type":"tool_result","tool_use_id":"t)" + n + R"(","content":")" + result +
                           R"(","is_error":)" + (error ? "true" : "false") + "}]",
                       kCwd);
}

const std::string kAsk = claude_user_line("u1", "", R"("Fix the build.")", kCwd);

std::string keys_of(const std::vector<TextFact>& facts) {
    std::string s;
    for (const TextFact& f : facts) s += f.rule + ": " + f.key + " = " + f.value + "\n";
    return s;
}

TEST(SeenFile, KeysThePathAsTheActionRulesDoSoTwoFilesOfOneNameStayTwo) {
    // Without the change both were `file.notes.txt` (the base name).
    const std::string a = keys_of(tool_result_facts("<path>/r/a/notes.txt</path>\n<type>file</type>", "read", "/r"));
    const std::string b = keys_of(tool_result_facts("<path>/r/b/notes.txt</path>\n<type>file</type>", "read", "/r"));
    EXPECT_EQ(a, "tool.file_seen: file.a/notes.txt = exists\n");
    EXPECT_EQ(b, "tool.file_seen: file.b/notes.txt = exists\n");
    // A run working in "{{cwd}}/workspace" shows "{{cwd}}/workspace/nav-a.md": the read call's `nav-a.md`.
    EXPECT_EQ(keys_of(tool_result_facts("<path>{{cwd}}/workspace/nav-a.md</path>", "read", "{{cwd}}/workspace")),
              "tool.file_seen: file.nav-a.md = exists\n");
    // No run directory known: the path as shown, "{{cwd}}/" dropped.
    EXPECT_EQ(keys_of(tool_result_facts("<path>{{cwd}}/workspace/notes.txt</path>", "read")),
              "tool.file_seen: file.workspace/notes.txt = exists\n");
    // Still only a file name: a directory or a version gives none.
    EXPECT_EQ(keys_of(tool_result_facts("<path>/r/src</path>", "read", "/r")), "");
}

TEST(SeenFile, AFileSeenAndEditedReadsAsEdited) {
    const std::string log =
        kAsk + tool_run("1", "u1", "Edit", R"({"file_path":"/w/src/main.py","old_string":"a","new_string":"b"})",
                        "The file /w/src/main.py has been updated successfully.", false);
    const std::string got = claude_log_claims(log);
    EXPECT_NE(got.find("action.file_edited: file.src/main.py = "), std::string::npos) << got;
    EXPECT_EQ(got.find("tool.file_seen"), std::string::npos) << got;  // it was `file.main.py = exists`
}

TEST(SeenFile, ItDropsOnlyWhereAnotherRuleNamesTheSameFile) {
    auto claim = [](const std::string& rule, const std::string& key, const std::string& value) {
        Claim c;
        c.rule = rule, c.key = key, c.value = value;
        return c;
    };
    std::vector<Claim> claims = {claim("tool.file_seen", "file./w/src/main.py", "exists"),
                                 claim("action.file_edited", "file.src/main.py", "edited"),
                                 claim("tool.file_seen", "file.lib/main.py", "exists"),    // another main.py
                                 claim("tool.file_seen", "file.notes.txt", "exists"),      // only read
                                 claim("action.file_read", "file.notes.txt.read", "read")};  // a sub-key says else
    drop_files_seen_otherwise_named(claims);
    std::string got;
    for (const Claim& c : claims) got += c.key + "=" + c.value + " ";
    EXPECT_EQ(got, "file.src/main.py=edited file.lib/main.py=exists file.notes.txt=exists file.notes.txt.read=read ");
}

TEST(ToolErrorGuards, AReasonThatSaysOnlyThatTheCallFailedGivesNone) {
    const std::string log =
        kAsk + tool_run("1", "u1", "subagent_codex", R"({"prompt":"Return the diagnostic."})",
                        "Error: subagent run failed\\nDiagnostic: Product subagent failure (category: 503)", true) +
        tool_run("2", "r1", "book_flight", R"({"flight":"HAT229"})", "Error: not enough seats on flight HAT229", true);
    const std::string got = claude_log_claims(log);
    EXPECT_EQ(got.find("subagent_codex.error"), std::string::npos) << got;
    EXPECT_NE(got.find("action.tool_error: book_flight.error.not-enough-seats = not enough seats on flight hat229"),
              std::string::npos)
        << got;
}

TEST(ToolErrorGuards, AChainsFailureIsKeptOnlyWhenTheReasonIsTheKeyedPartsOwn) {
    // A sandbox's refusal of "ls … && sed …" was keyed `ls.skills.error` (a part that may not have failed).
    const std::string chain =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"ls -la skills && sed -n 1,20p skills/SKILL.md"})",
                        "bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted", true);
    EXPECT_EQ(claude_log_claims(chain).find("action.tool_error"), std::string::npos) << claude_log_claims(chain);
    // The keyed part's own message, a chain with only a setup part before it, and a lone command keep it.
    const std::string own =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"mkdir -p out && make build"})",
                        "make: *** No rule to make target 'build'.  Stop.", true);
    EXPECT_NE(claude_log_claims(own).find("action.tool_error: make.build.error"), std::string::npos)
        << claude_log_claims(own);
    const std::string setup = kAsk + tool_run("1", "u1", "Bash", R"({"command":"cd app && pytest -q"})",
                                              "ImportError: No module named flask", true);
    EXPECT_NE(claude_log_claims(setup).find("action.tool_error: pytest.error.importerror"), std::string::npos)
        << claude_log_claims(setup);
    const std::string lone = kAsk + tool_run("1", "u1", "Bash", R"({"command":"ls -la skills"})",
                                             "bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted", true);
    EXPECT_NE(claude_log_claims(lone).find("action.tool_error: ls.skills.error"), std::string::npos)
        << claude_log_claims(lone);
}

}  // namespace
}  // namespace bm
