// The search reducer: every match location stays (the text after it shortened), context lines and
// "--" separators are dropped, other lines (file names of --heading output, summaries) stay.
#include "reduce/text_reducers.h"

#include "fold/archive.h"

namespace bm {

namespace {
constexpr size_t kMatchTextBytes = 160;

size_t location_end(std::string_view line, char sep) {
    // "path<sep>12<sep>" with the path free of whitespace at its start, or "12<sep>" (rg --heading).
    size_t d = 0;
    while (d < line.size() && line[d] >= '0' && line[d] <= '9') ++d;
    if (d > 0 && d < line.size() && line[d] == sep) return d + 1;
    if (line.empty() || line[0] == ' ' || line[0] == '\t') return 0;
    for (size_t at = line.find(sep); at != std::string_view::npos && at > 0; at = line.find(sep, at + 1)) {
        size_t e = at + 1;
        while (e < line.size() && line[e] >= '0' && line[e] <= '9') ++e;
        if (e > at + 1 && e < line.size() && line[e] == sep) return e + 1;
        if (e > at + 1 && e == line.size() && sep == ':') return e;  // "path:12" (no text)
    }
    return 0;
}
}  // namespace

std::string_view match_location(std::string_view line) {
    const size_t end = location_end(line, ':');
    return line.substr(0, end);
}

void mark_search_lines(LineKeep& k) {
    for (size_t i = 0; i < k.lines.size(); ++i) {
        const auto line = k.lines[i];
        if (is_error_line(line)) k.must_keep(i);
        const auto loc = match_location(line);
        if (!loc.empty()) {
            k.must_keep(i);
            if (line.size() > loc.size() + kMatchTextBytes && !is_error_line(line))
                k.replaced[i] = utf8_prefix(line, loc.size() + kMatchTextBytes) + "\xE2\x80\xA6";
            continue;
        }
        if (line == "--" || location_end(line, '-') != 0) continue;  // context and separators go
        k.keep_line(i);
    }
}

}  // namespace bm
