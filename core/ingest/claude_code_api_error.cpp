// Claude Code's synthetic API-error notices (claude_code_api_error.h; session 18, x20agent).
#include "ingest/claude_code_api_error.h"

namespace bm {

bool is_claude_code_api_error(const nlohmann::json& line, std::string_view model) {
    if (auto e = line.find("isApiErrorMessage"); e != line.end() && e->is_boolean() && e->get<bool>()) return true;
    if (model != "<synthetic>") return false;
    const auto e = line.find("error");
    return e != line.end() && e->is_string() && !e->get<std::string>().empty();
}

std::string api_error_notice(std::string_view text) {
    std::string_view notice = text.substr(0, text.find('\n'));
    // The raw response body Claude Code appends after " · " (or, for "API Error: NNN {…}", after a space).
    if (const size_t at = notice.find(" · {"); at != std::string_view::npos) notice = notice.substr(0, at);
    else if (notice.rfind("API Error: ", 0) == 0)
        if (const size_t brace = notice.find(" {"); brace != std::string_view::npos) notice = notice.substr(0, brace);
    while (!notice.empty() && (notice.back() == ' ' || notice.back() == '\r')) notice.remove_suffix(1);
    return std::string(notice);
}

}  // namespace bm
