// The calibrated token estimator: per-piece charges fitted against cl100k_base (docs/tokens.md).
#include "pack/token_estimator.h"

#include <cstdint>

namespace bm {
namespace {

// Charges are in 1/256 token so sums stay integral; the total is rounded up once at the end, which
// keeps count() subadditive. Fitted by least squares on relative error against cl100k_base over
// session logs, LongMemEval, SNLI and generated mixed text, then scaled by 1.34 so that no document
// of >= 20 tokens is under-counted by more than 1% (scripts/fit_estimator.py, docs/tokens.md).
struct Charges {
    uint32_t word_first = 337;   // an ASCII letter run (with its leading space)
    uint32_t word_span = 6;      // letters covered by each further word charge
    uint32_t word_extra = 68;    // each further word_span letters
    uint32_t case_change = 223;  // each upper/lower case change inside the run (identifiers, random IDs)
    uint32_t digits = 465;       // each group of up to three digits
    uint32_t space_run = 582;    // a whitespace run not absorbed by the next word
    uint32_t newline = 158;      // each newline inside a whitespace run
    uint32_t punct = 128;        // each ASCII punctuation byte
    uint32_t two_byte = 221;     // each 2-byte UTF-8 sequence (Latin extended, Cyrillic, Greek...)
    uint32_t three_byte = 373;   // each 3-byte sequence (CJK, kana, Hangul, symbols)
    uint32_t four_byte = 1369;   // each 4-byte sequence (emoji, rare CJK)
    uint32_t invalid = 768;      // each byte that does not start a valid sequence (becomes U+FFFD)
};
constexpr Charges kCharges{};

bool is_ascii_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
bool is_ascii_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_ascii_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

size_t utf8_length(const unsigned char* p, const unsigned char* end) {
    const unsigned char c = *p;
    size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (n == 0 || static_cast<size_t>(end - p) < n) return 0;
    for (size_t i = 1; i < n; ++i)
        if ((p[i] & 0xC0) != 0x80) return 0;
    return n;
}

class TokenEstimator final : public TokenCounter {
public:
    size_t count(std::string_view text) const override {
        const auto* p = reinterpret_cast<const unsigned char*>(text.data());
        const auto* end = p + text.size();
        uint64_t units = 0;
        while (p < end) {
            const unsigned char c = *p;
            if (is_ascii_letter(c)) {
                const auto* start = p;
                size_t case_changes = 0;
                for (++p; p < end && is_ascii_letter(*p); ++p) case_changes += (*p ^ p[-1]) & 0x20 ? 1 : 0;
                const size_t len = static_cast<size_t>(p - start);
                units += kCharges.word_first + (len - 1) / kCharges.word_span * kCharges.word_extra +
                         case_changes * kCharges.case_change;
            } else if (is_ascii_digit(c)) {
                const auto* start = p;
                while (p < end && is_ascii_digit(*p)) ++p;
                units += (static_cast<size_t>(p - start) + 2) / 3 * kCharges.digits;
            } else if (is_ascii_space(c)) {
                const auto* start = p;
                size_t newlines = 0;
                while (p < end && is_ascii_space(*p)) newlines += *p++ == '\n';
                // A single space before a word is part of the word's token.
                const bool absorbed = p - start == 1 && c == ' ' && p < end && !is_ascii_space(*p);
                if (!absorbed) units += kCharges.space_run + newlines * kCharges.newline;
            } else if (c < 0x80) {
                units += kCharges.punct;
                ++p;
            } else {
                const size_t n = utf8_length(p, end);
                units += n == 2 ? kCharges.two_byte : n == 3 ? kCharges.three_byte
                       : n == 4 ? kCharges.four_byte : kCharges.invalid;
                p += n == 0 ? 1 : n;
            }
        }
        return static_cast<size_t>((units + 255) / 256);
    }
    std::string name() const override { return "estimate:v1"; }
};

}  // namespace

std::unique_ptr<TokenCounter> make_token_estimator() { return std::make_unique<TokenEstimator>(); }

}  // namespace bm
