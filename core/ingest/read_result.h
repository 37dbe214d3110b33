// What reading one input file produced: sessions, errors, warnings, and whether it was partial.
#pragma once

#include <string>
#include <vector>

#include "model/session.h"
#include "redact/redactor.h"
#include "util/result.h"

namespace bm {

struct ReadResult {
    std::string file;
    std::string format;  // format_name(), or "unknown" when detection failed
    std::vector<Session> sessions;
    std::vector<Error> errors;    // the file (or part of it) could not be read
    std::vector<Error> warnings;  // read, but something was skipped, torn or odd
    bool partial = false;         // valid records before damage were kept
    RedactionCounts redactions;

    bool ok() const { return errors.empty(); }
};

struct ReadOptions {
    size_t max_line_bytes = 32u << 20;  // longer lines are skipped with an error
    bool keep_raw = true;               // keep each message's original record
    bool include_plugin_messages = true;
};

}  // namespace bm
