// The cl100k and GPT-2 pre-tokenizers split text exactly as tiktoken's regexes do.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pack/pretokenizer.h"
#include "pack/unicode_classes.h"

namespace bm {
namespace {

std::vector<std::string> split(PretokenPattern pattern, const std::string& text) {
    std::vector<std::string> out;
    for (size_t pos = 0; pos < text.size();) {
        const size_t end = next_pretoken(pattern, text, pos);
        EXPECT_GT(end, pos);
        out.push_back(text.substr(pos, end - pos));
        pos = end;
    }
    return out;
}

using Pieces = std::vector<std::string>;

TEST(Pretokenizer, cl100k_words_take_one_leading_non_letter) {
    EXPECT_EQ(split(PretokenPattern::kCl100k, "Hello world"), (Pieces{"Hello", " world"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "(hello)"), (Pieces{"(hello", ")"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "\tx"), (Pieces{"\tx"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "\nx"), (Pieces{"\n", "x"}));
}

TEST(Pretokenizer, cl100k_contractions_ignore_case_including_long_s) {
    EXPECT_EQ(split(PretokenPattern::kCl100k, "I'M DON'T we'LL"), (Pieces{"I", "'M", " DON", "'T", " we", "'LL"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "'ſtop"), (Pieces{"'ſ", "top"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "'hello"), (Pieces{"'hello"}));
    EXPECT_EQ(split(PretokenPattern::kGpt2, "I'M it's"), (Pieces{"I", "'", "M", " it", "'s"}));  // case-sensitive
}

TEST(Pretokenizer, cl100k_numbers_group_by_three) {
    EXPECT_EQ(split(PretokenPattern::kCl100k, "x 1234567"), (Pieces{"x", " ", "123", "456", "7"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "²³⁴⁵"), (Pieces{"²³⁴", "⁵"}));
    EXPECT_EQ(split(PretokenPattern::kGpt2, "x 1234567"), (Pieces{"x", " 1234567"}));
}

TEST(Pretokenizer, cl100k_punctuation_takes_one_space_and_trailing_newlines) {
    EXPECT_EQ(split(PretokenPattern::kCl100k, "a !!\r\n\nb"), (Pieces{"a", " !!\r\n\n", "b"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "x  !"), (Pieces{"x", " ", " !"}));
}

TEST(Pretokenizer, cl100k_whitespace_backtracks_like_the_regex) {
    // \s*[\r\n]+ ends at the last newline of the run; \s+(?!\S) leaves one space for the word.
    EXPECT_EQ(split(PretokenPattern::kCl100k, "a  \n \n  b"), (Pieces{"a", "  \n \n", " ", " b"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "a   b"), (Pieces{"a", "  ", " b"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "a   "), (Pieces{"a", "   "}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, " \r\n"), (Pieces{" \r\n"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "a \t1"), (Pieces{"a", " ", "\t", "1"}));
    EXPECT_EQ(split(PretokenPattern::kGpt2, "a  \n\n  b"), (Pieces{"a", "  \n\n ", " b"}));
}

TEST(Pretokenizer, cl100k_non_latin_letters_and_emoji) {
    EXPECT_EQ(split(PretokenPattern::kCl100k, "中文，测试"), (Pieces{"中文", "，测试"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "😀x"), (Pieces{"😀x"}));
    EXPECT_EQ(split(PretokenPattern::kCl100k, "x😀😀"), (Pieces{"x", "😀😀"}));
}

TEST(Pretokenizer, patterns_are_recognised_by_their_exact_regex_text) {
    EXPECT_EQ(pretoken_pattern_from_regex(pretoken_regex(PretokenPattern::kCl100k)), PretokenPattern::kCl100k);
    EXPECT_EQ(pretoken_pattern_from_regex(pretoken_regex(PretokenPattern::kGpt2)), PretokenPattern::kGpt2);
    EXPECT_FALSE(pretoken_pattern_from_regex("\\w+"));
}

TEST(Pretokenizer, unicode_table_classifies_known_code_points) {
    EXPECT_EQ(unicode_class('a'), UnicodeClass::kLower);
    EXPECT_EQ(unicode_class('Q'), UnicodeClass::kUpper);
    EXPECT_EQ(unicode_class(0x4E2D), UnicodeClass::kLetterOther);  // 中
    EXPECT_EQ(unicode_class(0x0661), UnicodeClass::kNumber);       // Arabic-Indic one
    EXPECT_EQ(unicode_class(0x3000), UnicodeClass::kSpace);
    EXPECT_EQ(unicode_class(0x0301), UnicodeClass::kMark);
    EXPECT_EQ(unicode_class(0x1F600), UnicodeClass::kOther);
    EXPECT_EQ(unicode_class(0xFEFF), UnicodeClass::kOther);  // not White_Space
    EXPECT_EQ(unicode_class(0x10FFFF), UnicodeClass::kOther);
}

TEST(Pretokenizer, invalid_utf8_becomes_one_replacement_per_maximal_subpart) {
    EXPECT_EQ(replace_invalid_utf8("a\xFFz"), "a\xEF\xBF\xBDz");
    EXPECT_EQ(replace_invalid_utf8("\xE4\xB8"), "\xEF\xBF\xBD");                      // truncated 3-byte: one
    EXPECT_EQ(replace_invalid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");          // overlong: two
    EXPECT_EQ(replace_invalid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
    EXPECT_EQ(replace_invalid_utf8("ok"), "ok");
}

}  // namespace
}  // namespace bm
