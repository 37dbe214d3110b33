// A chat harness's failed-call notices written as assistant turns (chat_provider_error.h; session 19, d22chat).
#include "ingest/chat_provider_error.h"

#include <cctype>

#include "util/trim.h"

namespace bm {

namespace {

std::string_view trim_notice(std::string_view line) {
    if (const size_t brace = line.find('{'); brace != std::string_view::npos) line = line.substr(0, brace);
    return trim_right(line, " \t\n\v\f\r:-");
}

// "404" at `at` when it is a 4xx or 5xx status followed by the end of the line or a space.
std::string status_at(std::string_view line, size_t at) {
    if (line.size() < at + 3) return {};
    const std::string_view code = line.substr(at, 3);
    if ((code[0] != '4' && code[0] != '5') || !std::isdigit(static_cast<unsigned char>(code[1])) ||
        !std::isdigit(static_cast<unsigned char>(code[2])))
        return {};
    if (line.size() > at + 3 && line[at + 3] != ' ') return {};
    return std::string(code);
}

}  // namespace

std::string provider_error_notice(std::string_view text, std::string& kind) {
    text = trim_left(text);
    const size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    if (line.size() > 400) return {};
    // A notice is the whole turn, or its first line over the response's body; a model's reply that opens with
    // such a line goes on in prose ("HTTP 500 from the GitHub API:\nThat means the server failed.").
    if (eol != std::string_view::npos) {
        const std::string_view rest = trim_left(text.substr(eol + 1));
        if (!rest.empty() && rest.front() != '{' && rest.rfind("URL:", 0) != 0 && rest.rfind("Response", 0) != 0 &&
            rest.rfind("Body:", 0) != 0)
            return {};
    }
    std::string_view notice;
    if (line.rfind("HTTP ", 0) == 0) {
        const std::string code = status_at(line, 5);
        if (code.empty()) return {};
        const std::string_view rest = line.substr(8);
        if (rest.rfind(" calling ", 0) != 0 && rest.rfind(" from ", 0) != 0) return {};
        notice = trim_notice(line);
        if (notice.size() < 3 || notice.substr(notice.size() - 3) != "API") return {};
        kind = "http_" + code;
    } else if (line.rfind("Error code: ", 0) == 0) {
        const std::string code = status_at(line, 12);
        if (code.empty()) return {};
        notice = trim_notice(line);
        kind = "http_" + code;
    } else if (line.rfind("Error calling LLM: ", 0) == 0) {
        notice = trim_notice(line);
        kind = "llm_call";
    } else {
        return {};
    }
    if (notice.size() > 200) return {};
    return std::string(notice);
}

}  // namespace bm
