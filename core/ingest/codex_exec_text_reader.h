// What `codex exec` prints without `--json` (a saved `codex exec … 2>&1 | tee codex.log`): the run's settings, then
// `user` / `codex` / `thinking` / `exec` / `file update` sections as plain text.
#pragma once

#include <string_view>

#include "ingest/read_context.h"

namespace bm {

class ByteSource;

// Whether `text` (past leading blanks) opens as that output does: "OpenAI Codex v…" (after an optional "Reading
// additional input from stdin..." line), then a "--------" line.
bool is_codex_exec_text(std::string_view text);

// Reads the output as one Codex session (see docs/formats.md "`codex exec` plain-text output").
void read_codex_exec_text(ByteSource& source, ReadContext& ctx);

}  // namespace bm
