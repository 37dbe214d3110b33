// The five ingress reducers (log, json, diff, search, test) behind one entry point.
//
// Each reducer keeps what it must: every error line (all reducers), every failing test name (test),
// every file and hunk header (diff), every match location (search), every error-bearing string (json),
// and drops or shortens the rest. required_items() lists what must survive so tests, fuzz targets and
// the bench can check any reduction against its input. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reduce/ingress_profile.h"
#include "reduce/line_keep.h"

namespace bm {

struct ReducedBody {
    std::string text;
    ReducerKind used = ReducerKind::kLog;  // json input that does not parse is reduced as a log
    size_t lines_before = 0;
    size_t lines_kept = 0;
};

ReducedBody reduce_body(ReducerKind kind, std::string_view raw);

// What a reduction of `raw` by `kind` must keep: lines that must stay whole (a search match's
// location prefix), or for JSON the error-bearing strings.
std::vector<std::string> required_items(ReducerKind kind, std::string_view raw);
// True when `body` (reduce_body's text) keeps every required item of `raw`, in order for lines.
bool keeps_required(ReducerKind kind, std::string_view raw, std::string_view body);

// The line reducers mark a LineKeep; exposed for the tests of each reducer.
void mark_log_lines(LineKeep& k);
void mark_test_lines(LineKeep& k);
void mark_diff_lines(LineKeep& k);
void mark_search_lines(LineKeep& k);
// A line naming a failing test (pytest, unittest, GoogleTest, Go, Rust, Jest, TAP, JUnit).
bool is_failing_test_line(std::string_view line);
// The "path:12:" / "12:" location of a grep-style match line, or empty.
std::string_view match_location(std::string_view line);
// The JSON reducer: long arrays and strings shortened, error-bearing strings whole; compact output.
std::string reduce_json_text(std::string_view raw);

}  // namespace bm
