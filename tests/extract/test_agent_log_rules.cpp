// Session 14's rules from grown dev logs: a missing path a lone command named (missing_path_rules.cpp), a CTF run's
// challenge, files and submitted flag (ctf_rules.cpp), and no stated conclusion from a thinking block.
#include <gtest/gtest.h>

#include <string>

#include "extract/heuristic_extractor.h"
#include "extract/tool_action_rules.h"
#include "extract/turn_rules.h"
#include "tool_action_fixtures.h"

namespace bm {
namespace {

using extracttest::command_arguments;
using extracttest::fact_lines;
using extracttest::facts_named;
using extracttest::facts_of_rule;

std::string missing(const char* command, const char* result) {
    return fact_lines(facts_of_rule(missing_path_facts, {"Bash", command_arguments(command), result, true}));
}

TEST(PathMissing, TheCommandsOwnPathThatDoesNotExist) {
    EXPECT_EQ(missing("cat nonexistent.txt", "Exit code 1\ncat: nonexistent.txt: No such file or directory"),
              "file.nonexistent.txt = no such file or directory\n");
    EXPECT_EQ(missing("cd build/out", "bash: cd: build/out: No such file or directory"),
              "file.build/out = no such file or directory\n");
    EXPECT_EQ(missing("rm -f old.log", "rm: cannot remove 'old.log': No such file or directory"),
              "file.old.log = no such file or directory\n");
}

TEST(PathMissing, NoneForPathsTheCommandDidNotNameChainsAndPipes) {
    EXPECT_EQ(missing("make", "cc: config.h: No such file or directory"), "");           // a program's own lookup
    EXPECT_EQ(missing("cat a.txt && cat b.txt", "cat: b.txt: No such file or directory"), "");  // a chain
    EXPECT_EQ(missing("cat a.txt | grep x", "cat: a.txt: No such file or directory"), "");  // a pipe
    EXPECT_EQ(missing("ls cat ~/x", "ls: cannot access 'cat': No such file or directory"), "");  // a slip, no file
    EXPECT_EQ(missing("cat a.txt", "cat: a.txt: Permission denied"), "");  // another error
    EXPECT_EQ(missing("python run.py", "python: can't open file 'run.py': [Errno 2] No such file or directory"), "");
}

// A submit call with no result text.
std::string flag_of(const char* args, bool error = false) {
    return fact_lines(facts_of_rule(submitted_flag_facts, {"submit", args, "", error}));
}

TEST(SubmittedFlag, ActionLineOrFunctionArgument) {
    EXPECT_EQ(flag_of("submit 'flag{d316759c}'\n"), "submission.flag = flag{d316759c}\n");
    EXPECT_EQ(flag_of("submit \"HTB{x_y}\""), "submission.flag = HTB{x_y}\n");
    EXPECT_EQ(flag_of(R"({"flag":"picoCTF{a1}"})"), "submission.flag = picoCTF{a1}\n");
    EXPECT_EQ(flag_of("submit"), "");                      // a patch submission has no flag
    EXPECT_EQ(flag_of("submit 'flag{x}'", true), "");      // refused
    EXPECT_EQ(flag_of("submit 'two words'"), "");
}

TEST(CtfChallenge, TemplateSentenceAndFilesOnly) {
    Claim origin;
    const std::string text =
        "We're currently solving the following CTF challenge. The CTF challenge is a miscellaneous problem named "
        "\"Networking 1\", worth 10 points. The description is:\nNo description provided\nFiles included in the "
        "challenge: ['networking.pcap', 'notes.txt']\n\nINSTRUCTIONS:\nSolve the challenge, executing any commands.";
    const auto claims = ctf_challenge_claims(text, origin);
    ASSERT_EQ(claims.size(), 2u);
    EXPECT_EQ(claims[0].key + " = " + claims[0].value, "challenge.networking-1 = miscellaneous problem named networking 1, worth 10 points");
    EXPECT_EQ(claims[0].type, SlotType::kGoal);
    EXPECT_EQ(claims[1].key + " = " + claims[1].value, "challenge.networking-1.files = networking.pcap, notes.txt");
    EXPECT_EQ(claims[1].type, SlotType::kFact);
    EXPECT_TRUE(ctf_challenge_claims("Files included in the challenge: []\n", origin).empty());
    EXPECT_TRUE(ctf_challenge_claims("ISSUE:\nSyntaxError: invalid syntax\n", origin).empty());
}

std::vector<std::string> conclusions(BlockKind kind, const std::string& text) {
    Session s;
    s.id = "s";
    s.format = SessionFormat::kNative;
    Message m;
    m.session_id = "s";
    m.seq = 1;
    m.id = "m1";
    m.line = 1;
    m.role = Role::kAssistant;
    m.source.kind = SourceKind::kModel;
    m.blocks.push_back({kind, text, {}, {}, {}, false});
    s.messages.push_back(m);
    Branch b;
    b.id = "b";
    b.message_indexes.push_back(0);
    s.branches.push_back(b);
    std::vector<std::string> out;
    for (const auto& bc : extract_heuristic({s}, ExtractOptions{}))
        for (const Claim& c : bc.claims)
            if (c.rule == "model.conclusion") out.push_back(c.key + " = " + c.value);
    return out;
}

TEST(ModelConclusion, StatedInTextNotMusedInAThinkingBlock) {
    EXPECT_EQ(conclusions(BlockKind::kText, "So the cache is Redis."), std::vector<std::string>{"cache = redis"});
    EXPECT_TRUE(conclusions(BlockKind::kReasoning, "So the cache is Redis.").empty());
}


// Session 15: a SWE-agent submit's patch is read only when the result opens with it ("OBSERVATION:" first in 1.x);
// the review-on-submit message that quotes a <diff> of scratch files is not the submission.
std::string patch_facts(const char* result) {
    return fact_lines(facts_named({"submit", "{}", result}, "action.patch_file"));
}

TEST(PatchFile, OnlyAResultThatIsThePatch) {
    EXPECT_EQ(patch_facts("OBSERVATION:\ndiff --git a/dask/array/creation.py b/dask/array/creation.py\nindex 1..2 100644\n"),
              "file.dask/array/creation.py.submitted = modified in the submitted patch\n");
    EXPECT_EQ(patch_facts("\ndiff --git a/new.py b/new.py\nnew file mode 100644\n"),
              "file.new.py.submitted = created in the submitted patch\n");
    // A patch with CRLF line ends (a replayed run's submit, session 16).
    EXPECT_EQ(patch_facts("\r\ndiff --git a/src/m.py b/src/m.py\r\nindex 1..2 100644\r\n"),
              "file.src/m.py.submitted = modified in the submitted patch\n");
    EXPECT_EQ(patch_facts("OBSERVATION:\nThank you for your work on this issue. Please review your changes.\n\n<diff>\n"
                          "diff --git a/reproduce.py b/reproduce.py\nnew file mode 100644\n</diff>\n"),
              "");
}
}  // namespace
}  // namespace bm
