// bench/extract/extract_report.cpp: the bench's Markdown report cuts long quotes and values on a character's
// boundary (session 40: a Japanese quote cut mid-character made the `--rules all` dev report invalid UTF-8).
#include <gtest/gtest.h>

#include <string>

#include "bench/extract/extract_report.h"
#include "util/utf8.h"

namespace bm {
namespace {

using extract_bench::BenchReport;
using extract_bench::EmittedValue;
using extract_bench::MergedDispute;
using extract_bench::report_markdown;

TEST(ExtractReport, LongQuotesAndValuesAreCutOnACharactersBoundary) {
    BenchReport r;
    r.splits = {"dev"};
    const std::string japanese = "\xE3\x81\xAF\xE3\x81\x84";  // two 3-byte characters
    EmittedValue e{"a.jsonl", "claude-code", "dev", "k", "v", "settled", {"r"}, std::string(158, 'q') + japanese};
    r.unlabelled.push_back(e);
    MergedDispute d;
    d.merge = "dev/claude-code";
    d.key = "k";
    d.values = {std::string(79, 'x') + japanese, "y"};
    r.disputes.push_back(d);
    r.joined.push_back(d);
    const std::string md = report_markdown(r, "machine: test");
    EXPECT_TRUE(is_valid_utf8(md)) << md;
    EXPECT_NE(md.find("quote: " + std::string(158, 'q') + "\n"), std::string::npos) << md;  // the character left out
    EXPECT_NE(md.find(std::string(79, 'x') + " | y"), std::string::npos) << md;
}

}  // namespace
}  // namespace bm
