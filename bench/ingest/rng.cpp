// SplitMix64 and id formatting (uuid v4, provider ids, base64 signatures, ISO timestamps).
#include "rng.h"

#include <cstdio>
#include <ctime>

namespace bm::bench {

uint64_t Rng::next() {
    uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

size_t Rng::spread(size_t median) {
    // 2^(k/8) for k in [-16, 16], in fixed point so no floating-point rounding differs.
    static const uint32_t kPow[17] = {256, 279, 304, 332, 362, 395, 431, 470, 512,
                                      558, 609, 664, 724, 790, 861, 939, 1024};
    int k = static_cast<int>(below(33)) - 16;
    size_t scaled = k >= 0 ? median * kPow[k] / 256 : median * 256 / kPow[-k];
    return scaled == 0 ? 1 : scaled;
}

std::string uuid_v4(Rng& rng) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(36);
    uint64_t a = rng.next(), b = rng.next();
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20) out += '-';
        uint64_t word = i < 16 ? a : b;
        int nibble = static_cast<int>((word >> ((i % 16) * 4)) & 0xF);
        if (i == 12) nibble = 4;                 // version 4
        if (i == 16) nibble = 8 | (nibble & 3);  // RFC 4122 variant
        out += hex[nibble];
    }
    return out;
}

std::string alnum(Rng& rng, size_t n) {
    static const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string out(n, ' ');
    for (auto& c : out) c = chars[rng.below(62)];
    return out;
}

std::string base64(Rng& rng, size_t n) {
    static const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out(n, ' ');
    for (auto& c : out) c = chars[rng.below(64)];
    return out;
}

std::string iso_time(int64_t epoch_ms) {
    std::time_t secs = static_cast<std::time_t>(epoch_ms / 1000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[40];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    std::string out = buf;
    char ms[8];
    std::snprintf(ms, sizeof ms, ".%03dZ", static_cast<int>(epoch_ms % 1000));
    return out + ms;
}

}  // namespace bm::bench
