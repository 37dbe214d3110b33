// Each reducer keeps the lines it must (errors, failing tests, hunk headers, match locations) and drops
// the rest; the required-items check catches a reduction that loses one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "reduce/text_reducers.h"

namespace bm {
namespace {

std::string lines(const std::string& prefix, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += prefix + std::to_string(i) + "\n";
    return out;
}

bool has_line(const std::string& text, const std::string& line) {
    for (auto l : split_lines(text))
        if (l == line) return true;
    return false;
}

TEST(LogReducer, keeps_every_error_line_and_the_traceback_and_drops_the_noise) {
    const std::string raw = lines("compiling unit ", 200) + "src/a.cpp:12: error: no member named 'x'\n" +
                            lines("linking step ", 200) + "Traceback (most recent call last):\n" +
                            "  File \"run.py\", line 3, in <module>\n    main()\n" + "ValueError: bad value\n" +
                            lines("cleanup ", 100);
    ReducedBody r = reduce_body(ReducerKind::kLog, raw);
    EXPECT_EQ(r.used, ReducerKind::kLog);
    EXPECT_TRUE(has_line(r.text, "src/a.cpp:12: error: no member named 'x'"));
    EXPECT_TRUE(has_line(r.text, "  File \"run.py\", line 3, in <module>"));
    EXPECT_TRUE(has_line(r.text, "    main()"));
    EXPECT_TRUE(has_line(r.text, "ValueError: bad value"));
    EXPECT_TRUE(has_line(r.text, "compiling unit 0"));  // head
    EXPECT_TRUE(has_line(r.text, "cleanup 99"));        // tail
    EXPECT_FALSE(has_line(r.text, "linking step 100"));
    EXPECT_NE(r.text.find("lines elided"), std::string::npos);
    EXPECT_LT(r.text.size(), raw.size() / 5);
    EXPECT_TRUE(keeps_required(ReducerKind::kLog, raw, r.text));
    EXPECT_EQ(r.text.back(), '\n');  // a final newline stays a final newline
}

TEST(TestReducer, keeps_failing_test_names_and_summary_drops_passing_tests) {
    const std::string raw = "============================= test session starts ==============================\n" +
                            lines("tests/test_ok.py::test_passes_", 300) +
                            "tests/test_math.py::test_divide FAILED\n" + lines("tests/test_more.py::test_fine_", 100) +
                            "=================================== FAILURES ===================================\n"
                            "________________________________ test_divide _________________________________\n"
                            "E       assert 1 == 2\n" +
                            "FAILED tests/test_math.py::test_divide - assert 1 == 2\n"
                            "========================= 1 failed, 400 passed in 2.31s =========================\n";
    ReducedBody r = reduce_body(ReducerKind::kTest, raw);
    EXPECT_TRUE(has_line(r.text, "tests/test_math.py::test_divide FAILED"));
    EXPECT_TRUE(has_line(r.text, "FAILED tests/test_math.py::test_divide - assert 1 == 2"));
    EXPECT_TRUE(has_line(r.text, "________________________________ test_divide _________________________________"));
    EXPECT_TRUE(has_line(r.text, "E       assert 1 == 2"));
    EXPECT_TRUE(has_line(r.text, "========================= 1 failed, 400 passed in 2.31s ========================="));
    EXPECT_FALSE(has_line(r.text, "tests/test_ok.py::test_passes_150"));
    EXPECT_TRUE(keeps_required(ReducerKind::kTest, raw, r.text));
    EXPECT_LT(r.text.size(), raw.size() / 5);
}

TEST(TestReducer, a_passing_tests_PASSED_is_no_summary_line) {
    std::string raw = "collected 300 items\n";
    for (int i = 0; i < 300; ++i) raw += "tests/t.py::test_" + std::to_string(i) + " PASSED  [ 50%]\n";
    raw += "==== 300 passed in 1.00s ====\n";
    ReducedBody r = reduce_body(ReducerKind::kTest, raw);
    EXPECT_FALSE(has_line(r.text, "tests/t.py::test_150 PASSED  [ 50%]"));
    EXPECT_TRUE(has_line(r.text, "==== 300 passed in 1.00s ===="));
}

TEST(TestReducer, names_failing_tests_of_common_runners) {
    for (const char* line : {"[  FAILED  ] MathTest.Divides (0 ms)", "--- FAIL: TestDivide (0.00s)", "not ok 3 - divides",
                             "FAIL: test_divide (tests.test_math.MathTest)", "thread 'divides' panicked at src/lib.rs:3:5:"})
        EXPECT_TRUE(is_failing_test_line(line)) << line;
    EXPECT_FALSE(is_failing_test_line("[       OK ] MathTest.Adds (0 ms)"));
}

TEST(DiffReducer, keeps_every_file_and_hunk_header_and_drops_context) {
    std::string raw = "diff --git a/src/a.cpp b/src/a.cpp\nindex 1111111..2222222 100644\n--- a/src/a.cpp\n+++ b/src/a.cpp\n";
    raw += "@@ -1,60 +1,60 @@ int main()\n";
    for (int i = 0; i < 40; ++i) raw += " context line " + std::to_string(i) + "\n";
    for (int i = 0; i < 20; ++i) raw += "-old " + std::to_string(i) + "\n+new " + std::to_string(i) + "\n";
    raw += "@@ -100,3 +100,3 @@ void other()\n-- removed line that looks like a header\n+++ added line that looks like a header\n keep\n";
    raw += "diff --git a/b.txt b/b.txt\nnew file mode 100644\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+hello\n";
    ReducedBody r = reduce_body(ReducerKind::kDiff, raw);
    for (const char* h : {"diff --git a/src/a.cpp b/src/a.cpp", "@@ -1,60 +1,60 @@ int main()", "@@ -100,3 +100,3 @@ void other()",
                          "diff --git a/b.txt b/b.txt", "new file mode 100644", "+++ b/b.txt", "@@ -0,0 +1 @@", "+hello"})
        EXPECT_TRUE(has_line(r.text, h)) << h;
    EXPECT_FALSE(has_line(r.text, " context line 20"));
    EXPECT_TRUE(has_line(r.text, "-old 0"));
    EXPECT_FALSE(has_line(r.text, "+new 19"));  // past the per-hunk cap
    // Hunk bodies are walked by their counts: "-- removed ..." is a removed line, not a file header.
    EXPECT_TRUE(has_line(r.text, "-- removed line that looks like a header"));
    EXPECT_TRUE(keeps_required(ReducerKind::kDiff, raw, r.text));
    EXPECT_LT(r.text.size(), raw.size() / 2);
}

TEST(SearchReducer, keeps_every_match_location_and_drops_context) {
    std::string raw;
    for (int i = 0; i < 100; ++i) {
        raw += "src/file" + std::to_string(i) + ".cpp-" + std::to_string(i + 9) + "-  context before\n";
        raw += "src/file" + std::to_string(i) + ".cpp:" + std::to_string(i + 10) + ":  auto value = compute(" +
               std::string(300, 'x') + ");\n--\n";
    }
    ReducedBody r = reduce_body(ReducerKind::kSearch, raw);
    const auto out = split_lines(r.text);
    size_t locations = 0;
    for (auto l : out)
        if (!match_location(l).empty()) ++locations;
    EXPECT_EQ(locations, 100u);
    EXPECT_EQ(r.text.find("context before"), std::string::npos);
    EXPECT_NE(r.text.find("src/file42.cpp:52:  auto value = compute("), std::string::npos);
    EXPECT_TRUE(keeps_required(ReducerKind::kSearch, raw, r.text));
    EXPECT_LT(r.text.size(), raw.size() * 6 / 10);
}

TEST(JsonReducer, keeps_shape_and_error_strings_shortens_long_arrays) {
    std::string raw = "{\n  \"items\": [\n";
    for (int i = 0; i < 200; ++i) raw += "    {\"id\": " + std::to_string(i) + ", \"name\": \"item " + std::to_string(i) + "\"},\n";
    raw += "    {\"id\": 999, \"status\": \"error: disk quota exceeded\"}\n  ],\n  \"total\": 201\n}\n";
    ReducedBody r = reduce_body(ReducerKind::kJson, raw);
    EXPECT_EQ(r.used, ReducerKind::kJson);
    auto doc = nlohmann::json::parse(r.text);
    EXPECT_EQ(doc["total"], 201);
    EXPECT_NE(r.text.find("error: disk quota exceeded"), std::string::npos);
    EXPECT_EQ(r.text.find("item 100"), std::string::npos);
    EXPECT_TRUE(keeps_required(ReducerKind::kJson, raw, r.text));
    EXPECT_LT(r.text.size(), raw.size() / 5);
}

TEST(JsonReducer, input_that_is_no_json_is_reduced_as_a_log) {
    const std::string raw = "{ not json\n" + lines("row ", 300) + "fatal: broken\n";
    ReducedBody r = reduce_body(ReducerKind::kJson, raw);
    EXPECT_EQ(r.used, ReducerKind::kLog);
    EXPECT_TRUE(has_line(r.text, "fatal: broken"));
}

TEST(RequiredItems, a_body_missing_an_error_line_fails_the_check) {
    const std::string raw = lines("ok ", 50) + "error: the one that matters\n" + lines("ok again ", 50);
    ReducedBody r = reduce_body(ReducerKind::kLog, raw);
    ASSERT_TRUE(keeps_required(ReducerKind::kLog, raw, r.text));
    std::string broken = r.text;
    broken.erase(broken.find("error: the one that matters"), std::string("error: the one that matters").size());
    EXPECT_FALSE(keeps_required(ReducerKind::kLog, raw, broken));
}

TEST(Sniff, shell_output_goes_to_the_reducer_it_looks_like) {
    EXPECT_EQ(sniff_reducer("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", ReducerKind::kLog), ReducerKind::kDiff);
    EXPECT_EQ(sniff_reducer("===== test session starts =====\ncollected 3 items\n", ReducerKind::kLog), ReducerKind::kTest);
    EXPECT_EQ(sniff_reducer("  {\"a\": [1, 2]}", ReducerKind::kLog), ReducerKind::kJson);
    EXPECT_EQ(sniff_reducer("a.cpp:1:int x;\nb.cpp:2:int y;\n", ReducerKind::kLog), ReducerKind::kSearch);
    EXPECT_EQ(sniff_reducer("just some output\n", ReducerKind::kLog), ReducerKind::kLog);
}

}  // namespace
}  // namespace bm
