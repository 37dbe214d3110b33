// Diagnostics, typed field access and line parsing shared by every reader.
#include "ingest/read_context.h"

#include "util/fast_json.h"
#include "util/utf8.h"

namespace bm {

namespace {
const char* type_name(const json& v) {
    switch (v.type()) {
        case json::value_t::null: return "null";
        case json::value_t::boolean: return "boolean";
        case json::value_t::string: return "string";
        case json::value_t::array: return "array";
        case json::value_t::object: return "object";
        case json::value_t::number_float:
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: return "number";
        default: return "value";
    }
}
}  // namespace

// Diagnostics are stored and printed: they must never carry a secret from the input.
void ReadContext::error(RecordPos pos, std::string field, std::string message, std::string hint) {
    if (m_out.errors.size() >= ReadResult::kMaxDiagnostics) {
        ++m_out.errors_dropped;
        return;
    }
    Location where{m_out.file, pos.line, pos.offset, std::move(field)};
    m_out.errors.push_back(Error::invalid_input(redact(message), std::move(where), std::move(hint)));
}

void ReadContext::warning(RecordPos pos, std::string field, std::string message, std::string hint) {
    if (m_out.warnings.size() >= ReadResult::kMaxDiagnostics) {
        ++m_out.warnings_dropped;
        return;
    }
    Location where{m_out.file, pos.line, pos.offset, std::move(field)};
    m_out.warnings.push_back(Error::invalid_input(redact(message), std::move(where), std::move(hint)));
}

std::string describe_json_error(const std::exception& e) {
    // nlohmann quotes the token it was reading ("last read: '...'"): input text, possibly a
    // secret torn mid-way, so it is cut out; the byte offset says where instead.
    std::string what = e.what();
    const size_t last = what.find("; last read: ");
    if (last != std::string::npos) {
        const size_t next = what.find("; ", last + 13);
        what.erase(last, next == std::string::npos ? std::string::npos : next - last);
    }
    const size_t bracket = what.find("] ");
    if (what.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos) what.erase(0, bracket + 2);
    return what;
}

void ReadContext::unknown_type(RecordPos pos, const std::string& type) {
    auto& u = m_unknown[type];
    if (u.count++ == 0) u.first = pos;
}

void ReadContext::finish() {
    for (const auto& [type, u] : m_unknown)
        warning(u.first, "type",
                "unknown record type '" + type + "' skipped (" + std::to_string(u.count) +
                    (u.count == 1 ? " record)" : " records)"),
                "a newer writer may have added it; the rest of the file was read");
    m_unknown.clear();
    m_raw_arena->seal();
}

std::optional<std::string> ReadContext::str(const json& obj, const char* key, RecordPos pos,
                                            const std::string& path) {
    if (!obj.is_object()) return std::nullopt;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) {
        error(pos, path, std::string("expected a string, found ") + type_name(*it));
        return std::nullopt;
    }
    return it->get<std::string>();
}

std::optional<int64_t> ReadContext::integer(const json& obj, const char* key, RecordPos pos,
                                            const std::string& path) {
    if (!obj.is_object()) return std::nullopt;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (it->is_number_integer() || it->is_number_unsigned()) return it->get<int64_t>();
    if (it->is_number_float()) {
        const double d = it->get<double>();
        if (d >= -9.2e18 && d <= 9.2e18) return static_cast<int64_t>(d);
        error(pos, path, "number out of range for an integer");
        return std::nullopt;
    }
    error(pos, path, std::string("expected a number, found ") + type_name(*it));
    return std::nullopt;
}

const json* ReadContext::object(const json& obj, const char* key, RecordPos pos,
                                const std::string& path) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return nullptr;
    if (!it->is_object()) {
        error(pos, path, std::string("expected an object, found ") + type_name(*it));
        return nullptr;
    }
    return &*it;
}

const json* ReadContext::array(const json& obj, const char* key, RecordPos pos,
                               const std::string& path) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return nullptr;
    if (!it->is_array()) {
        error(pos, path, std::string("expected an array, found ") + type_name(*it));
        return nullptr;
    }
    return &*it;
}

std::string ReadContext::redact_text(std::string_view text) {
    if (m_record_clean) return std::string(text);
    return redact(text, &m_out.redactions);
}

std::string ReadContext::begin_record(std::string_view raw) {
    m_record_clean = false;
    if (!m_options.keep_raw) return {};  // rescanning the strings is cheaper than the whole line
    return redact_json_record(raw, &m_record_clean);
}

void ReadContext::warn_duplicate_key(RecordPos pos, std::string_view text) {
    // The fast parser declines duplicates, so valid records without any never get here.
    if (auto key = first_duplicate_key(text))
        warning(pos, redact(*key), "duplicate key \"" + redact(*key) + "\"; the last value is used",
                "the writer emitted the key twice: check the record");
}

std::optional<json> ReadContext::parse_line(const Line& line) {
    RecordPos pos{line.number, line.offset};
    if (line.too_long) {
        error(pos, "", "line is " + std::to_string(line.length) + " bytes, over the " +
                           std::to_string(m_options.max_line_bytes) + "-byte line limit; skipped",
              "split the record or raise the limit (--max-line-bytes)");
        m_out.partial = true;
        return std::nullopt;
    }
    std::string_view text = line.text;
    size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return std::nullopt;  // blank line
    // The fast parser validates UTF-8 inside strings and rejects any byte >= 0x80 outside them, so
    // its success implies the checks below; anything it declines takes the diagnosing path.
    if (auto fast = parse_json_fast(text); fast && fast->is_object()) return fast;
    if (size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
        error(RecordPos{line.number, line.offset + static_cast<int64_t>(bad)}, "",
              "invalid UTF-8 at column " + std::to_string(bad + 1) + "; line skipped",
              "re-save the file as UTF-8");
        m_out.partial = true;
        return std::nullopt;
    }
    if (size_t deep = json_depth_exceeded_at(text); deep != std::string_view::npos) {
        error(RecordPos{line.number, line.offset + static_cast<int64_t>(deep)}, "",
              "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; line skipped",
              "no session record nests this deep: the line is damaged or hostile");
        m_out.partial = true;
        return std::nullopt;
    }
    try {
        json v = json::parse(text);
        if (!v.is_object()) {
            error(pos, "", std::string("expected a JSON object per line, found ") + type_name(v));
            m_out.partial = true;
            return std::nullopt;
        }
        warn_duplicate_key(pos, text);
        return v;
    } catch (const json::out_of_range& e) {
        error(pos, "", "number out of range: " + describe_json_error(e), "fix or remove this line");
        m_out.partial = true;
        return std::nullopt;
    } catch (const json::parse_error& e) {
        RecordPos at{line.number, line.offset + static_cast<int64_t>(e.byte > 0 ? e.byte - 1 : 0)};
        if (line.unterminated) {
            warning(at, "", "last line is truncated (no newline, incomplete JSON); dropped",
                    "the writer was probably interrupted; earlier records were kept");
        } else {
            error(at, "", "not valid JSON: " + describe_json_error(e), "fix or remove this line");
        }
        m_out.partial = true;
        return std::nullopt;
    }
}

std::optional<json> parse_document(ReadContext& ctx, std::string_view text) {
    if (size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
        int64_t line = 1;
        for (size_t i = 0; i < bad; ++i) line += text[i] == '\n';
        ctx.error(RecordPos{line, static_cast<int64_t>(bad)}, "", "invalid UTF-8",
                  "re-save the file as UTF-8");
        return std::nullopt;
    }
    if (size_t deep = json_depth_exceeded_at(text); deep != std::string_view::npos) {
        int64_t line = 1;
        for (size_t i = 0; i < deep; ++i) line += text[i] == '\n';
        ctx.error(RecordPos{line, static_cast<int64_t>(deep)}, "",
                  "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; document refused",
                  "no session log nests this deep: the file is damaged or hostile");
        return std::nullopt;
    }
    if (auto fast = parse_json_fast(text)) return fast;
    try {
        json doc = json::parse(text);
        ctx.warn_duplicate_key(RecordPos{1, 0}, text);
        return doc;
    } catch (const json::out_of_range& e) {
        ctx.error(RecordPos{1, 0}, "", "number out of range: " + describe_json_error(e));
        return std::nullopt;
    } catch (const json::parse_error& e) {
        int64_t line = 1;
        size_t end = std::min<size_t>(e.byte, text.size());
        for (size_t i = 0; i < end; ++i) line += text[i] == '\n';
        ctx.error(RecordPos{line, static_cast<int64_t>(e.byte)}, "",
                  "not valid JSON: " + describe_json_error(e), "the document is truncated or damaged");
        return std::nullopt;
    }
}

std::string flatten_text(const json& value) {
    if (value.is_string()) return value.get<std::string>();
    std::string out;
    if (value.is_array()) {
        for (const auto& part : value) {
            std::string piece;
            if (part.is_string()) piece = part.get<std::string>();
            else if (part.is_object()) {
                auto t = part.find("text");
                if (t != part.end() && t->is_string()) piece = t->get<std::string>();
                else if (auto c = part.find("content"); c != part.end()) piece = flatten_text(*c);
            }
            if (piece.empty()) continue;
            if (!out.empty()) out += "\n";
            out += piece;
        }
    } else if (value.is_object()) {
        auto t = value.find("text");
        if (t != value.end() && t->is_string()) return t->get<std::string>();
        if (auto c = value.find("content"); c != value.end()) return flatten_text(*c);
    }
    return out;
}

}  // namespace bm
