// Secret redaction (SPEC §4): provider key patterns, JWTs, PEM keys, URL credentials, labelled values.
//
// Each secret becomes `[REDACTED:<kind>:<first 8 hex of SHA-256 of the secret>]`, so one secret
// stays linkable without being revealed. There is deliberately no generic "long random string"
// rule: commit hashes, UUIDs, arXiv ids and paths survive. Redaction is idempotent.
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace bm {

struct RedactionCounts {
    std::map<std::string, int64_t> by_kind;
    int64_t total() const;
    void add(const RedactionCounts& other);
};

// Returns `text` with every secret replaced; adds what it replaced to `counts` when given.
std::string redact(std::string_view text, RedactionCounts* counts = nullptr);

// Cheap pre-check: false when `text` cannot contain anything redact() would replace.
bool may_contain_secret(std::string_view text);

// Redacts `json_text`, one JSON record as written (not counted: its decoded content is). Sets
// `*decoded_clean` when nothing was replaced and the text holds no escape that could hide a
// secret (\u, \/, \b, \f): then no string decoded from it — nor a re-serialisation of its
// values, nor a newline-join of its strings — contains anything redact() would replace, so readers
// may skip rescanning them. The redact fuzz target checks this claim on every input it generates.
std::string redact_json_record(std::string_view json_text, bool* decoded_clean);

}  // namespace bm
