// Line walk of the Markdown readers (Aider, Gemini CLI share exports): bad lines named and skipped.
#include "ingest/text_lines.h"

#include "ingest/readers.h"
#include "util/utf8.h"

namespace bm {

void for_each_text_line(ByteSource& source, ReadContext& ctx, const std::function<void(const Line&)>& on_line) {
    for_each_line(source, ctx, [&](const Line& line) {
        const RecordPos pos{line.number, line.offset};
        if (line.too_long) {
            ctx.error(pos, "", "line is " + std::to_string(line.length) + " bytes, over the " +
                                   std::to_string(ctx.options().max_line_bytes) + "-byte line limit; skipped",
                      "raise the limit (--max-line-bytes)");
            ctx.result().partial = true;
        } else if (size_t bad = first_invalid_utf8(line.text); bad != std::string_view::npos) {
            ctx.error(RecordPos{line.number, line.offset + static_cast<int64_t>(bad)}, "",
                      "invalid UTF-8 at column " + std::to_string(bad + 1) + "; line skipped",
                      "re-save the file as UTF-8");
            ctx.result().partial = true;
        } else {
            on_line(line);
        }
    });
}

}  // namespace bm
