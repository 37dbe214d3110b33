// Formatting of Error and Location for users and logs.
#include "util/result.h"

namespace bm {

std::string Location::to_string() const {
    std::string out = file;
    if (line > 0) out += (out.empty() ? "line " : ":") + std::to_string(line);
    if (byte_offset >= 0) out += " (byte " + std::to_string(byte_offset) + ")";
    if (!field.empty()) out += (out.empty() ? "field " : " field ") + field;
    return out;
}

const char* error_code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::kInvalidInput: return "invalid-input";
        case ErrorCode::kIo: return "io";
        case ErrorCode::kCorruption: return "corruption";
        case ErrorCode::kNotFound: return "not-found";
        case ErrorCode::kUnsupported: return "unsupported";
        case ErrorCode::kVersionTooNew: return "version-too-new";
        case ErrorCode::kProvenanceAsymmetry: return "provenance-asymmetry";
        case ErrorCode::kRefused: return "refused";
        case ErrorCode::kInternal: return "internal";
        case ErrorCode::kCancelled: return "cancelled";
    }
    return "unknown";
}

std::string Error::to_string() const {
    std::string where = m_where.to_string();
    std::string out = where.empty() ? m_message : where + ": " + m_message;
    if (!m_hint.empty()) out += " (" + m_hint + ")";
    return out;
}

}  // namespace bm
