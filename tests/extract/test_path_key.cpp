// path_key (core/extract/action_text.cpp): a tool's path as a `file.<path>` key part, POSIX and Windows.
#include <gtest/gtest.h>

#include "extract/tool_action_rules.h"

namespace bm {
namespace {

TEST(PathKey, PosixPathsRelativeToTheWorkingDirectoryAndLowercase) {
    EXPECT_EQ(path_key("/home/u/proj/src/Main.py", "/home/u/proj"), "src/main.py");
    EXPECT_EQ(path_key("./README.md", "/home/u/proj"), "readme.md");
    EXPECT_EQ(path_key("/etc/hosts", "/home/u/proj"), "/etc/hosts");
    EXPECT_EQ(path_key("a b.txt", ""), "");   // a space is no key
    EXPECT_EQ(path_key("../x.txt", ""), "");  // climbing out is argument_path_key's
}

TEST(PathKey, WindowsPathsAreKeyedWithSlashes) {
    // Session 25: these were no key at all (backslashes, the drive's colon), so a Windows session's files gave none.
    EXPECT_EQ(path_key(R"(C:\Users\vassa\.claude\plans\plan.md)", ""), "c:/users/vassa/.claude/plans/plan.md");
    EXPECT_EQ(path_key(R"(C:\Users\u\proj\src\main.py)", R"(C:\Users\u\proj)"), "src/main.py");
    // The working directory is matched without case, as Windows does.
    EXPECT_EQ(path_key(R"(c:\users\U\Proj\app.ts)", R"(C:\Users\u\proj\)"), "app.ts");
    // A relative path in a Windows working directory, and ".\" in any.
    EXPECT_EQ(path_key(R"(src\lib\util.ts)", R"(D:\work\app)"), "src/lib/util.ts");
    EXPECT_EQ(path_key(R"(.\run.ps1)", ""), "run.ps1");
    EXPECT_EQ(path_key(R"(  C:\Users\u\a.md )", ""), "c:/users/u/a.md");  // surrounding whitespace (review)
}

TEST(PathKey, NoKeyForWhatAWindowsPathCannotName) {
    // No drive: a root-relative path and a share (review).
    EXPECT_EQ(path_key(R"(\a.py)", R"(C:\proj)"), "");
    EXPECT_EQ(path_key(R"(\\server\share\a.py)", R"(C:\proj)"), "");
    // A colon past the working directory is no drive's.
    EXPECT_EQ(path_key(R"(C:\proj\x:\y.txt)", R"(C:\proj)"), "");
}

TEST(PathKey, APosixWorkingDirectoryLeavesBackslashesUnkeyed) {
    // Outside a Windows directory a backslash is an escape or part of a name: no key, as before.
    EXPECT_EQ(path_key(R"(src\lib\util.ts)", "/home/u/proj"), "");
    EXPECT_EQ(path_key(R"(C:\Users\u\a b\x.txt)", ""), "");  // a space, as in a POSIX path
    EXPECT_EQ(path_key(R"(C:\Users\u\..\x.txt)", ""), "");   // climbing out
    EXPECT_EQ(path_key("c:", ""), "");
}

}  // namespace
}  // namespace bm
