// Entry point of the ingest stage: detect a log's format by content and read it into sessions.
//
// Thread-safety: every function is reentrant; reading different files in parallel is safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/read_result.h"

namespace bm {

// Detects the format from the first bytes of the decoded stream (at least its first line).
std::optional<SessionFormat> detect_format(std::string_view head);

// Reads one file (plain or zstd-compressed, any supported format), or an OpenHands V1 `events/` directory.
ReadResult read_file(const std::string& path, const ReadOptions& options = {});

// Reads an in-memory log; `name` is used in diagnostics. Used by tests and fuzz targets.
ReadResult read_bytes(std::string_view data, const std::string& name, const ReadOptions& options = {});

// Expands command-line paths: files stay; a DeepSeek Harness session directory yields its newest
// generation (session.vN.jsonl[.zstd]); an OpenHands V1 `events/` directory (event-NNNNN-<id>.json files) yields
// itself, one input; other directories yield their supported files, sorted.
// Problems (missing paths, skipped generations) are returned as errors or warnings.
struct ExpandedInputs {
    std::vector<std::string> files;
    std::vector<Error> errors;
    std::vector<Error> warnings;
};
ExpandedInputs expand_inputs(const std::vector<std::string>& paths);

}  // namespace bm
