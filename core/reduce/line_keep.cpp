// Line splitting, error-line recognition and kept-line rendering shared by the text reducers.
#include "reduce/line_keep.h"

#include <nlohmann/json.hpp>

namespace bm {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

bool is_error_line(std::string_view line) {
    static const std::string_view kWords[] = {
        "error", "fatal", "panic", "exception", "traceback", "fail", "segmentation fault", "core dumped", "abort",
        "denied", "cannot ", "can't ", "could not", "couldn't", "not found", "no such file", "undefined reference",
        "unresolved", "warning", "assert", "timed out", "timeout", "killed", "refused"};
    const std::string lower = ascii_lower(line);
    for (auto w : kWords)
        if (lower.find(w) != std::string::npos) return true;
    // pytest's "E   ..." assertion lines and the usual failure glyphs.
    if (line.size() >= 2 && line[0] == 'E' && line[1] == ' ') return true;
    for (std::string_view glyph : {"\xE2\x9C\x97", "\xE2\x9C\x95", "\xE2\x9C\x96", "\xE2\x9D\x8C"})  // ✗ ✕ ✖ ❌
        if (line.find(glyph) != std::string_view::npos) return true;
    return false;
}

bool looks_like_json(std::string_view text) {
    return !nlohmann::json::parse(text.begin(), text.end(), nullptr, false).is_discarded();
}

namespace {

// "path:12:" / "path-12-" (grep -n, rg) or "12:" / "12-" (rg --heading); returns the location length or 0.
size_t digits_then(std::string_view s, size_t at, char sep1, char sep2) {
    size_t d = at;
    while (d < s.size() && s[d] >= '0' && s[d] <= '9') ++d;
    if (d == at || d >= s.size() || (s[d] != sep1 && s[d] != sep2)) return 0;
    return d + 1;
}

}  // namespace

double search_line_share(std::string_view text) {
    size_t total = 0, located = 0;
    for (auto line : split_lines(text)) {
        if (line.empty()) continue;
        ++total;
        if (line == "--") { ++located; continue; }
        size_t colon = line.find_first_of(":-");
        while (colon != std::string_view::npos && colon > 0) {
            if (digits_then(line, colon + 1, ':', '-') != 0) { ++located; break; }
            colon = line.find_first_of(":-", colon + 1);
        }
    }
    return total == 0 ? 0.0 : static_cast<double>(located) / static_cast<double>(total);
}

std::string elision_marker(size_t n) {
    return "[\xE2\x80\xA6 " + std::to_string(n) + (n == 1 ? " line" : " lines") + " elided \xE2\x80\xA6]";
}

LineKeep::LineKeep(std::string_view text)
    : lines(split_lines(text)), keep(lines.size(), false), must(lines.size(), false), replaced(lines.size()) {}

void LineKeep::keep_edges_and_errors(size_t head, size_t tail) {
    for (size_t i = 0; i < lines.size() && i < head; ++i) keep_line(i);
    for (size_t i = lines.size() > tail ? lines.size() - tail : 0; i < lines.size(); ++i) keep_line(i);
    for (size_t i = 0; i < lines.size(); ++i)
        if (is_error_line(lines[i])) must_keep(i);
}

std::string LineKeep::render(bool trailing_newline, size_t* lines_written) const {
    std::string out;
    size_t written = 0;
    size_t dropped = 0;
    bool first = true;
    auto emit = [&](std::string_view s) {
        if (!first) out += '\n';
        out += s;
        first = false;
    };
    // A dropped run no longer than its marker is cheaper kept: it is written out as it was.
    auto close_run = [&](size_t end) {
        if (!dropped) return;
        const std::string marker = elision_marker(dropped);
        size_t bytes = 0;
        for (size_t j = end - dropped; j < end; ++j) bytes += lines[j].size() + 1;
        if (bytes <= marker.size() + 1)
            for (size_t j = end - dropped; j < end; ++j, ++written) emit(lines[j]);
        else
            emit(marker);
        dropped = 0;
    };
    for (size_t i = 0; i < lines.size(); ++i) {
        if (!keep[i]) { ++dropped; continue; }
        close_run(i);
        emit(replaced[i].empty() ? lines[i] : std::string_view(replaced[i]));
        ++written;
    }
    close_run(lines.size());
    if (lines_written) *lines_written = written;
    if (trailing_newline && !out.empty()) out += '\n';
    return out;
}

}  // namespace bm
