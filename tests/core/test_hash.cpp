// SHA-256 and HMAC-SHA-256 against FIPS 180-2 and RFC 4231 vectors.
#include <gtest/gtest.h>

#include "util/hash.h"

namespace bm {
namespace {

TEST(Hash, Sha256KnownVectors) {
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Hash, StreamEqualsOneShot) {
    Sha256Stream s;
    s.update("ab");
    s.update("c");
    EXPECT_EQ(to_hex(s.finish()), sha256_hex("abc"));
}

TEST(Hash, HmacSha256Rfc4231Case2) {
    EXPECT_EQ(to_hex(hmac_sha256("Jefe", "what do ya want for nothing?")),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

}  // namespace
}  // namespace bm
