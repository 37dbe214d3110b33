// The lines of a text (Markdown) log: over-long lines and invalid UTF-8 reported by line and skipped.
#pragma once

#include <functional>

#include "ingest/line_reader.h"
#include "ingest/read_context.h"

namespace bm {

class ByteSource;

// Calls `on_line` with each line of `source` that is within the line limit and valid UTF-8; any other line is an
// error naming it (and the column of the bad byte), the result marked partial.
void for_each_text_line(ByteSource& source, ReadContext& ctx, const std::function<void(const Line&)>& on_line);

}  // namespace bm
