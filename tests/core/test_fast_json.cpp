// The fast JSON parser: equal to nlohmann::json::parse wherever it accepts, and declining the rest.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "util/fast_json.h"

namespace bm {
namespace {

using json = nlohmann::json;

// Same value and same JSON type at every node (json's == equates 1, 1u and 1.0).
void expect_same(const json& a, const json& b, const std::string& where) {
    ASSERT_EQ(a.type_name(), b.type_name()) << where;
    if (a.is_object()) {
        ASSERT_EQ(a.size(), b.size()) << where;
        for (auto it = a.begin(); it != a.end(); ++it) {
            ASSERT_TRUE(b.contains(it.key())) << where << "." << it.key();
            expect_same(*it, b.at(it.key()), where + "." + it.key());
        }
    } else if (a.is_array()) {
        ASSERT_EQ(a.size(), b.size()) << where;
        for (size_t i = 0; i < a.size(); ++i) expect_same(a[i], b[i], where + "[" + std::to_string(i) + "]");
    } else {
        EXPECT_EQ(a, b) << where;
        EXPECT_EQ(a.dump(), b.dump()) << where;
    }
}

TEST(FastJson, AcceptsWhatNlohmannAcceptsWithEqualValues) {
    const char* cases[] = {
        R"({"a":1,"b":-2,"c":1.5,"d":-0,"e":0,"f":1e3,"g":-1.25E-2,"h":true,"i":false,"j":null})",
        R"({"s":"plain","esc":"q\"b\\s\/n\nr\rt\tb\bf\f","u":"\u00e9\u4e2d\ud83d\ude00\u0000x"})",
        R"({"utf8":"é中😀","nested":{"a":[1,[2,[3,{"b":[]}]],{}]},"empty":""})",
        R"(  [1, 2 ,3 ]  )",
        R"("just a string")",
        R"(9999999999999999999)",
        R"(-9223372036854775808)",
        R"(9223372036854775807)",
        R"(0.1)",
        R"(123456789.123456789e-5)",
        R"({"long":"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789"})",
    };
    for (const char* text : cases) {
        auto fast = parse_json_fast(text);
        ASSERT_TRUE(fast.has_value()) << text;
        expect_same(*fast, json::parse(text), text);
    }
}

TEST(FastJson, DeclinesInvalidAndUnusualInput) {
    const char* cases[] = {
        "",
        "{",
        R"({"a":1,})",
        R"({"a" 1})",
        R"([1,])",
        R"({"a":1} x)",
        R"("unterminated)",
        "\"ctrl\x01char\"",
        R"("bad escape \x")",
        R"("lone \udc00 low")",
        R"("high \ud800 alone")",
        R"("high \ud800\u0041 wrong pair")",
        "\"overlong \xC0\xAF\"",
        "\"surrogate \xED\xA0\x80\"",
        "\"above \xF4\x90\x80\x80\"",
        "\"truncated \xE4\xB8\"",
        "[\xC3\xA9]",
        R"(01)",
        R"(1.)",
        R"(.5)",
        R"(1e)",
        R"(-)",
        R"(tru)",
        R"(nul)",
        R"(18446744073709551615)",    // 20 digits: left to nlohmann (fits uint64 or becomes a float)
        R"(18446744073709551616)",
        R"(-9223372036854775809)",    // likewise
        R"(1e400)",                   // out of double range
        R"({"dup":1,"dup":2})",       // nlohmann decides which wins
    };
    for (const char* text : cases) EXPECT_FALSE(parse_json_fast(text).has_value()) << text;
    std::string deep(300, '[');
    deep += std::string(300, ']');
    EXPECT_FALSE(parse_json_fast(deep).has_value());
    std::string ok_depth(200, '[');
    ok_depth += std::string(200, ']');
    EXPECT_TRUE(parse_json_fast(ok_depth).has_value());
}

TEST(FastJson, SpecialBytesAtEveryPositionOfAWordAreFound) {
    // The 8-byte scan must stop at a quote, backslash, control or non-ASCII byte in any lane.
    for (size_t lane = 0; lane < 16; ++lane) {
        std::string body(24, 'x');
        body[lane] = '\\';
        body.insert(lane + 1, "n");
        const std::string text = "\"" + body + "\"";
        auto fast = parse_json_fast(text);
        ASSERT_TRUE(fast.has_value()) << text;
        EXPECT_EQ(*fast, json::parse(text)) << text;
        std::string ctl(24, 'x');
        ctl[lane] = '\x1f';
        EXPECT_FALSE(parse_json_fast("\"" + ctl + "\"").has_value()) << lane;
        std::string high(24, 'x');
        high.replace(lane, 1, "\xC3\xA9");
        auto h = parse_json_fast("\"" + high + "\"");
        ASSERT_TRUE(h.has_value()) << lane;
        EXPECT_EQ(h->get<std::string>(), high);
    }
}

}  // namespace
}  // namespace bm
