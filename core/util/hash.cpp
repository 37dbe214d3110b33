// OpenSSL EVP-backed SHA-256 and HMAC-SHA-256.
#include "util/hash.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace bm {

Digest sha256(std::string_view data) {
    Sha256Stream s;
    s.update(data);
    return s.finish();
}

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

Digest hmac_sha256(std::string_view key, std::string_view data) {
    Digest out{};
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
              reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &len) ||
        len != out.size()) {
        throw std::runtime_error("HMAC-SHA-256 failed in OpenSSL");
    }
    return out;
}

std::string to_hex(const uint8_t* data, size_t size) {
    static const char* digits = "0123456789abcdef";
    std::string out(size * 2, '0');
    for (size_t i = 0; i < size; ++i) {
        out[2 * i] = digits[data[i] >> 4];
        out[2 * i + 1] = digits[data[i] & 0xF];
    }
    return out;
}

Sha256Stream::Sha256Stream() : m_ctx(EVP_MD_CTX_new()) {
    if (!m_ctx || !EVP_DigestInit_ex(static_cast<EVP_MD_CTX*>(m_ctx), EVP_sha256(), nullptr))
        throw std::runtime_error("SHA-256 init failed in OpenSSL");
}

Sha256Stream::~Sha256Stream() { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(m_ctx)); }

void Sha256Stream::update(std::string_view data) {
    EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(m_ctx), data.data(), data.size());
}

Digest Sha256Stream::finish() {
    Digest out{};
    unsigned int len = 0;
    EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(m_ctx), out.data(), &len);
    return out;
}

}  // namespace bm
