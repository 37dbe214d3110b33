// Buffered line splitting with a hard per-line limit (a 50 MB line must not exhaust memory).
#include "ingest/line_reader.h"

#include <cstring>

namespace bm {

namespace {
constexpr size_t kChunk = 1 << 20;
}

LineReader::LineReader(ByteSource& source, size_t max_line_bytes)
    : m_source(source), m_max(max_line_bytes) {}

Result<bool> LineReader::fill() {
    if (m_eof) return false;
    if (m_pos > 0) {
        m_buf.erase(0, m_pos);
        m_pos = 0;
    }
    size_t old = m_buf.size();
    m_buf.resize(old + kChunk);
    auto n = m_source.read(m_buf.data() + old, kChunk);
    if (!n) {
        m_buf.resize(old);
        return n.error();
    }
    m_buf.resize(old + *n);
    if (*n == 0) m_eof = true;
    return *n > 0;
}

Result<bool> LineReader::next(Line& line) {
    while (true) {
        const char* start = m_buf.data() + m_pos;
        size_t avail = m_buf.size() - m_pos;
        const void* nl = std::memchr(start, '\n', avail);
        if (nl) {
            size_t len = static_cast<const char*>(nl) - start;
            line = Line{};
            line.number = ++m_number;
            line.offset = m_offset;
            line.length = static_cast<int64_t>(len);
            size_t text_len = (len > 0 && start[len - 1] == '\r') ? len - 1 : len;
            if (len > m_max) line.too_long = true;  // a limit below the buffer size holds too
            else line.text = std::string_view(start, text_len);
            m_pos += len + 1;
            m_offset += static_cast<int64_t>(len + 1);
            return true;
        }
        if (avail > m_max) {
            // Skip the rest of this over-long line without buffering it.
            int64_t skipped = static_cast<int64_t>(avail);
            m_buf.clear();
            m_pos = 0;
            bool found = false;
            while (!found) {
                auto more = fill();
                if (!more) return more.error();
                if (!*more) break;
                const void* p = std::memchr(m_buf.data(), '\n', m_buf.size());
                if (p) {
                    size_t k = static_cast<const char*>(p) - m_buf.data();
                    skipped += static_cast<int64_t>(k);
                    m_pos = k + 1;
                    found = true;
                } else {
                    skipped += static_cast<int64_t>(m_buf.size());
                    m_buf.clear();
                }
            }
            line = Line{};
            line.number = ++m_number;
            line.offset = m_offset;
            line.too_long = true;
            line.length = skipped;
            line.unterminated = !found;
            m_offset += skipped + (found ? 1 : 0);
            return true;
        }
        auto more = fill();
        if (!more) return more.error();
        if (!*more) {
            if (m_pos >= m_buf.size()) return false;
            line = Line{};
            line.number = ++m_number;
            line.offset = m_offset;
            line.text = std::string_view(m_buf.data() + m_pos, m_buf.size() - m_pos);
            if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
            line.length = static_cast<int64_t>(m_buf.size() - m_pos);
            line.unterminated = true;
            m_offset += line.length;
            m_pos = m_buf.size();
            return true;
        }
    }
}

}  // namespace bm
