// IngressReducer: the M1 transaction (plan §26) for one tool output.
//
//   raw output → eligible? → persist the exact artifact → verify it → reduce → (the harness finalises
//   the result) → confirm(): the final content's digest must equal the reduced digest
//
// reduce() returns the text to hand on: the reduced text (a header line naming the artifact, then the
// kept lines) or, for anything not reduced, the raw output unchanged with the reason. Nothing is
// reduced before its artifact is durable and verified, and a reduction that loses a required item
// (keeps_required) is discarded. confirm() compares the observed final content with the reduced
// digest; a mismatch marks the tool incompatible (persisted), and later outputs of that tool pass
// through. Thread-safety: one IngressReducer per thread.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "reduce/artifact_store.h"
#include "reduce/ingress_profile.h"
#include "reduce/tool_compat.h"

namespace bm {

struct ToolOutput {
    std::string tool;   // the tool's name as the harness calls it
    std::string text;   // the exact output
    bool is_error = false;
};

enum class IngressDecision {
    kReduced,
    kProtected,     // error result, security finding, or a protected tool
    kUnknown,       // no profile: never reduced
    kIncompatible,  // the tool failed the surviving-digest check earlier
    kTooSmall,      // below the minimum size
    kNotSmaller,    // the reduction saved too little to be worth a recall
    kUnsafe,        // the reduction lost a required item (a bug in a reducer): passed through
};
const char* ingress_decision_name(IngressDecision decision);

struct IngressOutcome {
    IngressDecision decision = IngressDecision::kUnknown;
    std::string tool;
    std::string text;    // what goes on: reduced text, or the raw output
    std::string reason;  // why not reduced (empty when reduced)
    std::optional<ReducerKind> reducer;  // the reducer run (reduced, not smaller)
    std::string artifact_id;             // set once the artifact is stored
    std::string raw_digest, reduced_digest;
    size_t raw_bytes = 0, lines_before = 0, lines_kept = 0;
};

struct IngressOptions {
    size_t min_bytes = 1024;   // outputs shorter than this pass through
    double max_ratio = 0.8;    // reduced bytes must be at most this share of the raw bytes
};

class IngressReducer {
public:
    // REQUIRES: `root` is a directory path (created 0700 on first write); usually a fold store.
    explicit IngressReducer(std::string root, IngressOptions options = {}, std::shared_ptr<FileEnv> env = posix_file_env());

    // Reads the persisted tool verdicts; call once before reduce().
    Status open();
    Result<IngressOutcome> reduce(const ToolOutput& output);
    // The surviving-digest check: true when `final_text` is the reduced content; false after marking
    // the tool incompatible (persisted). REQUIRES: outcome.decision == kReduced.
    Result<bool> confirm(const IngressOutcome& outcome, std::string_view final_text);
    // The same check from a tool name and the reduced digest reduce() reported (CLI, MCP).
    Result<bool> confirm_digest(const std::string& tool, const std::string& reduced_digest, std::string_view final_text);
    // The exact original output named by `ref` (art:<hex>), digest-verified.
    Result<std::string> recall(std::string_view ref);

    ArtifactStore& artifacts() { return m_artifacts; }
    const ToolCompatibility& compatibility() const { return m_compat; }

private:
    IngressOptions m_options;
    ArtifactStore m_artifacts;
    ToolCompatibility m_compat;
};

// The header line of a reduced text (no newline): names the artifact, tool, reducer and line counts.
std::string reduced_header(const std::string& artifact_id, const std::string& tool, ReducerKind reducer,
                           size_t lines_kept, size_t lines_before, size_t raw_bytes);

}  // namespace bm
