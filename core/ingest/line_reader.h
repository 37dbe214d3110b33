// Splits a ByteSource into lines with 1-based line numbers and byte offsets, bounding line size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ingest/byte_source.h"

namespace bm {

struct Line {
    std::string_view text;  // without the trailing "\n" (and "\r")
    int64_t number = 0;     // 1-based
    int64_t offset = 0;     // byte offset of the line's first byte (decoded stream)
    bool too_long = false;  // exceeded the limit: text is empty, the line was skipped
    int64_t length = 0;     // full length in bytes, even when too_long
    bool unterminated = false;  // last line had no newline
};

class LineReader {
public:
    // Lines longer than `max_line_bytes` are skipped (too_long) without being buffered whole.
    LineReader(ByteSource& source, size_t max_line_bytes);
    // Next line; false at end of input. Errors from the source are returned as Result errors.
    Result<bool> next(Line& line);

private:
    Result<bool> fill();
    ByteSource& m_source;
    size_t m_max;
    std::string m_buf;
    size_t m_pos = 0;
    bool m_eof = false;
    int64_t m_number = 0;
    int64_t m_offset = 0;
};

}  // namespace bm
