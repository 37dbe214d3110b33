// The word alignment of the merge combiner (core/meld/word_alignment.h) and the pair features built on
// it (#18 item 4): acronyms, kind-of links, one claim saying more.
#include <gtest/gtest.h>

#include "meld/word_alignment.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using meldtest::lexical_engine;
using meldtest::wordnet_installed;

std::vector<AlignedWord> words(std::initializer_list<const char*> lemmas) {
    std::vector<AlignedWord> out;
    for (const char* l : lemmas) out.push_back({l, l, std::nullopt});
    return out;
}

PairFeatures features_of(const std::string& a, const std::string& b) {
    const auto& e = *lexical_engine();
    const PreparedText pa = e.prepare(a), pb = e.prepare(b);
    return e.features(pa, pb, e.similarity(pa, pb));
}

TEST(WordAlignment, AnAcronymSpellsTheInitialsOfConsecutiveWords) {
    EXPECT_EQ(acronym_run("cdn", words({"static", "content", "delivery", "network"})), std::optional<size_t>(1));
    EXPECT_EQ(acronym_run("cdn", words({"content", "fast", "delivery", "network"})), std::nullopt) << "not consecutive";
    EXPECT_EQ(acronym_run("cdn", words({"content", "delivery"})), std::nullopt) << "one word short";
    EXPECT_EQ(acronym_run("c", words({"cache"})), std::nullopt) << "one letter is no acronym";
    EXPECT_EQ(acronym_run("k8s", words({"kubernetes", "eight", "s"})), std::nullopt) << "letters only";
    EXPECT_EQ(acronym_run("ab", words({"a", "b"})), std::nullopt) << "each expanded word has two letters or more";
}

TEST(WordAlignment, AcronymAndExpansionAlignBothWaysWithoutWordNet) {
    const Alignment al = align_words(words({"asset", "serve", "cdn"}), words({"asset", "serve", "content", "delivery", "network"}), nullptr);
    EXPECT_TRUE(al.all_matched);
    EXPECT_DOUBLE_EQ(al.similarity, 1.0);
    const Alignment other = align_words(words({"asset", "serve", "cdn"}), words({"asset", "serve", "object", "store"}), nullptr);
    EXPECT_FALSE(other.all_matched);
    EXPECT_FALSE(other.matched[2]) << "cdn spells nothing there";
    EXPECT_DOUBLE_EQ(other.similarity, (2.0 / 3 + 2.0 / 4) / 2);
    EXPECT_DOUBLE_EQ(align_words({}, words({"x"}), nullptr).similarity, 0.0);
}

TEST(WordAlignment, KindOfLinksAreMatchesThatMarkTheMoreSpecificClaim) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const WordNet* wn = WordNet::shared_default();
    EXPECT_EQ(match_kind({"keep", "retain", {}}, {"keep", "keep", {}}, wn), MatchKind::kSame) << "a shared sense";
    EXPECT_EQ(match_kind({"deployment", "deployment", {}}, {"deploy", "deploy", {}}, wn), MatchKind::kSame) << "a shared stem";
    EXPECT_EQ(match_kind({"puppy", "puppy", {}}, {"dog", "dog", {}}, wn), MatchKind::kKindOf) << "a puppy is a kind of dog";
    EXPECT_EQ(match_kind({"vercel", "vercel", {}}, {"netlify", "netlify", {}}, wn), MatchKind::kNone);
    const PairFeatures specific = features_of("A puppy is rolling on the grass", "A dog is rolling on the grass");
    EXPECT_GT(specific.kind_of_matches, 0.0);
    EXPECT_DOUBLE_EQ(features_of("A dog is rolling on the grass", "A dog is rolling on the grass").kind_of_matches, 0.0);
}

TEST(WordAlignment, PairFeaturesSeeAcronymsAndAddedContent) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const PairFeatures acronym = features_of("Static assets are served from a CDN",
                                             "Static assets are served from a content delivery network");
    EXPECT_TRUE(acronym.all_aligned) << "CDN aligns with content delivery network";
    EXPECT_DOUBLE_EQ(acronym.soft_coverage_back, 1.0);
    EXPECT_FALSE(acronym.unmatched_both);
    EXPECT_FALSE(acronym.nominal_swap) << "so the guard does not read it as another noun in the slot";
    const PairFeatures adds = features_of("A man is playing the guitar and singing", "A man is playing the guitar");
    EXPECT_TRUE(adds.adds_content) << "the longer claim says more";
    EXPECT_FALSE(adds.all_aligned);
    const PairFeatures reworded = features_of("The frontend is deployed to Vercel", "We ship the frontend on Vercel");
    EXPECT_FALSE(reworded.adds_content) << "both sides have words of their own";
}

}  // namespace
}  // namespace bm::meld
