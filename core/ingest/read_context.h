// Shared helpers for readers: diagnostics with file/line/field, typed JSON field access, redaction.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ingest/line_reader.h"
#include "ingest/read_result.h"
#include "util/compressed_arena.h"

namespace bm {

using json = nlohmann::json;

// Position of the record being read, for diagnostics.
struct RecordPos {
    int64_t line = 0;
    int64_t offset = -1;
};

class ReadContext {
public:
    ReadContext(ReadResult& out, const ReadOptions& options) : m_out(out), m_options(options) {}

    const ReadOptions& options() const { return m_options; }
    ReadResult& result() { return m_out; }

    void error(RecordPos pos, std::string field, std::string message, std::string hint = {});
    void warning(RecordPos pos, std::string field, std::string message, std::string hint = {});
    // A warning naming the first key `text` holds twice in one object (json::parse keeps the last).
    void warn_duplicate_key(RecordPos pos, std::string_view text);
    // Counted warning for an unknown event/record type, summarised once per type at finish().
    void unknown_type(RecordPos pos, const std::string& type);
    // Emits the per-type summaries of unknown types and compresses the last records kept.
    void finish();

    // Typed access. Absent → nullopt silently; present with the wrong type → error naming `path`.
    std::optional<std::string> str(const json& obj, const char* key, RecordPos pos,
                                   const std::string& path);
    std::optional<int64_t> integer(const json& obj, const char* key, RecordPos pos,
                                   const std::string& path);
    const json* object(const json& obj, const char* key, RecordPos pos, const std::string& path);
    const json* array(const json& obj, const char* key, RecordPos pos, const std::string& path);

    // Redacts and counts (content the engine reads: texts, arguments, results).
    std::string redact_text(std::string_view text);
    // Redacts text from an original record (a quote of it); not counted again (its content was).
    std::string redact_raw(std::string_view text) { return redact(text, nullptr); }
    // Redacts an original record kept for exact recall and keeps it in this read's compressed arena.
    CompressedBytes raw_record(std::string_view text) { return store_raw(redact(text, nullptr)); }
    // Keeps an already redacted original record in this read's compressed arena.
    CompressedBytes store_raw(std::string_view redacted) { return CompressedBytes::in(m_raw_arena, redacted); }

    // Starts a record whose strings are all decoded from `raw`, its original JSON text, and returns
    // the redacted original (empty unless keep_raw). Until end_record(), redact_text() skips
    // rescanning when the record provably holds no secret (see redact_json_record). Use RecordScope.
    std::string begin_record(std::string_view raw);
    void end_record() { m_record_clean = false; }

    // Parses one JSONL line: handles too-long lines, invalid UTF-8 and JSON errors (reported).
    // Returns nullopt for blank or unreadable lines; an unterminated last line is a torn tail.
    std::optional<json> parse_line(const Line& line);

private:
    ReadResult& m_out;
    const ReadOptions& m_options;
    struct Unknown {
        int64_t count = 0;
        RecordPos first;
    };
    std::map<std::string, Unknown> m_unknown;
    int64_t m_redactions_counted = 0;  // redactions already attributed to earlier sessions
    bool m_record_clean = false;       // the current record's decoded strings cannot hold a secret
    // Every message's original record, compressed; messages share it (see CompressedArena).
    std::shared_ptr<CompressedArena> m_raw_arena = std::make_shared<CompressedArena>();

public:
    // Redactions since the previous call (each session of a file gets its own count).
    int64_t take_session_redactions() {
        const int64_t total = m_out.redactions.total();
        const int64_t mine = total - m_redactions_counted;
        m_redactions_counted = total;
        return mine;
    }
};

// The span of one record of a JSONL reader: every redact_text() call inside must be for strings
// decoded from this record's line (nothing from other lines or the session as a whole).
class RecordScope {
public:
    RecordScope(ReadContext& ctx, std::string_view raw) : m_ctx(ctx), m_raw(ctx.begin_record(raw)) {}
    ~RecordScope() { m_ctx.end_record(); }
    RecordScope(const RecordScope&) = delete;
    RecordScope& operator=(const RecordScope&) = delete;
    // The redacted original record, kept compressed (empty unless ReadOptions::keep_raw).
    CompressedBytes take_raw() {
        CompressedBytes kept = m_ctx.store_raw(m_raw);
        std::string().swap(m_raw);
        return kept;
    }

private:
    ReadContext& m_ctx;
    std::string m_raw;
};

// Reads JSON text of a whole-document format; errors name the byte offset.
std::optional<json> parse_document(ReadContext& ctx, std::string_view text);

// nlohmann's error text without the input it quotes (which may be a secret).
std::string describe_json_error(const std::exception& e);

// Text of a JSON value that may be a string, an array of {type,text} parts, or null.
std::string flatten_text(const json& value);

}  // namespace bm
