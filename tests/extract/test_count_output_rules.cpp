// action.count_output (count_output_rules.cpp, session 18): a directory's entry count from `ls|find … | wc -l`.
#include <gtest/gtest.h>

#include <string>

#include "tool_action_fixtures.h"

namespace bm {
namespace {

// The count facts of one answered call, "key = value" a line; each fact's span in the result is its number.
std::string counts(const char* tool, const char* args, const char* result, bool error = false) {
    const extracttest::AnsweredCall call{tool, args, result, error};
    const std::vector<ActionFact> facts = extracttest::facts_named(call, "action.count_output");
    for (const ActionFact& f : facts) EXPECT_EQ(call.result.substr(f.begin, f.end - f.begin), f.value);
    return extracttest::fact_lines(facts);
}

TEST(CountOutput, ALoneCountIsTheWholeOutput) {
    EXPECT_EQ(counts("Bash", R"({"command":"ls requirements | wc -l"})", "773\n"), "dir.requirements.entries = 773\n");
    EXPECT_EQ(counts("Bash", R"({"command":"find /w/reqs/ -maxdepth 1 -type f | wc -l"})", "     12\n"), "dir./w/reqs.files = 12\n");
    EXPECT_EQ(counts("Bash", R"({"command":"rg --files src | wc -l"})", "40"), "dir.src.files_all = 40\n");
    EXPECT_EQ(counts("Bash", R"({"command":"ls requirements | wc -l"})", "773\n12\n"), "");  // two numbers, one count
}

TEST(CountOutput, CountsThatEndAChainAreTheLastLinesInOrder) {
    EXPECT_EQ(counts("Bash", R"({"command":"ls && ls requirements | wc -l && ls requirement_patches | wc -l"})",
                     "README.md\nrequirements\nwebsite\n773\n58"),
              "dir.requirements.entries = 773\ndir.requirement_patches.entries = 58\n");
    // The listing before them ends in a number: which line is which count is not known.
    EXPECT_EQ(counts("Bash", R"({"command":"ls && ls src | wc -l"})", "2024\n12"), "");
    // A count before other output.
    EXPECT_EQ(counts("Bash", R"({"command":"ls src | wc -l && ls"})", "12\nsrc\n"), "");
}

TEST(CountOutput, AHarnessHeaderIsNotOutputAndAFailedListingIsNoCount) {
    EXPECT_EQ(counts("exec_command", R"({"cmd":"find /workspace/requirements -maxdepth 1 -type f | wc -l"})",
                     "Chunk ID: b04eab\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\n774\n"),
              "dir./workspace/requirements.files = 774\n");
    EXPECT_EQ(counts("exec_command", R"({"cmd":"find /w/reqs -maxdepth 1 -type f | wc -l"})",
                     "Process exited with code 1\nOutput:\n3\n"), "");
    EXPECT_EQ(counts("exec_command", R"({"cmd":"find /workspace/requirement_patches -maxdepth 1 -type f | wc -l"})",
                     "Process exited with code 0\nOutput:\nfind: '/workspace/requirement_patches': No such file or directory\n0\n"), "");
    EXPECT_EQ(counts("exec_command", R"({"cmd":"rg --files /w/reqs | wc -l"})",
                     "Process exited with code 0\nOutput:\n/bin/bash: line 1: rg: command not found\n0\n"), "");
    EXPECT_EQ(counts("Bash", R"({"command":"ls src | wc -l"})", "12", true), "");  // an error result
}

// Two ways of counting one folder are two keys; two projects' `tests` folders are two folders; a `find` that would
// count the folder itself (no -type f, no -mindepth 1) gives none.
TEST(CountOutput, TheWholePathAndTheWayOfCountingNameTheCount) {
    EXPECT_EQ(counts("Bash", R"({"command":"find a/tests -type f | wc -l"})", "57"), "dir.a/tests.files_all = 57\n");
    EXPECT_EQ(counts("Bash", R"({"command":"ls b/tests | wc -l"})", "4"), "dir.b/tests.entries = 4\n");
    EXPECT_EQ(counts("Bash", R"({"command":"find src -mindepth 1 -maxdepth 1 | wc -l"})", "8"), "dir.src.entries = 8\n");
    EXPECT_EQ(counts("Bash", R"({"command":"find src -maxdepth 1 | wc -l"})", "9"), "");
    EXPECT_EQ(counts("Bash", R"({"command":"find src -type d | wc -l"})", "3"), "");
}

TEST(CountOutput, OnlyAPlainListingOfOneDirectoryCounts) {
    EXPECT_EQ(counts("Bash", R"({"command":"find src -name '*.py' | wc -l"})", "40"), "");  // a filter
    EXPECT_EQ(counts("Bash", R"({"command":"ls src | grep test | wc -l"})", "4"), "");
    EXPECT_EQ(counts("Bash", R"({"command":"ls -la src | wc -l"})", "14"), "");            // a line per entry plus total
    EXPECT_EQ(counts("Bash", R"({"command":"ls src tests | wc -l"})", "20"), "");          // two directories
    EXPECT_EQ(counts("Bash", R"({"command":"cat notes.txt | wc -l"})", "40"), "");         // lines of a file
    EXPECT_EQ(counts("Bash", R"({"command":"ls | wc -l"})", "9"), "");                     // no directory named
    EXPECT_EQ(counts("Bash", R"({"command":"ls $(pwd) | wc -l"})", "9"), "");
    EXPECT_EQ(counts("Bash", R"({"command":"ls src | wc -l > n.txt"})", ""), "");
    EXPECT_EQ(counts("Bash", R"({"command":"ls src | wc -l || echo 0"})", "7"), "");
    EXPECT_EQ(counts("Read", R"({"file_path":"a.txt"})", "7"), "");                        // not a shell
}

}  // namespace
}  // namespace bm
