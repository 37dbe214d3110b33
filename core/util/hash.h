// SHA-256 and HMAC-SHA-256 through OpenSSL's EVP interface, with hex helpers.
//
// Thread-safety: stateless functions, safe from any thread. Sha256Stream is single-threaded.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace bm {

using Digest = std::array<uint8_t, 32>;

Digest sha256(std::string_view data);
std::string sha256_hex(std::string_view data);
Digest hmac_sha256(std::string_view key, std::string_view data);
std::string to_hex(const uint8_t* data, size_t size);
inline std::string to_hex(const Digest& d) { return to_hex(d.data(), d.size()); }

// Incremental SHA-256 for data that arrives in pieces (large files).
class Sha256Stream {
public:
    Sha256Stream();
    ~Sha256Stream();
    Sha256Stream(const Sha256Stream&) = delete;
    Sha256Stream& operator=(const Sha256Stream&) = delete;

    void update(std::string_view data);
    // REQUIRES: called once; the stream is spent afterwards.
    Digest finish();

private:
    void* m_ctx;  // EVP_MD_CTX*
};

}  // namespace bm
