// Result<T> and Error: the engine's error values, carrying where (file:line:field) and what to do.
//
// Fallible core functions return Result<T> instead of throwing; exceptions are reserved for
// programmer errors. Error is a small value type with named constructors and predicates in the
// style of LevelDB's Status. Thread-safety: plain values, safe to copy between threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace bm {

enum class ErrorCode {
    kInvalidInput,         // the user's input is malformed (bad file, bad argument)
    kIo,                   // the operating system refused a read or write
    kCorruption,           // stored data fails its own checks
    kNotFound,             // a named thing does not exist
    kUnsupported,          // a format or feature this build does not handle
    kVersionTooNew,        // data written by a newer BeliefMerge
    kProvenanceAsymmetry,  // a supersede across the provenance-rank boundary
    kRefused,              // an operation refused by policy (immutability, invariants)
    kInternal,             // a bug: an invariant of our own code was broken
    kCancelled,            // the caller asked the work to stop before it finished
};

// Where a problem is: a file, a 1-based line (0 = not line-based), a byte offset, a field path.
struct Location {
    Location() = default;
    Location(std::string file_, int64_t line_ = 0, int64_t byte_offset_ = -1, std::string field_ = {})
        : file(std::move(file_)), line(line_), byte_offset(byte_offset_), field(std::move(field_)) {}

    std::string file;
    int64_t line = 0;
    int64_t byte_offset = -1;
    std::string field;

    // "file:line (byte N) field F"; empty parts are omitted.
    std::string to_string() const;
};

class Error {
public:
    Error() = default;
    Error(ErrorCode code, std::string message, Location where = {}, std::string hint = {})
        : m_code(code), m_message(std::move(message)), m_where(std::move(where)),
          m_hint(std::move(hint)) {}

    static Error invalid_input(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kInvalidInput, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error io(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kIo, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error corruption(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kCorruption, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error not_found(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kNotFound, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error unsupported(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kUnsupported, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error version_too_new(std::string msg, Location where = {}, std::string hint = {}) {
        return {ErrorCode::kVersionTooNew, std::move(msg), std::move(where), std::move(hint)};
    }
    static Error refused(std::string msg, std::string hint = {}) {
        return {ErrorCode::kRefused, std::move(msg), {}, std::move(hint)};
    }
    static Error internal(std::string msg) { return {ErrorCode::kInternal, std::move(msg)}; }
    static Error cancelled(std::string msg) { return {ErrorCode::kCancelled, std::move(msg)}; }

    ErrorCode code() const { return m_code; }
    const std::string& message() const { return m_message; }
    const Location& where() const { return m_where; }
    const std::string& hint() const { return m_hint; }

    bool is_invalid_input() const { return m_code == ErrorCode::kInvalidInput; }
    bool is_io() const { return m_code == ErrorCode::kIo; }
    bool is_corruption() const { return m_code == ErrorCode::kCorruption; }
    bool is_version_too_new() const { return m_code == ErrorCode::kVersionTooNew; }
    bool is_cancelled() const { return m_code == ErrorCode::kCancelled; }

    // "file:line field: message (hint)" — the form shown to users.
    std::string to_string() const;

private:
    ErrorCode m_code = ErrorCode::kInternal;
    std::string m_message;
    Location m_where;
    std::string m_hint;
};

const char* error_code_name(ErrorCode code);

// Either a T or an Error. REQUIRES: value() only when ok(), error() only when !ok().
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_state); }
    const T& value() const& { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    const Error& error() const { return std::get<Error>(m_state); }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Error> m_state;
};

// Result of an operation with no value.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)) {}
    static Status ok_status() { return {}; }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

}  // namespace bm
