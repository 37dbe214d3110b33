// RFC 8785 canonical JSON, checked against the RFC's own examples and number table.
#include <gtest/gtest.h>

#include <bit>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>

#include "util/canonical_json.h"
#include "util/canonical_writer.h"
#include "util/utf8.h"

namespace bm {
namespace {

double from_bits(uint64_t bits) { return std::bit_cast<double>(bits); }

std::string fmt_u00(unsigned char c) {
    static const char* hex = "0123456789abcdef";
    return std::string("\\u00") + hex[c >> 4] + hex[c & 0xF];
}

TEST(CanonicalJson, NumberSerialisationMatchesRfc8785AppendixB) {
    const std::pair<uint64_t, const char*> table[] = {
        {0x0000000000000000, "0"},
        {0x8000000000000000, "0"},
        {0x0000000000000001, "5e-324"},
        {0x8000000000000001, "-5e-324"},
        {0x7fefffffffffffff, "1.7976931348623157e+308"},
        {0xffefffffffffffff, "-1.7976931348623157e+308"},
        {0x4340000000000000, "9007199254740992"},
        {0xc340000000000000, "-9007199254740992"},
        {0x4430000000000000, "295147905179352830000"},
        {0x44b52d02c7e14af5, "9.999999999999997e+22"},
        {0x44b52d02c7e14af6, "1e+23"},
        {0x44b52d02c7e14af7, "1.0000000000000001e+23"},
        {0x444b1ae4d6e2ef4e, "999999999999999700000"},
        {0x444b1ae4d6e2ef4f, "999999999999999900000"},
        {0x444b1ae4d6e2ef50, "1e+21"},
        {0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
        {0x3eb0c6f7a0b5ed8d, "0.000001"},
        {0x41b3de4355555553, "333333333.3333332"},
        {0x41b3de4355555554, "333333333.33333325"},
        {0x41b3de4355555555, "333333333.3333333"},
        {0x41b3de4355555556, "333333333.3333334"},
        {0x41b3de4355555557, "333333333.33333343"},
        {0xbecbf647612f3696, "-0.0000033333333333333333"},
        {0x43143ff3c1cb0959, "1424953923781206.2"},
    };
    for (const auto& [bits, expected] : table)
        EXPECT_EQ(ecmascript_number(from_bits(bits)), expected) << std::hex << bits;
    // canonical_json prints integral doubles and integers by a fast path: it must agree.
    for (const auto& [bits, expected] : table)
        EXPECT_EQ(*canonical_json(nlohmann::json(from_bits(bits))), expected) << std::hex << bits;
}

TEST(CanonicalJson, Rfc8785Section322Example) {
    const char* input = R"({
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    })";
    auto out = canonicalize_json_text(input);
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    EXPECT_EQ(*out,
              "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
              "\"string\":\"\xE2\x82\xAC$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
}

TEST(CanonicalJson, Rfc8785Section323KeysSortByUtf16CodeUnits) {
    const char* input = R"({
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    })";
    auto out = canonicalize_json_text(input);
    ASSERT_TRUE(out.ok());
    const std::string expected =
        "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xC2\x80\":\"Control\","
        "\"\xC3\xB6\":\"Latin Small Letter O With Diaeresis\",\"\xE2\x82\xAC\":\"Euro Sign\","
        "\"\xF0\x9F\x98\x80\":\"Emoji: Grinning Face\",\"\xEF\xAC\xB3\":\"Hebrew Letter Dalet With Dagesh\"}";
    EXPECT_EQ(*out, expected);
}

TEST(CanonicalJson, CanonicalFormIsAFixedPoint) {
    auto once = canonicalize_json_text(R"({"b":[1.0,{"z":1,"a":2}],"a":"x\ty"})");
    ASSERT_TRUE(once.ok());
    EXPECT_EQ(*once, R"({"a":"x\ty","b":[1,{"a":2,"z":1}]})");
    auto twice = canonicalize_json_text(*once);
    ASSERT_TRUE(twice.ok());
    EXPECT_EQ(*twice, *once);
}

TEST(CanonicalJson, RejectsNonFiniteNumbersAndNamesParseErrorOffset) {
    EXPECT_FALSE(canonical_json(nlohmann::json(std::numeric_limits<double>::infinity())).ok());
    auto bad = canonicalize_json_text("{\"a\": tru}");
    ASSERT_FALSE(bad.ok());
    EXPECT_TRUE(bad.error().is_invalid_input());
    EXPECT_GE(bad.error().where().byte_offset, 6);
}

// The RFC's rules applied literally: every key converted to UTF-16 and sorted, every number through
// ecmascript_number, one character at a time. canonical_json takes shortcuts; they must not show.
std::string reference_canonical(const nlohmann::json& v) {
    using nlohmann::json;
    switch (v.type()) {
        case json::value_t::null: return "null";
        case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
        case json::value_t::number_integer: return ecmascript_number(static_cast<double>(v.get<int64_t>()));
        case json::value_t::number_unsigned: return ecmascript_number(static_cast<double>(v.get<uint64_t>()));
        case json::value_t::number_float: return ecmascript_number(v.get<double>());
        case json::value_t::string: {
            std::string out = "\"";
            for (unsigned char c : v.get<std::string>()) {
                if (c == '"') out += "\\\"";
                else if (c == '\\') out += "\\\\";
                else if (c == '\b') out += "\\b";
                else if (c == '\f') out += "\\f";
                else if (c == '\n') out += "\\n";
                else if (c == '\r') out += "\\r";
                else if (c == '\t') out += "\\t";
                else if (c < 0x20) out += fmt_u00(c);
                else out += static_cast<char>(c);
            }
            return out + "\"";
        }
        case json::value_t::array: {
            std::string out = "[";
            for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + reference_canonical(v[i]);
            return out + "]";
        }
        case json::value_t::object: {
            std::vector<std::pair<std::u16string, std::string>> keys;
            for (auto it = v.begin(); it != v.end(); ++it) keys.emplace_back(utf8_to_utf16(it.key()), it.key());
            std::sort(keys.begin(), keys.end());
            std::string out = "{";
            for (size_t i = 0; i < keys.size(); ++i)
                out += (i ? "," : "") + reference_canonical(json(keys[i].second)) + ":" + reference_canonical(v.at(keys[i].second));
            return out + "}";
        }
        default: return "";
    }
}

TEST(CanonicalJson, IntegerShortcutBoundaries) {
    const int64_t two53 = int64_t{1} << 53;
    for (int64_t v : {two53 - 1, two53, two53 + 1, -(two53 - 1), -two53, -two53 - 1, int64_t{0}, int64_t{-1}})
        EXPECT_EQ(*canonical_json(nlohmann::json(v)), reference_canonical(nlohmann::json(v))) << v;
    for (uint64_t v : {uint64_t(two53) - 1, uint64_t(two53), uint64_t(two53) + 1, ~uint64_t{0}})
        EXPECT_EQ(*canonical_json(nlohmann::json(v)), reference_canonical(nlohmann::json(v))) << v;
    for (double v : {-0.0, 1.0, -1.0, 9007199254740991.0, 9007199254740992.0, -9007199254740992.0, 1e21, 0.5})
        EXPECT_EQ(*canonical_json(nlohmann::json(v)), reference_canonical(nlohmann::json(v))) << v;
    EXPECT_EQ(*canonical_json(nlohmann::json::parse(R"({"b":-0.0,"a":[1.0,2]})")), R"({"a":[1,2],"b":0})");
}

TEST(CanonicalJson, ShortcutsAgreeWithTheLiteralRulesOnRandomDocuments) {
    std::mt19937_64 rng(8785);
    // Keys and strings mix ASCII, escapes, BMP characters above U+E000 and supplementary ones (the
    // case where UTF-16 order differs from byte order).
    const std::vector<std::string> pieces = {"a", "B", "z", "_", "\"", "\\", "\n", "\x01", "\x1f", "é", "\xef\xbd\xa1" /* U+FF61 */,
                                             "\xf0\x9f\x98\x80" /* U+1F600 */, "\xee\x80\x80" /* U+E000 */, " ", "0"};
    auto text = [&] {
        std::string s;
        for (int n = static_cast<int>(rng() % 5); n > 0; --n) s += pieces[rng() % pieces.size()];
        return s;
    };
    std::function<nlohmann::json(int)> make = [&](int depth) -> nlohmann::json {
        switch (rng() % (depth > 3 ? 5 : 7)) {
            case 0: return static_cast<int64_t>(rng()) >> (rng() % 64);
            case 1: return rng() >> (rng() % 64);
            case 2: return std::bit_cast<double>(rng() & 0x7fefffffffffffffULL) * ((rng() & 1) ? -1 : 1);
            case 3: return static_cast<double>(static_cast<int64_t>(rng() % 20000) - 10000) / ((rng() % 3) + 1);
            case 4: return text();
            case 5: {
                nlohmann::json a = nlohmann::json::array();
                for (int n = static_cast<int>(rng() % 4); n > 0; --n) a.push_back(make(depth + 1));
                return a;
            }
            default: {
                nlohmann::json o = nlohmann::json::object();
                for (int n = static_cast<int>(rng() % 5); n > 0; --n) o[text()] = make(depth + 1);
                return o;
            }
        }
    };
    for (int i = 0; i < 3000; ++i) {
        const nlohmann::json doc = make(0);
        auto fast = canonical_json(doc);
        ASSERT_TRUE(fast.ok()) << doc.dump();
        ASSERT_EQ(*fast, reference_canonical(doc)) << doc.dump();
    }
}

TEST(CanonicalWriter, WritesWhatCanonicalJsonWritesForTheSameDocument) {
    CanonicalWriter w;
    w.begin_object();
    w.key("a").integer(int64_t{1} << 53).key("b").number(-0.0).key("c").number(1e21).key("d").number(0.1);
    w.key("e").strings({"x\"y", "\n", "\xef\xbd\xa1"}).key("f").boolean(false);
    w.key("g").begin_array().begin_object().key("k").string("v").end_object().integer(-3).end_array();
    w.key("h").json(nlohmann::json::parse(R"({"z":1,"y":[2.5]})"));
    w.end_object();
    ASSERT_TRUE(w.ok());
    const nlohmann::json same = nlohmann::json::parse(
        R"({"a":9007199254740992,"b":-0.0,"c":1e21,"d":0.1,"e":["x\"y","\n","\uff61"],"f":false,"g":[{"k":"v"},-3],"h":{"z":1,"y":[2.5]}})");
    EXPECT_EQ(std::move(w).bytes(), *canonical_json(same));
}

TEST(CanonicalWriter, OutOfOrderKeysNonFiniteNumbersBadUtf8AndUnbalancedNestingFail) {
    auto fails = [](const std::function<void(CanonicalWriter&)>& write) {
        CanonicalWriter w;
        write(w);
        return !w.ok() && std::move(w).bytes().empty();
    };
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("b").integer(1).key("a").integer(2).end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("a").integer(1).key("a").integer(2).end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().number(std::nan("")).end_array(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().number(INFINITY).end_array(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().string("\xff").end_array(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("a").integer(1); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().key("a").end_array(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().integer(1).end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.integer(1).integer(2); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_array().end_array().begin_array().end_array(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("a").key("b").integer(1).end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("a").end_object(); }));
    EXPECT_TRUE(fails([](CanonicalWriter& w) { w.begin_object().key("a").integer(1).integer(2).end_object(); }));
    // U+1F600 sorts before U+FF61 in UTF-16 (a surrogate, 0xD83D) though after it in bytes.
    CanonicalWriter utf16;
    utf16.begin_object().key("\xf0\x9f\x98\x80").integer(1).key("\xef\xbd\xa1").integer(2).end_object();
    EXPECT_TRUE(utf16.ok());
    EXPECT_TRUE(fails([](CanonicalWriter& w) {
        w.begin_object().key("\xef\xbd\xa1").integer(1).key("\xf0\x9f\x98\x80").integer(2).end_object();
    }));
}

}  // namespace
}  // namespace bm
