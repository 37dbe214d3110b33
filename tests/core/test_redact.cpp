// Redaction (SPEC §4): every provider pattern is replaced, must-keep look-alikes survive.
#include <gtest/gtest.h>

#include "redact/redactor.h"
#include "util/hash.h"

namespace bm {
namespace {

struct Case {
    const char* kind;
    std::string secret;
};

// Secrets are assembled from pieces so this file itself does not look like a leaked key.
std::vector<Case> provider_cases() {
    const std::string body40 = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0";
    return {
        {"openai", "sk-" + body40},
        {"openai", "sk-proj-" + body40},
        {"anthropic", "sk-ant-api03-" + body40},
        {"google", "AIza" + std::string("SyD-abcdefghijklmnopqrstuvwxyz01234")},
        {"github", "ghp_" + body40.substr(0, 36)},
        {"github", "gho_" + body40.substr(0, 36)},
        {"github", "ghu_" + body40.substr(0, 36)},
        {"github", "ghs_" + body40.substr(0, 36)},
        {"github", "ghr_" + body40.substr(0, 36)},
        {"github", "github_pat_" + std::string("11ABCDEFG0123456789_abcdefghijklmnop")},
        {"huggingface", "hf_" + body40.substr(0, 34)},
        {"aws", "AKIA" + std::string("IOSFODNN7EXAMPLE")},
        {"slack", "xoxb-" + std::string("123456789012-1234567890123-abcdefABCDEF")},
        {"stripe", "sk_live_" + body40.substr(0, 24)},
        {"stripe", "pk_test_" + body40.substr(0, 24)},
        {"npm", "npm_" + body40.substr(0, 36)},
        {"jwt", "eyJ" + std::string("hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")},
    };
}

TEST(Redact, EveryProviderPatternIsReplacedWithLinkablePlaceholder) {
    for (const auto& c : provider_cases()) {
        const std::string text = "before " + c.secret + " after";
        RedactionCounts counts;
        const std::string out = redact(text, &counts);
        const std::string expected = "before [REDACTED:" + std::string(c.kind) + ":" +
                                     sha256_hex(c.secret).substr(0, 8) + "] after";
        EXPECT_EQ(out, expected) << c.secret;
        EXPECT_EQ(counts.by_kind[c.kind], 1) << c.secret;
    }
}

TEST(Redact, PemPrivateKeyBlock) {
    const std::string pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----";
    const std::string out = redact("key:\n" + pem + "\ndone");
    EXPECT_EQ(out, "key:\n[REDACTED:private-key:" + sha256_hex(pem).substr(0, 8) + "]\ndone");
    // A public key block is not a secret.
    const std::string pub = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqh\n-----END PUBLIC KEY-----";
    EXPECT_EQ(redact(pub), pub);
}

TEST(Redact, UrlCredentialsKeepSchemeAndHost) {
    const std::string out = redact("clone https://alice:s3cr3tpassw0rd@git.example.com/repo.git");
    EXPECT_EQ(out, "clone https://[REDACTED:url-credentials:" + sha256_hex("alice:s3cr3tpassw0rd").substr(0, 8) +
                       "]@git.example.com/repo.git");
    EXPECT_EQ(redact("mail bob@example.com or https://example.com/a@b"), "mail bob@example.com or https://example.com/a@b");
}

TEST(Redact, LabelledValues) {
    const std::string v = "Zq8vN2mK4pR7tW1xY5bC";
    for (std::string label : {"api_key=", "API_KEY: ", "token: ", "password=", "\"password\": \"",
                              "\xE5\xAF\x86\xE9\x92\xA5\xEF\xBC\x9A", "\xE5\xAF\x86\xE7\xA0\x81=", "Authorization: Bearer "}) {
        RedactionCounts counts;
        const std::string out = redact(label + v, &counts);
        EXPECT_EQ(counts.total(), 1) << label;
        EXPECT_EQ(out.find(v), std::string::npos) << label;
        EXPECT_NE(out.find("[REDACTED:"), std::string::npos) << label;
    }
}

TEST(Redact, ShortPasswordsAfterAPasswordLabel) {
    for (std::string text : {"ORDERS_DB_PASSWORD=Tr0ub4dor-and-3", "password: hunter22", "passwd=Secret!x",
                             "\xE5\xAF\x86\xE7\xA0\x81\xEF\xBC\x9A" "Ab3d5f7h"}) {
        RedactionCounts counts;
        const std::string out = redact(text, &counts);
        EXPECT_EQ(counts.total(), 1) << text;
        EXPECT_NE(out.find("[REDACTED:labelled-secret"), std::string::npos) << out;
        EXPECT_EQ(redact(out), out) << "idempotent: " << out;
    }
    // Too short, a plain lowercase word, or not a password label: kept.
    for (std::string text : {"password: hunter2", "password: required", "the password=changeme now",
                             "Password: Required", "password: auto-generated", "token: Ab3d5f7h9"})
        EXPECT_EQ(redact(text), text) << text;
}

TEST(Redact, MustKeepCasesSurvive) {
    const std::vector<std::string> keep = {
        "commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904 fixed it",  // 40-hex commit
        "id 123e4567-e89b-12d3-a456-426614174000",                   // UUID
        "see arXiv:2401.12345v2 and https://arxiv.org/abs/2401.12345",  // arXiv
        "/home/user/projects/belief-merge/src/very_long_file_name_here.cpp",  // path
        "The token budget is 1200.",
        "api_key=<your-api-key-goes-here-please>",  // placeholder
        "password=xxxxxxxxxxxxxxxxxxxx",            // placeholder
        "token: your-token-here-1234567890",        // placeholder
        "tokens: 1234567890123456789",              // not the label
        "ask-me-anything-about-this-long-string",   // "sk-" inside a word
        "the desk-lamp-is-a-very-long-token-name",  // "sk-" inside a word
    };
    for (const auto& text : keep) EXPECT_EQ(redact(text), text) << text;
}

TEST(Redact, SeesThroughJsonEscapesInRawRecords) {
    // Inside JSON text a newline is the two bytes "\\n": the letter must not glue onto the secret.
    const std::string key = std::string("sk-proj-") + "A1b2C3d4E5f6G7h8I9j0K1l2";
    const std::string raw = "{\"content\":\"line one\\n" + key + "\\npassword: Zq8vN2mK4pR7tW1xY5bC\\tend\"}";
    RedactionCounts counts;
    const std::string out = redact(raw, &counts);
    EXPECT_EQ(counts.total(), 2) << out;
    EXPECT_EQ(out.find(key), std::string::npos);
    EXPECT_EQ(out.find("Zq8vN2mK4pR7tW1xY5bC"), std::string::npos);
    EXPECT_NE(out.find("[REDACTED:openai:" + sha256_hex(key).substr(0, 8) + "]"), std::string::npos);
}

TEST(Redact, CompoundLabelsAndPasswordOnlyUrls) {
    const std::string v = "Zq8vN2mK4pR7tW1xY5bC";
    for (std::string text : {"AWS_SECRET_ACCESS_KEY=" + v, "DB_PASSWORD=" + v, "GITHUB_TOKEN=" + v,
                             "x-api-key: " + v, "redis://:" + v + "@cache:6379/0"}) {
        const std::string out = redact(text);
        EXPECT_EQ(out.find(v), std::string::npos) << text;
        EXPECT_EQ(redact(out), out) << text;  // idempotent
    }
    EXPECT_EQ(redact("task_token_budget=1200000000000000000"), "task_token_budget=1200000000000000000");
}

TEST(Redact, IsIdempotent) {
    const std::string text = "k=sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2 and password=Zq8vN2mK4pR7tW1xY5bC "
                             "https://bob:s3cr3tpassw0rd@git.example.com";
    const std::string once = redact(text);
    EXPECT_NE(once, text);
    EXPECT_EQ(redact(once), once);
}

TEST(Redact, SameSecretSamePlaceholder) {
    const std::string s = "sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2";
    const std::string out = redact(s + " then again " + s);
    const std::string ph = "[REDACTED:openai:" + sha256_hex(s).substr(0, 8) + "]";
    EXPECT_EQ(out, ph + " then again " + ph);
}

}  // namespace
}  // namespace bm
