// canon(): composition of common combining accents, simple case folding, whitespace and
// punctuation trimming, for the claim key.
#include "meld/canon.h"

#include <cstdint>
#include <vector>

#include "util/utf8.h"

namespace bm::meld {

namespace {

std::vector<char32_t> decode(std::string_view s) {
    std::vector<char32_t> out;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
        char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
        for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out.push_back(cp);
        i += static_cast<size_t>(len);
    }
    return out;
}

// Latin-1 precomposed letters by (base, combining mark); enough for Western European text.
char32_t compose(char32_t base, char32_t mark) {
    static const char* const kBases = "AEIOUaeiou";
    static const char32_t kGrave[] = {0xC0, 0xC8, 0xCC, 0xD2, 0xD9, 0xE0, 0xE8, 0xEC, 0xF2, 0xF9};
    static const char32_t kAcute[] = {0xC1, 0xC9, 0xCD, 0xD3, 0xDA, 0xE1, 0xE9, 0xED, 0xF3, 0xFA};
    static const char32_t kCirc[] = {0xC2, 0xCA, 0xCE, 0xD4, 0xDB, 0xE2, 0xEA, 0xEE, 0xF4, 0xFB};
    static const char32_t kDiaer[] = {0xC4, 0xCB, 0xCF, 0xD6, 0xDC, 0xE4, 0xEB, 0xEF, 0xF6, 0xFC};
    for (int i = 0; i < 10; ++i) {
        if (static_cast<char32_t>(kBases[i]) != base) continue;
        switch (mark) {
            case 0x300: return kGrave[i];
            case 0x301: return kAcute[i];
            case 0x302: return kCirc[i];
            case 0x308: return kDiaer[i];
            default: break;
        }
    }
    if (mark == 0x303) {
        if (base == 'N') return 0xD1;
        if (base == 'n') return 0xF1;
        if (base == 'A') return 0xC3;
        if (base == 'a') return 0xE3;
        if (base == 'O') return 0xD5;
        if (base == 'o') return 0xF5;
    }
    if (mark == 0x327 && (base == 'C' || base == 'c')) return base == 'C' ? 0xC7 : 0xE7;
    if (mark == 0x30A && (base == 'A' || base == 'a')) return base == 'A' ? 0xC5 : 0xE5;
    return 0;
}

char32_t fold(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149) {
        const bool odd_lower = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        if (odd_lower) return (c % 2 == 1) ? c + 1 : c;
        return (c % 2 == 0) ? c + 1 : c;
    }
    if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;  // Greek
    if (c == 0x3C2) return 0x3C3;                               // final sigma
    if (c >= 0x410 && c <= 0x42F) return c + 32;                // Cyrillic
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    return c;
}

bool is_space(char32_t c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xA0 ||
           c == 0x2028 || c == 0x2029 || c == 0x3000 || (c >= 0x2000 && c <= 0x200A);
}

bool is_punct(char32_t c) {
    if (c < 0x80) return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
    return (c >= 0x2010 && c <= 0x2027) || c == 0xA1 || c == 0xBF || c == 0xAB || c == 0xBB || c == 0x3002;
}

}  // namespace

std::string canon_text(std::string_view text) {
    const std::string valid = is_valid_utf8(text) ? std::string(text) : repair_utf8(text);
    std::vector<char32_t> cps = decode(valid);
    // Compose, fold, collapse whitespace.
    std::vector<char32_t> out;
    out.reserve(cps.size());
    bool pending_space = false;
    for (char32_t c : cps) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (c >= 0x300 && c <= 0x36F && !out.empty() && !pending_space) {
            if (char32_t composed = compose(out.back(), c); composed != 0) {
                out.back() = fold(composed);
                continue;
            }
        }
        if (pending_space) out.push_back(' ');
        pending_space = false;
        out.push_back(fold(c));
    }
    size_t begin = 0, end = out.size();
    while (begin < end && (is_punct(out[begin]) || out[begin] == ' ')) ++begin;
    while (end > begin && (is_punct(out[end - 1]) || out[end - 1] == ' ')) --end;
    std::string result;
    for (size_t i = begin; i < end; ++i) append_utf8(result, out[i]);
    return result;
}

}  // namespace bm::meld
