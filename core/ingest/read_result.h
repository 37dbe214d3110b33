// What reading one input file produced: sessions, errors, warnings, and whether it was partial.
#pragma once

#include <string>
#include <vector>

#include "ingest/byte_source.h"
#include "model/session.h"
#include "redact/redactor.h"
#include "util/result.h"

namespace bm {

struct ReadResult {
    std::string file;
    std::string format;  // format_name(), or "unknown" when detection failed
    std::vector<Session> sessions;
    // At most kMaxDiagnostics of each are kept (the first ones), then one last entry counts the rest,
    // so a hostile file of millions of bad lines costs bounded memory, output and stored rows.
    static constexpr size_t kMaxDiagnostics = 1000;
    std::vector<Error> errors;    // the file (or part of it) could not be read
    std::vector<Error> warnings;  // read, but something was skipped, torn or odd
    size_t errors_dropped = 0, warnings_dropped = 0;  // beyond kMaxDiagnostics, counted only
    bool partial = false;         // valid records before damage were kept
    bool unrecognised = false;    // no reader knows the input's shape (an unrecognised document or JSON Lines log,
                                  // or no JSON text at all): nothing was read, and the errors say why
    RedactionCounts redactions;

    bool ok() const { return errors.empty(); }
};

struct ReadOptions {
    size_t max_line_bytes = 32u << 20;  // longer lines are skipped with an error
    bool keep_raw = true;               // keep each message's original record
    bool include_plugin_messages = true;
    InputLimits limits;                 // size and zstd-ratio bounds of one input
};

}  // namespace bm
