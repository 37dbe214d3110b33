// Single-pass secret scanner: candidate positions by first byte, then per-rule matchers.
#include <algorithm>
#include "redact/redactor.h"

#include <array>
#include <cstdint>
#include <cctype>
#include <optional>
#include <vector>

#include "util/hash.h"

namespace bm {

int64_t RedactionCounts::total() const {
    int64_t n = 0;
    for (const auto& [k, v] : by_kind) n += v;
    return n;
}

void RedactionCounts::add(const RedactionCounts& other) {
    for (const auto& [k, v] : other.by_kind) by_kind[k] += v;
}

namespace {

struct Match {
    size_t start;   // first byte replaced
    size_t end;     // one past the last byte replaced
    const char* kind;
};

// Byte classes as compile-time tables: the scanner runs over every byte of every log.
enum : unsigned char { kAlpha = 1, kDigit = 2, kKeyPunct = 4 };
constexpr std::array<unsigned char, 256> kClass = [] {
    std::array<unsigned char, 256> t{};
    for (int c = 0; c < 256; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) t[c] = kAlpha;
        if (c >= '0' && c <= '9') t[c] = kDigit;
        if (c == '-' || c == '_') t[c] = kKeyPunct;
    }
    return t;
}();
constexpr std::array<unsigned char, 256> kLower = [] {
    std::array<unsigned char, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return t;
}();
inline bool is_alpha_byte(unsigned char c) { return kClass[c] & kAlpha; }
inline bool is_alnum(char c) { return kClass[static_cast<unsigned char>(c)] & (kAlpha | kDigit); }
inline bool is_b64url(char c) { return kClass[static_cast<unsigned char>(c)] != 0; }
inline bool is_key_char(char c) { return kClass[static_cast<unsigned char>(c)] != 0; }
inline unsigned char lower(char c) { return kLower[static_cast<unsigned char>(c)]; }
bool starts_with_at(std::string_view t, size_t i, std::string_view p) {
    return t.size() - i >= p.size() && t.compare(i, p.size(), p) == 0;
}
bool starts_with_at_ci(std::string_view t, size_t i, std::string_view p) {
    if (t.size() - i < p.size()) return false;
    for (size_t k = 0; k < p.size(); ++k)
        if (lower(t[i + k]) != static_cast<unsigned char>(p[k])) return false;
    return true;
}
// A token must not continue a word on its left ("task-" is not "sk-"). In JSON text (tool
// arguments, original records) an escape such as "\n" ends the previous word too.
inline bool left_boundary(std::string_view t, size_t i) {
    if (i == 0 || !is_key_char(t[i - 1])) return true;
    return i >= 2 && t[i - 2] == '\\' && (t[i - 1] == 'n' || t[i - 1] == 'r' || t[i - 1] == 't');
}

size_t span(std::string_view t, size_t i, bool (*pred)(char)) {
    size_t j = i;
    while (j < t.size() && pred(t[j])) ++j;
    return j - i;
}

// prefix + at least `min_len` body chars from `pred`; returns the end.
std::optional<size_t> token(std::string_view t, size_t i, std::string_view prefix, bool (*pred)(char),
                            size_t min_len, size_t max_len = SIZE_MAX) {
    if (!starts_with_at(t, i, prefix)) return std::nullopt;
    size_t n = span(t, i + prefix.size(), pred);
    if (n < min_len || n > max_len) return std::nullopt;
    return i + prefix.size() + n;
}

std::optional<Match> match_provider(std::string_view t, size_t i) {
    if (!left_boundary(t, i)) return std::nullopt;
    const char c = t[i];
    std::optional<size_t> e;
    if (c == 's') {
        if ((e = token(t, i, "sk-ant-", is_key_char, 20))) return Match{i, *e, "anthropic"};
        if ((e = token(t, i, "sk-proj-", is_key_char, 20))) return Match{i, *e, "openai"};
        for (auto p : {"sk_live_", "sk_test_"})
            if ((e = token(t, i, p, is_alnum, 16))) return Match{i, *e, "stripe"};
        if ((e = token(t, i, "sk-", is_key_char, 20))) return Match{i, *e, "openai"};
    } else if (c == 'p' || c == 'r') {
        for (auto p : {"pk_live_", "pk_test_", "rk_live_", "rk_test_"})
            if ((e = token(t, i, p, is_alnum, 16))) return Match{i, *e, "stripe"};
    } else if (c == 'A') {
        if ((e = token(t, i, "AIza", is_b64url, 35, 35))) return Match{i, *e, "google"};
        for (auto p : {"AKIA", "ASIA"}) {
            auto upper_digit = [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) ||
                                                    std::isdigit(static_cast<unsigned char>(ch)); };
            if (starts_with_at(t, i, p)) {
                size_t j = i + 4, n = 0;
                while (j < t.size() && upper_digit(t[j])) ++j, ++n;
                if (n == 16 && (j == t.size() || !is_alnum(t[j]))) return Match{i, j, "aws"};
            }
        }
    } else if (c == 'g') {
        for (auto p : {"ghp_", "gho_", "ghu_", "ghs_", "ghr_"})
            if ((e = token(t, i, p, is_alnum, 36))) return Match{i, *e, "github"};
        if ((e = token(t, i, "github_pat_", is_key_char, 22))) return Match{i, *e, "github"};
    } else if (c == 'h') {
        if ((e = token(t, i, "hf_", is_alnum, 30))) return Match{i, *e, "huggingface"};
    } else if (c == 'x') {
        for (auto p : {"xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-"})
            if ((e = token(t, i, p, [](char ch) { return is_alnum(ch) || ch == '-'; }, 10)))
                return Match{i, *e, "slack"};
    } else if (c == 'n') {
        if ((e = token(t, i, "npm_", is_alnum, 36))) return Match{i, *e, "npm"};
    } else if (c == 'e') {
        // JWT: three base64url segments, the header starting with eyJ ('{"').
        if (starts_with_at(t, i, "eyJ")) {
            size_t j = i;
            int segments = 0;
            while (segments < 3) {
                size_t n = span(t, j, is_b64url);
                if (n < 5) break;
                j += n;
                ++segments;
                if (segments < 3) {
                    if (j >= t.size() || t[j] != '.') break;
                    ++j;
                }
            }
            if (segments == 3) return Match{i, j, "jwt"};
        }
    }
    return std::nullopt;
}

std::optional<Match> match_pem(std::string_view t, size_t i) {
    if (!starts_with_at(t, i, "-----BEGIN ")) return std::nullopt;
    // The label is local ("RSA PRIVATE KEY"): a header never reaches across other text, so whether
    // it matches cannot depend on what other rules replace (idempotence).
    size_t head_end = i + 11;
    while (head_end < t.size() && head_end - i < 11 + 48 &&
           (std::isupper(static_cast<unsigned char>(t[head_end])) || t[head_end] == ' '))
        ++head_end;
    if (!starts_with_at(t, head_end, "-----")) return std::nullopt;
    std::string_view label = t.substr(i + 11, head_end - (i + 11));
    if (label.size() < 11 || label.substr(label.size() - 11) != "PRIVATE KEY") return std::nullopt;
    size_t end = t.find("-----END ", head_end + 5);
    if (end == std::string_view::npos) return Match{i, t.size(), "private-key"};  // torn block
    size_t close = t.find("-----", end + 9);
    return Match{i, close == std::string_view::npos ? t.size() : close + 5, "private-key"};
}

// scheme://user:password@host — replaces "user:password".
std::optional<Match> match_url_credentials(std::string_view t, size_t i) {
    if (!starts_with_at(t, i, "://")) return std::nullopt;
    if (i == 0 || !std::isalpha(static_cast<unsigned char>(t[i - 1]))) return std::nullopt;
    size_t start = i + 3, j = start;
    auto userinfo = [](char ch) {
        return !std::isspace(static_cast<unsigned char>(ch)) && ch != '/' && ch != '@' &&
               ch != '"' && ch != '\'' && ch != '\\' && ch != '<' && ch != '>';
    };
    size_t colon = std::string_view::npos;
    while (j < t.size() && userinfo(t[j])) {
        if (t[j] == ':' && colon == std::string_view::npos) colon = j;
        ++j;
    }
    if (j >= t.size() || t[j] != '@' || colon == std::string_view::npos) return std::nullopt;
    if (colon + 1 == j) return std::nullopt;  // needs a password (the user may be empty: redis://:pw@)
    if (t.substr(start, j - start).find("[REDACTED:") != std::string_view::npos) return std::nullopt;
    return Match{start, j, "url-credentials"};
}

bool is_placeholder(std::string_view v) {
    if (v.empty() || v[0] == '<' || v[0] == '[' || v[0] == '{' || v[0] == '$') return true;
    std::string lower;
    for (char c : v) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find_first_not_of("x*.-_") == std::string::npos) return true;
    for (auto w : {"your-", "your_", "yourkey", "example", "placeholder", "changeme", "redacted",
                   "xxxx", "dummy"})
        if (lower.find(w) != std::string::npos) return true;
    return false;
}

// Passwords are short: after a password label, 8+ characters with a digit, a symbol or an uppercase
// letter past the first count ("DB_PASSWORD=Tr0ub4dor-and-3"); a word ("password: Required",
// "password: auto-generated") does not. Every other label needs 16+ characters ("token: none" stays).
size_t min_secret_length(std::string_view label, std::string_view value) {
    const bool password_label = label == "password" || label == "passwd" || label == "\xE5\xAF\x86\xE7\xA0\x81";
    if (!password_label) return 16;
    bool mixed = false;
    for (size_t k = 0; k < value.size() && !mixed; ++k) {
        const auto c = static_cast<unsigned char>(value[k]);
        mixed = std::isdigit(c) || (k > 0 && std::isupper(c)) ||
                (std::ispunct(c) && c != '.' && c != '-' && c != '_');
    }
    return mixed ? 8 : 16;
}

// Labels that introduce a secret value: api_key=…, token: …, password=…, 密钥：…
std::optional<Match> match_labelled(std::string_view t, size_t i) {
    static const std::array<std::string_view, 16> labels = {
        "api_key", "api-key", "apikey", "access_token", "auth_token", "client_secret",
        "secret_access_key", "access_key", "secret_key", "secret", "token", "password", "passwd", "\xE5\xAF\x86\xE9\x92\xA5" /*密钥*/,
        "\xE5\xAF\x86\xE7\xA0\x81" /*密码*/, "bearer"};
    const unsigned char lower_first = lower(t[i]);
    for (std::string_view label : labels) {
        if (static_cast<unsigned char>(label[0]) != lower_first || !starts_with_at_ci(t, i, label)) continue;
        const bool is_bearer = label == "bearer";
        // A label may end a compound name: AWS_SECRET_ACCESS_KEY=, DB_PASSWORD=, x-api-key:.
        if (static_cast<unsigned char>(label[0]) < 0x80 && !left_boundary(t, i) && t[i - 1] != '_' && t[i - 1] != '-')
            return std::nullopt;
        size_t j = i + label.size();
        if (is_bearer) {
            if (j >= t.size() || t[j] != ' ') return std::nullopt;
            while (j < t.size() && t[j] == ' ') ++j;
        } else {
            if (j < t.size() && is_key_char(t[j]) && static_cast<unsigned char>(label[0]) < 0x80)
                return std::nullopt;  // "tokens", "token_budget"
            auto skip = [&] {
                while (j < t.size() && (t[j] == ' ' || t[j] == '"' || t[j] == '\'' || t[j] == '\\'))
                    ++j;
            };
            skip();
            if (starts_with_at(t, j, "\xEF\xBC\x9A")) j += 3;  // full-width colon
            else if (j < t.size() && (t[j] == '=' || t[j] == ':')) ++j;
            else return std::nullopt;
            skip();
        }
        auto value_char = [](char ch) {
            return !std::isspace(static_cast<unsigned char>(ch)) && ch != '"' && ch != '\'' &&
                   ch != '`' && ch != ',' && ch != ';' && ch != '<' && ch != '>' && ch != '\\' &&
                   ch != ')' && ch != '}' && ch != ']';
        };
        size_t start = j;
        while (j < t.size() && value_char(t[j])) ++j;
        std::string_view value = t.substr(start, j - start);
        if (value.size() < min_secret_length(label, value) || is_placeholder(value)) return std::nullopt;
        return Match{start, j, is_bearer ? "bearer" : "labelled-secret"};
    }
    return std::nullopt;
}

const std::array<bool, 256>& candidate_bytes() {
    static const std::array<bool, 256> table = [] {
        std::array<bool, 256> t{};
        for (unsigned char c : std::string_view("spPSrAgGhxne-:aAtTcCbB"))
            t[c] = true;
        t[0xE5] = true;  // 密
        return t;
    }();
    return table;
}

// The first two bytes of every rule (labels in any case): a cheap filter before the matchers.
using PrefixTable = std::array<uint8_t, 1 << 16>;
const PrefixTable& rule_prefixes() {
    static const PrefixTable table = [] {
        PrefixTable t{};
        auto add = [&](unsigned char a, unsigned char b) { t[(a << 8) | b] = 1; };
        for (const char* p : {"sk", "pk", "rk", "AI", "AK", "AS", "gh", "gi", "hf", "xo", "np", "ey", "--"})
            add(static_cast<unsigned char>(p[0]), static_cast<unsigned char>(p[1]));
        for (const char* p : {"ap", "ac", "au", "cl", "se", "to", "pa", "be"})
            for (int a = 0; a < 2; ++a)
                for (int b = 0; b < 2; ++b)
                    add(static_cast<unsigned char>(a ? p[0] - 32 : p[0]), static_cast<unsigned char>(b ? p[1] - 32 : p[1]));
        return t;
    }();
    return table;
}

// Dispatch on the first byte: each rule can only start at its own kind of byte.
std::optional<Match> match_at(std::string_view t, size_t i) {
    const char c = t[i];
    if (c == '-') return match_pem(t, i);
    if (c == ':') return match_url_credentials(t, i);
    if (static_cast<unsigned char>(c) >= 0x80) return match_labelled(t, i);
    if (auto m = match_provider(t, i)) return m;
    return match_labelled(t, i);
}

}  // namespace

bool may_contain_secret(std::string_view text) {
    // The shortest secret any rule accepts ("a://:pw@" credentials aside) is longer than 8 bytes.
    return text.size() >= 8;
}

std::string redact(std::string_view text, RedactionCounts* counts) {
    if (!may_contain_secret(text)) return std::string(text);
    const auto& table = candidate_bytes();
    const PrefixTable& prefixes = rule_prefixes();
    std::string out;
    size_t copied = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (!table[c]) continue;
        // Rules see the text from the end of the previous replacement on, as a second pass would
        // see it after the placeholder's ']': that keeps redaction idempotent.
        const std::string_view rest = text.substr(copied);
        const size_t at = i - copied;
        // Every rule starting with an ASCII letter needs a word start ("task-" is not "sk-").
        if (is_alpha_byte(c)) {
            if (i + 1 >= text.size() || !prefixes[(c << 8) | static_cast<unsigned char>(text[i + 1])]) continue;
            if (!left_boundary(rest, at) && rest[at - 1] != '_' && rest[at - 1] != '-') continue;
        }
        auto m = match_at(rest, at);
        if (!m) continue;
        m->start += copied;
        m->end += copied;
        std::string_view secret = text.substr(m->start, m->end - m->start);
        if (out.empty()) out.reserve(text.size());
        out.append(text.substr(copied, m->start - copied));
        out += "[REDACTED:";
        out += m->kind;
        out += ':';
        out += sha256_hex(secret).substr(0, 8);
        out += ']';
        copied = m->end;
        i = m->end - 1;
        if (counts) counts->by_kind[m->kind] += 1;
    }
    if (copied == 0) return std::string(text);
    out.append(text.substr(copied));
    return out;
}

std::string redact_json_record(std::string_view json_text, bool* decoded_clean) {
    RedactionCounts found;
    std::string out = redact(json_text, &found);
    bool clean = found.total() == 0;
    for (size_t i = json_text.find('\\'); clean && i != std::string_view::npos; i = json_text.find('\\', i + 2)) {
        const char next = i + 1 < json_text.size() ? json_text[i + 1] : '\0';
        if (next == 'u' || next == '/' || next == 'b' || next == 'f') clean = false;
    }
    *decoded_clean = clean;
    return out;
}

}  // namespace bm
