// Helpers shared by the reader tests: file reading, diagnostics text, per-session count checks, every rule on.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "extract/branch_claims.h"
#include "ingest/ingest.h"
#include "ingest/summary.h"

namespace bm::testing {

// Extraction with every rule on, those off by default too (`--rules all`), so that each rule is tested.
inline ExtractOptions every_rule() {
    ExtractOptions o;
    o.all_rules = true;
    return o;
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Every error and warning of `r`, one per line, for failure messages.
inline std::string describe(const ReadResult& r) {
    std::string out;
    for (const auto& e : r.errors) out += "  error: " + e.to_string() + "\n";
    for (const auto& w : r.warnings) out += "  warning: " + w.to_string() + "\n";
    return out;
}

// The counts `beliefmerge inspect --summary` shows for a file holding one session.
struct Counts {
    std::string format;
    std::string id;
    int64_t messages = 0;
    std::map<std::string, int64_t> by_role;
    int64_t branches = 1;
    int64_t tool_calls = 0;
    int64_t tool_calls_paired = 0;
    int64_t reasoning_blocks = 0;
    int64_t checkpoints = 0;
    int64_t shadowed = 0;
    int64_t redactions = 0;
    size_t warnings = 0;
};

// The first block of `kind` in `m`, or nullptr.
inline const ContentBlock* first_block(const Message& m, BlockKind kind) {
    for (const auto& b : m.blocks)
        if (b.kind == kind) return &b;
    return nullptr;
}

// Reads `path`, requires no errors, nothing partial and exactly one session, and checks every count.
inline Session expect_counts_at(const std::string& path, const Counts& want) {
    ReadResult r = read_file(path);
    EXPECT_TRUE(r.errors.empty()) << path << "\n" << describe(r);
    EXPECT_EQ(r.warnings.size(), want.warnings) << path << "\n" << describe(r);
    EXPECT_FALSE(r.partial) << path;
    EXPECT_EQ(r.format, want.format) << path;
    EXPECT_EQ(r.file, path);
    if (r.sessions.size() != 1) {
        ADD_FAILURE() << path << ": expected one session, got " << r.sessions.size();
        return {};
    }
    const Session& s = r.sessions.front();
    SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.format, want.format) << path;
    EXPECT_EQ(sum.id, want.id) << path;
    EXPECT_EQ(sum.messages, want.messages) << path;
    EXPECT_EQ(sum.by_role, want.by_role) << path;
    EXPECT_EQ(sum.branches, want.branches) << path;
    EXPECT_EQ(sum.tool_calls, want.tool_calls) << path;
    EXPECT_EQ(sum.tool_calls_paired, want.tool_calls_paired) << path;
    EXPECT_EQ(sum.reasoning_blocks, want.reasoning_blocks) << path;
    EXPECT_EQ(sum.checkpoints, want.checkpoints) << path;
    EXPECT_EQ(sum.shadowed, want.shadowed) << path;
    EXPECT_EQ(sum.redactions, want.redactions) << path;
    EXPECT_EQ(r.redactions.total(), want.redactions) << path;
    EXPECT_EQ(s.file, path);
    for (const auto& m : s.messages) EXPECT_EQ(m.session_id, s.id) << path << " message " << m.id;
    return s;
}

#ifdef DATA_DIR
// A file under tests/data.
// The message of id `id` in `s`; null when none.
inline const Message* find_message(const Session& s, const std::string& id) {
    for (const auto& m : s.messages)
        if (m.id == id) return &m;
    return nullptr;
}

inline std::string fixture(const std::string& rel) { return std::string(DATA_DIR) + "/" + rel; }
// Reads tests/data/`rel` and checks its counts (expect_counts_at).
inline Session expect_counts(const std::string& rel, const Counts& want) { return expect_counts_at(fixture(rel), want); }
// Reads tests/data/`rel` and checks what a reader test of one log checks first: its format, one session, no errors
// (and no warnings when `quiet`). The caller still ASSERTs the one session before it reads it.
inline ReadResult read_one_log(const std::string& rel, const std::string& format, bool quiet) {
    ReadResult r = read_file(fixture(rel));
    EXPECT_EQ(r.format, format);
    EXPECT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    if (quiet) {
        EXPECT_TRUE(r.warnings.empty()) << describe(r);
    }
    return r;
}
#endif

}  // namespace bm::testing
