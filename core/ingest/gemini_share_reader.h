// Gemini CLI's (and Qwen Code's) `/chat share <file>.md` export: the chat as Markdown turns.
#pragma once

#include <string_view>

#include "ingest/read_context.h"

namespace bm {

class ByteSource;

// Whether `text` (past leading blanks) opens with a share export's first turn heading: "## USER
// 🧑‍💻" or
// "## MODEL ✨" (the role's icon after it), or "🧑‍💻 ## USER" (older CLIs and Qwen Code: the
// icon first).
bool is_gemini_share_export(std::string_view text);

// Reads the export as one session of the turns' messages (see docs/formats.md "Gemini CLI chat
// share exports").
void read_gemini_share(ByteSource& source, ReadContext& ctx);

}  // namespace bm
