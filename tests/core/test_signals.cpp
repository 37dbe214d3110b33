// The lexical signal provider (SPEC §13.2): σ, χ rules, WordNet loading and key normalisation.
//
// Tests that need the real WordNet skip when /usr/share/wordnet is absent; the WordNet parser
// itself is tested on a miniature database written by the tests in the real file format.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/key_phrase.h"
#include "meld/signals/lexical_provider.h"
#include "meld/signals/tokenize.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Fixtures

// The system WordNet, loaded once for the whole test program; null when not installed.
std::shared_ptr<const WordNet> system_wordnet() {
    static const std::shared_ptr<const WordNet> wordnet = [] {
        Result<std::shared_ptr<const WordNet>> loaded = WordNet::load();
        return loaded.ok() ? std::move(loaded).value() : std::shared_ptr<const WordNet>();
    }();
    return wordnet;
}

#define REQUIRE_WORDNET()                                                                         \
    if (!system_wordnet())                                                                        \
    GTEST_SKIP() << "WordNet is not installed at /usr/share/wordnet; install the Debian package " \
                    "wordnet-base to run this test"

const LexicalProvider& wordnet_provider() {
    static const LexicalProvider provider(system_wordnet(), {});
    return provider;
}

const LexicalProvider& plain_provider() {
    static const LexicalProvider provider(nullptr, {});
    return provider;
}

// A fresh empty directory under the system temporary directory, removed at scope exit.
class TempDir {
public:
    TempDir() {
        static std::atomic<int> counter{0};
        m_path = fs::temp_directory_path() /
                 ("bm_signals_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(m_path, ignored);
    }
    const fs::path& path() const { return m_path; }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(m_path / name, std::ios::binary) << text;
    }

private:
    fs::path m_path;
};

// A miniature WordNet in the wndb(5) format: cars, engines, men and women, hot and cold.
void write_mini_wordnet(const TempDir& dir) {
    const std::string header = "  1 miniature WordNet 3.0 database for tests  \n";
    dir.write(
        "data.noun",
        header +
            "00000100 06 n 03 car 0 auto 0 automobile 0 001 @ 00000300 n 0000 | a motor vehicle  \n"
            "00000200 06 n 01 engine 0 001 @ 00000300 n 0000 | a motor  \n"
            "00000300 06 n 01 motor_vehicle 0 000 | a vehicle  \n"
            "00000400 18 n 02 man 0 adult_male 0 002 ! 00000500 n 0101 @ 00000600 n 0000 | a male  "
            "\n"
            "00000500 18 n 02 woman 0 adult_female 0 002 ! 00000400 n 0101 @ 00000600 n 0000 | a "
            "female  \n"
            "00000600 18 n 01 adult 0 000 | a grown person  \n");
    dir.write("data.verb", header + "00000100 38 v 01 pass 0 000 01 + 01 00 | go successfully  \n");
    dir.write("data.adj",
              header +
                  "00000100 00 a 01 hot 0 001 ! 00000200 a 0101 | high temperature  \n"
                  "00000200 00 a 01 cold(p) 0 001 ! 00000100 a 0101 | low temperature  \n");
    dir.write("data.adv", header);
    dir.write("index.noun", header +
                                "adult n 1 0 1 0 00000600  \n"
                                "adult_female n 1 1 ! 1 0 00000500  \n"
                                "adult_male n 1 1 ! 1 0 00000400  \n"
                                "auto n 1 1 @ 1 0 00000100  \n"
                                "automobile n 1 1 @ 1 0 00000100  \n"
                                "car n 1 1 @ 1 0 00000100  \n"
                                "engine n 1 1 @ 1 0 00000200  \n"
                                "man n 1 2 ! @ 1 0 00000400  \n"
                                "motor_vehicle n 1 0 1 0 00000300  \n"
                                "woman n 1 2 ! @ 1 0 00000500  \n");
    dir.write("index.verb", header + "pass v 1 0 1 0 00000100  \n");
    dir.write("index.adj", header + "cold a 1 1 ! 1 0 00000200  \nhot a 1 1 ! 1 0 00000100  \n");
    dir.write("index.adv", header);
    dir.write("noun.exc", "men man\nwomen woman\n");
    dir.write("verb.exc", "");
    dir.write("adj.exc", "");
    dir.write("adv.exc", "");
}

// ---------------------------------------------------------------------------------------------
// String interning (WordNet's word table)

TEST(StringInterner, IdsAreDenseAndStableAcrossGrowth) {
    StringInterner interner(2);  // grows many times below
    std::vector<uint32_t> ids;
    for (int i = 0; i < 5000; ++i) ids.push_back(interner.intern("word" + std::to_string(i)));
    for (int i = 0; i < 5000; ++i) {
        EXPECT_EQ(ids[i], static_cast<uint32_t>(i));
        EXPECT_EQ(interner.intern("word" + std::to_string(i)), ids[i]);
        EXPECT_EQ(interner.find("word" + std::to_string(i)), ids[i]);
        EXPECT_EQ(interner.view(ids[i]), "word" + std::to_string(i));
    }
    EXPECT_EQ(interner.find("word5000"), StringInterner::kNone);
    EXPECT_EQ(interner.intern(""), 5000u);
    EXPECT_EQ(interner.find(""), 5000u);
}

// ---------------------------------------------------------------------------------------------
// Tokenisation

TEST(Tokenize, KeepsIdentifiersAndSplitsContractionsAndUnits) {
    EXPECT_EQ(tokenize("The region is us-east-1."),
              (std::vector<std::string>{"the", "region", "is", "us-east-1", "."}));
    EXPECT_EQ(tokenize("Tests don't pass; it can't"),
              (std::vector<std::string>{"tests", "do", "n't", "pass", ";", "it", "can", "n't"}));
    EXPECT_EQ(tokenize("does n't"), (std::vector<std::string>{"does", "n't"}));
    EXPECT_EQ(tokenize("timeout 30ms, 5GB and 1,000 rows cost $5"),
              (std::vector<std::string>{"timeout", "30", "ms", ",", "5", "gb", "and", "1000",
                                        "rows", "cost", "$", "5"}));
    EXPECT_EQ(tokenize("v1.2.3 at 10:30"), (std::vector<std::string>{"v1.2.3", "at", "10:30"}));
    EXPECT_EQ(tokenize("it\xE2\x80\x99s \xE2\x80\x9Cquoted\xE2\x80\x9D"),
              (std::vector<std::string>{"it", "'s", "quoted"}));
}

TEST(Tokenize, SurvivesHostileInput) {
    EXPECT_TRUE(tokenize("").empty());
    EXPECT_TRUE(tokenize("   \t\n").empty());
    EXPECT_EQ(tokenize("'''").size(), 0u);
    const std::string invalid_utf8 = "caf\xC3 \xFF\xFE n't ' s";
    EXPECT_NO_THROW(tokenize(invalid_utf8));
    const std::string long_text(200000, 'a');
    EXPECT_EQ(tokenize(long_text).size(), 1u);
    EXPECT_NO_THROW(plain_provider().similarity(invalid_utf8, long_text));
    EXPECT_NO_THROW(plain_provider().contradiction("-- -- 1,2,3 ... $$ %% n't n't", "no no no"));
}

// ---------------------------------------------------------------------------------------------
// σ: similarity

TEST(Similarity, IsOneForIdenticalTextAndZeroForNothingShared) {
    const LexicalProvider& p = plain_provider();
    EXPECT_DOUBLE_EQ(p.similarity("The cache is warm", "The cache is warm"), 1.0);
    EXPECT_DOUBLE_EQ(p.similarity("", "anything"), 0.0);
    EXPECT_DOUBLE_EQ(p.similarity("", ""), 0.0);
    EXPECT_DOUBLE_EQ(p.similarity("quartz", "zebra"), 0.0);
}

TEST(Similarity, IsSymmetricAndBounded) {
    const char* texts[] = {"A man is playing a guitar.",
                           "A woman plays the guitar!",
                           "The port is 8080",
                           "we use postgres for the database",
                           "",
                           "no",
                           "The DB engine is Postgres"};
    for (const char* a : texts)
        for (const char* b : texts) {
            const double ab = plain_provider().similarity(a, b);
            EXPECT_DOUBLE_EQ(ab, plain_provider().similarity(b, a)) << a << " | " << b;
            EXPECT_GE(ab, 0.0);
            EXPECT_LE(ab, 1.0 + 1e-12);
        }
}

// Every paraphrase pair must outscore every unrelated pair: the property θ_merge relies on.
void expect_paraphrases_outscore_unrelated(const LexicalProvider& p) {
    const std::pair<const char*, const char*> paraphrases[] = {
        {"The database engine is PostgreSQL", "The DB engine is Postgres"},
        {"Tests pass on the main branch", "The tests are passing on main"},
        {"The deploy timeout is 30 seconds", "Deploy timeout: 30 s"},
        {"A man is playing a guitar", "A man plays the guitar"},
        {"We decided to use Redis for the cache", "We use redis as our cache"},
    };
    const std::pair<const char*, const char*> unrelated[] = {
        {"The database engine is PostgreSQL", "A man plays the guitar"},
        {"Tests pass on the main branch", "We use redis as our cache"},
        {"The deploy timeout is 30 seconds", "The logo should be blue"},
        {"A woman is slicing an onion", "The API returns JSON"},
    };
    double worst_paraphrase = 1.0, best_unrelated = 0.0;
    for (const auto& [a, b] : paraphrases)
        worst_paraphrase = std::min(worst_paraphrase, p.similarity(a, b));
    for (const auto& [a, b] : unrelated)
        best_unrelated = std::max(best_unrelated, p.similarity(a, b));
    EXPECT_GT(worst_paraphrase, best_unrelated);
    EXPECT_GT(worst_paraphrase, 0.3);
    EXPECT_LT(best_unrelated, 0.12);  // below the default σ_lo: unrelated claims insert as novel
}

TEST(Similarity, ParaphrasesOutscoreUnrelatedPairsWithoutWordNet) {
    expect_paraphrases_outscore_unrelated(plain_provider());
}

TEST(Similarity, ParaphrasesOutscoreUnrelatedPairsWithWordNet) {
    REQUIRE_WORDNET();
    expect_paraphrases_outscore_unrelated(wordnet_provider());
}

TEST(Similarity, SynonymsMeetThroughWordNet) {
    REQUIRE_WORDNET();
    const LexicalProvider& p = wordnet_provider();
    // automobile/car share WordNet's first sense; without WordNet only "the" and "is fast" meet.
    const double with = p.similarity("The automobile is fast", "The car is fast");
    const double without = plain_provider().similarity("The automobile is fast", "The car is fast");
    EXPECT_GT(with, without);
    EXPECT_GT(with, 0.8);  // the words meet; their letters (the character block) do not
    EXPECT_GT(p.similarity("Two children are running", "Two kids run"),
              p.similarity("Two children are running", "Two cats sleep"));
}

TEST(Similarity, IdfFitDownweightsWordsEveryTextHas) {
    // Fit on texts that all say "service": sharing "service" then counts for less than sharing
    // "redis".
    const std::vector<std::string> corpus = {"the service restarts", "service logs rotate",
                                             "the service is up", "service owners",
                                             "redis is a cache"};
    const LexicalProvider fitted(nullptr, corpus);
    EXPECT_TRUE(fitted.idf().fitted());
    EXPECT_LT(fitted.similarity("service alpha", "service beta"),
              fitted.similarity("redis alpha", "redis beta"));
    EXPECT_NE(fitted.identity(), plain_provider().identity());
    EXPECT_EQ(fitted.identity(), LexicalProvider(nullptr, corpus).identity());  // deterministic
}

// ---------------------------------------------------------------------------------------------
// χ: contradiction rules

void expect_verdict(const LexicalProvider& p, const char* a, const char* b, Contradiction verdict,
                    std::string_view reason = {}) {
    const ContradictionVerdict v = p.contradiction(a, b);
    EXPECT_EQ(v.verdict, verdict) << a << " | " << b << " -> " << contradiction_name(v.verdict)
                                  << " " << v.reason << " (" << v.detail << ")";
    EXPECT_EQ(v.reason, reason) << a << " | " << b;
    // The verdict does not depend on the order of the two texts.
    EXPECT_EQ(p.contradiction(b, a).verdict, verdict) << "swapped: " << b << " | " << a;
}

TEST(Contradiction, ExclusiveValuesForOneKey) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "the region is us-east-1", "the region is eu-west-2",
                   Contradiction::kContradicts, contradiction_rule::kExclusiveValue);
    expect_verdict(p, "Region: us-east-1", "region = eu-west-2", Contradiction::kContradicts,
                   contradiction_rule::kExclusiveValue);
    expect_verdict(p, "the region is us-east-1", "the region is us-east-1",
                   Contradiction::kCompatible);
    // Different keys with different values do not clash.
    expect_verdict(p, "the region is us-east-1", "the zone is eu-west-2b",
                   Contradiction::kUnrelated);
}

TEST(Contradiction, SettingsGivenByVerbs) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "set the log level to debug", "set the log level to warn",
                   Contradiction::kContradicts, contradiction_rule::kExclusiveValue);
    expect_verdict(p, "use redis for caching", "use memcached for caching",
                   Contradiction::kContradicts, contradiction_rule::kExclusiveValue);
    expect_verdict(p, "we migrated the database to postgres", "the database moved to mysql",
                   Contradiction::kContradicts, contradiction_rule::kExclusiveValue);
    expect_verdict(p, "dark mode is on", "dark mode is off", Contradiction::kContradicts,
                   contradiction_rule::kExclusiveValue);
}

TEST(Contradiction, NegationOfTheSharedPredicate) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "tests pass", "tests do not pass", Contradiction::kContradicts,
                   contradiction_rule::kNegation);
    expect_verdict(p, "tests pass", "tests don't pass", Contradiction::kContradicts,
                   contradiction_rule::kNegation);
    expect_verdict(p, "we deploy on fridays", "we never deploy on fridays",
                   Contradiction::kContradicts, contradiction_rule::kNegation);
    expect_verdict(p, "The service reaches the database", "The service can't reach the database",
                   Contradiction::kContradicts, contradiction_rule::kNegation);
}

TEST(Contradiction, NegationOutsideTheSharedPredicateIsNotAContradiction) {
    const LexicalProvider& p = plain_provider();
    // The denied predicate says more than the other text asserts: both can hold.
    expect_verdict(p, "tests pass", "tests do not pass on windows", Contradiction::kCompatible);
    // Both negated: same polarity.
    expect_verdict(p, "tests do not pass", "tests never pass", Contradiction::kCompatible);
    // A different subject before the negation.
    expect_verdict(p, "the cat is sleeping", "the dog is not sleeping", Contradiction::kCompatible);
    // "No," answers something and negates nothing here.
    expect_verdict(p, "No, the tests pass", "the tests pass", Contradiction::kCompatible);
}

TEST(Contradiction, AntonymsFromWordNet) {
    REQUIRE_WORDNET();
    const LexicalProvider& p = wordnet_provider();
    expect_verdict(p, "the cache is hot", "the cache is cold", Contradiction::kContradicts,
                   contradiction_rule::kAntonym);
    expect_verdict(p, "the feature flag is enabled", "the feature flag is disabled",
                   Contradiction::kContradicts, contradiction_rule::kAntonym);
    // big/little are antonyms through their synsets (large/small).
    expect_verdict(p, "the dataset is big", "the dataset is little", Contradiction::kContradicts,
                   contradiction_rule::kAntonym);
    // A negated antonym agrees rather than clashes.
    expect_verdict(p, "the cache is not hot", "the cache is cold", Contradiction::kCompatible);
    // Antonyms about different subjects.
    expect_verdict(p, "the cache is hot", "the weather is cold", Contradiction::kUnrelated);
}

TEST(Contradiction, NumbersUnitsAndDates) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "port 8080", "port 9090", Contradiction::kContradicts,
                   contradiction_rule::kNumeric);
    expect_verdict(p, "the service listens on port 8080", "the service listens on port 9090",
                   Contradiction::kContradicts, contradiction_rule::kNumeric);
    expect_verdict(p, "two replicas run", "three replicas run", Contradiction::kContradicts,
                   contradiction_rule::kNumeric);
    expect_verdict(p, "the timeout is 30 s", "the timeout is 30 ms", Contradiction::kContradicts,
                   contradiction_rule::kUnit);
    expect_verdict(p, "the timeout is 30s", "the timeout is 30000 ms", Contradiction::kCompatible);
    expect_verdict(p, "the disk holds 1 GiB", "the disk holds 1024 MiB",
                   Contradiction::kCompatible);
    expect_verdict(p, "we released on 2024-01-05", "we released on 2024-02-05",
                   Contradiction::kContradicts, contradiction_rule::kDate);
    expect_verdict(p, "we released on January 5, 2024", "we released on 2024-01-05",
                   Contradiction::kCompatible);
    expect_verdict(p, "the release is on Friday", "the release is on Monday",
                   Contradiction::kContradicts, contradiction_rule::kDate);
    // Counts that may add up are left alone: 8 + 4 players may be "12 players".
    expect_verdict(p, "8 red players and 4 blue players", "12 players", Contradiction::kCompatible);
}

TEST(Contradiction, UnrelatedTextsAreUnrelated) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "the sky is blue", "bananas are rich in potassium",
                   Contradiction::kUnrelated);
    expect_verdict(p, "port 8080", "the logo is 30 px wide", Contradiction::kUnrelated);
    expect_verdict(p, "", "", Contradiction::kUnrelated);
}

TEST(Contradiction, OneSlotHoldsAnotherName) {
    REQUIRE_WORDNET();
    const LexicalProvider& p = wordnet_provider();
    expect_verdict(p, "The frontend is deployed to Vercel", "The frontend is deployed to Netlify",
                   Contradiction::kContradicts, contradiction_rule::kSlotSwap);
    expect_verdict(p, "The team tracks issues in Jira", "The team tracks issues in Zenhub",
                   Contradiction::kContradicts, contradiction_rule::kSlotSwap);
    // The same name with the predicate reworded, or a name added beside the other, is no swap.
    expect_verdict(p, "The frontend is deployed to Vercel", "Vercel hosts the frontend",
                   Contradiction::kCompatible);
    expect_verdict(p, "The frontend is deployed to Vercel", "The frontend is deployed to Vercel by Jenkins",
                   Contradiction::kCompatible);
    // A replaced verb or quality is not a value: "fast" and "nginx" are not one slot's values.
    expect_verdict(p, "The reverse proxy is nginx", "The reverse proxy is fast", Contradiction::kCompatible);
    // One shared word is not enough context for a slot.
    expect_verdict(p, "Vercel", "Netlify", Contradiction::kUnrelated);
}

TEST(Contradiction, TwoValuesTradePlaces) {
    const LexicalProvider& p = plain_provider();
    expect_verdict(p, "The user prefers tabs over spaces", "The user prefers spaces over tabs",
                   Contradiction::kContradicts, contradiction_rule::kOrderSwap);
    expect_verdict(p, "We migrated from mysql to postgres", "We migrated from postgres to mysql",
                   Contradiction::kContradicts, contradiction_rule::kOrderSwap);
    // The same order, or a swap with nothing ordering the two, is no clash.
    expect_verdict(p, "The user prefers tabs over spaces", "the user prefers tabs over spaces",
                   Contradiction::kCompatible);
    expect_verdict(p, "The release notes list fixes and features", "The release notes list features and fixes",
                   Contradiction::kCompatible);
}

TEST(Contradiction, ColoursAndSiblingKinds) {
    REQUIRE_WORDNET();
    const LexicalProvider& p = wordnet_provider();
    expect_verdict(p, "A man in a black shirt is playing a guitar",
                   "The man is wearing a blue shirt", Contradiction::kContradicts,
                   contradiction_rule::kExclusiveValue);
    expect_verdict(p, "the build is green", "the build is red", Contradiction::kContradicts,
                   contradiction_rule::kExclusiveValue);
    expect_verdict(p, "A man is playing a guitar", "A man is playing a piano",
                   Contradiction::kContradicts, contradiction_rule::kExclusiveValue);
    // A kind of the other thing, or a near-synonym, is no clash.
    expect_verdict(p, "the pet is a dog", "the pet is an animal", Contradiction::kCompatible);
    expect_verdict(p, "A man takes a picture", "A man takes a photo", Contradiction::kCompatible);
    // Qualities can hold together.
    expect_verdict(p, "the database is fast", "the database is reliable",
                   Contradiction::kCompatible);
    // Tools used side by side are not exclusive values.
    expect_verdict(p, "We use Python", "We use Java", Contradiction::kCompatible);
}

TEST(Contradiction, VerdictsNameTheirEvidence) {
    const ContradictionVerdict v = plain_provider().contradiction("port 8080", "port 9090");
    EXPECT_TRUE(v.contradicts());
    EXPECT_NE(v.detail.find("8080"), std::string::npos);
    EXPECT_NE(v.detail.find("9090"), std::string::npos);
    EXPECT_STREQ(contradiction_name(Contradiction::kCompatible), "compatible");
}

TEST(Contradiction, ConcurrentCallsAgreeWithSerialOnes) {
    const LexicalProvider& p = wordnet_provider();  // works with or without WordNet
    const std::vector<std::pair<std::string, std::string>> pairs = {
        {"the cache is hot", "the cache is cold"},
        {"port 8080", "port 9090"},
        {"tests pass", "tests do not pass"}};
    std::vector<ContradictionVerdict> serial;
    for (const auto& [a, b] : pairs) serial.push_back(p.contradiction(a, b));
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int round = 0; round < 200; ++round)
                for (size_t i = 0; i < pairs.size(); ++i)
                    if (p.contradiction(pairs[i].first, pairs[i].second).reason != serial[i].reason)
                        ++mismatches;
        });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(mismatches.load(), 0);
}

// analyse() remembers each word's WordNet forms per thread: the terms must not depend on which
// texts a thread analysed before (verb context, -ing/-ed forms, collocations included).
TEST(Analysis, WordMemoGivesTheSameTermsInAnyOrderOnAnyThread) {
    REQUIRE_WORDNET();
    const LexicalProvider& p = wordnet_provider();
    const std::vector<std::string> parts = {"the building",   "building",     "a used car",   "used cars",
                                            "the hard disk",  "hard disks",   "is running",   "the running",
                                            "tests failed",   "the failed",   "dogs barked",  "a barking dog",
                                            "data centers",   "the data centre", "was deleted", "deleted rows"};
    std::vector<std::string> texts;
    for (size_t i = 0; i < parts.size(); ++i)
        for (size_t j = 0; j < parts.size(); ++j) texts.push_back(parts[i] + " " + parts[j]);
    auto run = [&](bool reverse) {
        std::vector<Analysis> out(texts.size());
        std::thread worker([&] {
            for (size_t k = 0; k < texts.size(); ++k) {
                const size_t i = reverse ? texts.size() - 1 - k : k;
                out[i] = p.analyse(texts[i]);
            }
        });
        worker.join();
        return out;
    };
    const std::vector<Analysis> forward = run(false), backward = run(true);
    size_t verb_lemmas = 0;
    for (size_t i = 0; i < texts.size(); ++i) {
        ASSERT_EQ(forward[i].terms.size(), backward[i].terms.size()) << texts[i];
        for (size_t t = 0; t < forward[i].terms.size(); ++t) {
            const Term& a = forward[i].terms[t];
            const Term& b = backward[i].terms[t];
            EXPECT_EQ(a.surface, b.surface) << texts[i];
            EXPECT_EQ(a.lemma, b.lemma) << texts[i] << ": " << a.surface;
            EXPECT_EQ(a.canon, b.canon) << texts[i] << ": " << a.surface;
            EXPECT_EQ(a.synset, b.synset) << texts[i] << ": " << a.surface;
            verb_lemmas += a.surface == "running" && a.lemma == "run";
        }
    }
    // And against an analyser whose memo is empty for every text (a new analyser, a new memo key).
    for (size_t i = 0; i < texts.size(); i += 7) {
        const Analyser fresh(system_wordnet().get());
        const Analysis cold = fresh.analyse(texts[i]);
        ASSERT_EQ(cold.terms.size(), forward[i].terms.size()) << texts[i];
        for (size_t t = 0; t < cold.terms.size(); ++t) {
            EXPECT_EQ(cold.terms[t].lemma, forward[i].terms[t].lemma) << texts[i];
            EXPECT_EQ(cold.terms[t].canon, forward[i].terms[t].canon) << texts[i];
            EXPECT_EQ(cold.terms[t].synset, forward[i].terms[t].synset) << texts[i];
        }
    }
    // The verb context matters, so the memo must key it: "is running" reads as run, "the running" not.
    EXPECT_GT(verb_lemmas, 0u);
    EXPECT_EQ(p.analyse("the running").terms.back().lemma, "running");
    EXPECT_EQ(p.analyse("is running").terms.back().lemma, "run");
}

// The laws on real sentences: the first 1,000 pairs of SNLI dev from the shared data folder.
TEST(SignalLaws, SimilarityAndContradictionAreSymmetricOnSnli) {
    const fs::path path = fs::path(SHARED_DATA_DIR) / "nli" / "snli_dev.tsv";
    std::ifstream in(path);
    if (!in)
        GTEST_SKIP() << "shared data not found at " << path << "; the law is checked where it is";
    const LexicalProvider& p = wordnet_provider();
    std::string line;
    std::getline(in, line);  // header: gold_label sentence1 sentence2
    int pairs = 0;
    while (pairs < 1000 && std::getline(in, line)) {
        const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
        ASSERT_NE(t2, std::string::npos);
        const std::string a = line.substr(t1 + 1, t2 - t1 - 1), b = line.substr(t2 + 1);
        const double ab = p.similarity(a, b);
        EXPECT_DOUBLE_EQ(ab, p.similarity(b, a)) << a << " | " << b;
        EXPECT_GE(ab, 0.0);
        EXPECT_LE(ab, 1.0);
        const ContradictionVerdict x = p.contradiction(a, b), y = p.contradiction(b, a);
        EXPECT_EQ(x.verdict, y.verdict) << a << " | " << b;
        EXPECT_EQ(x.reason, y.reason) << a << " | " << b;
        ++pairs;
    }
    EXPECT_EQ(pairs, 1000);
}

// ---------------------------------------------------------------------------------------------
// Key normalisation

TEST(KeyPhrase, DropsArticlesAndJoinsWithDots) {
    EXPECT_EQ(normalise_key_phrase("the database engine", nullptr), "database.engine");
    EXPECT_EQ(normalise_key_phrase("The Database Engine.", nullptr), "database.engine");
    EXPECT_EQ(normalise_key_phrase("  ", nullptr), "");
    EXPECT_EQ(normalise_key_phrase("the", nullptr), "");
}

TEST(KeyPhrase, AbbreviationsCaseStylesAndOfPhrasesMeet) {
    for (const char* phrase :
         {"DB engine", "database engine", "database-engine", "dbEngine", "DBEngine",
          "engine of the database", "the database's engine", "Database Engines"})
        EXPECT_EQ(normalise_key_phrase(phrase, nullptr), "database.engine") << phrase;
    EXPECT_EQ(normalise_key_phrase("timeout for requests", nullptr), "request.timeout");
    EXPECT_EQ(normalise_key_phrase("the k8s version", nullptr), "kubernetes.version");
    EXPECT_EQ(normalise_key_phrase("maxConnections", nullptr), "maximum.connection");
}

TEST(KeyPhrase, IdentifiersStayWhole) {
    EXPECT_EQ(normalise_key_phrase("us-east-1 region", nullptr), "us-east-1.region");
    EXPECT_EQ(normalise_key_phrase("python3.11 path", nullptr), "python3_11.path");
}

TEST(KeyPhrase, WordNetLemmasAndUnambiguousSynonyms) {
    REQUIRE_WORDNET();
    const WordNet* wn = system_wordnet().get();
    EXPECT_EQ(normalise_key_phrase("the children", wn), "child");
    EXPECT_EQ(normalise_key_phrase("indices", wn), "index");
    EXPECT_EQ(normalise_key_phrase("the automobile colour", wn), "car.colour");
    // Polysemous words keep their own name: "server" does not become "waiter".
    EXPECT_EQ(normalise_key_phrase("server port", wn), "server.port");
    EXPECT_EQ(normalise_key_phrase("the CI pipeline", wn), "ci.pipeline");
    EXPECT_EQ(normalise_key_phrase("CPU limit", wn), "cpu.limit");
    EXPECT_EQ(normalise_key_phrase("DB engine", wn), normalise_key_phrase("database engines", wn));
    // The overload without a WordNet uses the shared default one.
    EXPECT_EQ(normalise_key_phrase("the children"), "child");
}

// ---------------------------------------------------------------------------------------------
// WordNet: the real database and a miniature one

TEST(WordNetFiles, MissingDirectoryNamesTheFileAndThePackage) {
    TempDir dir;
    Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().code(), ErrorCode::kNotFound);
    EXPECT_NE(loaded.error().message().find("index.noun"), std::string::npos)
        << loaded.error().to_string();
    EXPECT_NE(loaded.error().hint().find("wordnet-base"), std::string::npos);
}

TEST(WordNetFiles, OneMissingFileIsNamed) {
    TempDir dir;
    write_mini_wordnet(dir);
    fs::remove(dir.path() / "verb.exc");
    Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error().message().find("verb.exc"), std::string::npos)
        << loaded.error().to_string();
}

TEST(WordNetFiles, MalformedRecordIsCorruptionWithFileAndLine) {
    TempDir dir;
    write_mini_wordnet(dir);
    dir.write(
        "data.adj",
        "  1 header\n00000100 00 a 01 hot 0 001 ! 00000200 a 0101 | warm\n00000200 00 a zz\n");
    Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
    ASSERT_FALSE(loaded.ok());
    EXPECT_TRUE(loaded.error().is_corruption());
    EXPECT_NE(loaded.error().where().file.find("data.adj"), std::string::npos);
    EXPECT_EQ(loaded.error().where().line, 3);
}

TEST(WordNetFiles, IndexPointingAtNoSynsetIsCorruption) {
    TempDir dir;
    write_mini_wordnet(dir);
    dir.write("index.verb", "pass v 1 0 1 0 00009999  \n");
    Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
    ASSERT_FALSE(loaded.ok());
    EXPECT_TRUE(loaded.error().is_corruption());
    EXPECT_EQ(loaded.error().where().line, 1);
}

TEST(WordNetFiles, TruncatedRecordsFailCleanly) {
    // Every prefix of a synset record either parses or is reported as corruption; none crashes.
    const std::string record =
        "00000400 18 n 02 man 0 adult_male 0 002 ! 00000500 n 0101 @ 00000600 n 0000 | a male";
    for (size_t cut = 1; cut < record.size(); ++cut) {
        TempDir dir;
        write_mini_wordnet(dir);
        dir.write("data.noun",
                  "00000100 06 n 01 car 0 000 | a car\n" + record.substr(0, cut) + "\n");
        Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
        if (!loaded.ok()) {
            EXPECT_TRUE(loaded.error().is_corruption())
                << cut << ": " << loaded.error().to_string();
        }
    }
}

TEST(WordNetFiles, MiniatureDatabaseParses) {
    TempDir dir;
    write_mini_wordnet(dir);
    Result<std::shared_ptr<const WordNet>> loaded = WordNet::load(dir.path().string());
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    const WordNet& wn = **loaded;
    EXPECT_EQ(wn.version(), "3.0");
    EXPECT_EQ(wn.synset_count(), 9u);
    EXPECT_EQ(wn.lemma_count(), 13u);
    EXPECT_TRUE(wn.contains("motor_vehicle", WordPos::kNoun));
    EXPECT_FALSE(wn.contains("motor_vehicle", WordPos::kVerb));
    // Lemmas: detachment rules and exception lists.
    EXPECT_EQ(wn.lemma("cars"), "car");
    EXPECT_EQ(wn.lemma("engines"), "engine");
    EXPECT_EQ(wn.lemma("men"), "man");
    EXPECT_EQ(wn.lemma("passes"), "pass");
    EXPECT_EQ(wn.lemma("zebras"), "zebras");  // unknown: unchanged
    // Synonyms meet at the synset's first word; the adjective marker "(p)" is stripped.
    EXPECT_EQ(wn.canonical("automobile"), "car");
    EXPECT_EQ(wn.canonical("auto"), "car");
    EXPECT_EQ(wn.canonical("cold"), "cold");
    EXPECT_EQ(wn.unambiguous_synonym("automobile"), "car");
    // Antonyms, extended to the other words of both synsets.
    EXPECT_TRUE(wn.antonyms("hot", "cold"));
    EXPECT_TRUE(wn.antonyms("adult_male", "woman"));
    EXPECT_FALSE(wn.antonyms("hot", "man"));
    // Hypernyms.
    const std::optional<SynsetId> car = wn.first_sense("car"),
                                  vehicle = wn.first_sense("motor_vehicle");
    ASSERT_TRUE(car && vehicle);
    ASSERT_EQ(wn.hypernyms(*car).size(), 1u);
    EXPECT_EQ(wn.hypernyms(*car)[0], *vehicle);
    EXPECT_TRUE(wn.is_kind_of(*car, *vehicle, 1));
    EXPECT_FALSE(wn.is_kind_of(*vehicle, *car, 5));
}

TEST(WordNetFiles, ProviderUsesTheGivenDatabase) {
    TempDir dir;
    write_mini_wordnet(dir);
    LexicalOptions options;
    options.wordnet_dir = dir.path().string();
    const LexicalProvider p = LexicalProvider::create({}, options);
    EXPECT_TRUE(p.warnings().empty());
    EXPECT_NE(p.identity().find("wordnet=3.0"), std::string::npos);
    expect_verdict(p, "the automobile engine is hot", "the car engine is cold",
                   Contradiction::kContradicts, contradiction_rule::kAntonym);
    EXPECT_GT(p.similarity("automobiles", "cars"), 0.7);  // the words meet; their letters do not
    EXPECT_EQ(normalise_key_phrase("automobile engines", p.wordnet()), "car.engine");
}

TEST(WordNetFiles, ProviderWithoutWordNetWarnsAndStillWorks) {
    TempDir dir;  // empty: no WordNet here
    LexicalOptions options;
    options.wordnet_dir = dir.path().string();
    const LexicalProvider p = LexicalProvider::create({}, options);
    ASSERT_FALSE(p.warnings().empty());
    EXPECT_NE(p.warnings().front().find("index.noun"), std::string::npos) << p.warnings().front();
    EXPECT_EQ(p.wordnet(), nullptr);
    EXPECT_NE(p.identity().find("wordnet=none"), std::string::npos);
    expect_verdict(p, "tests pass", "tests do not pass", Contradiction::kContradicts,
                   contradiction_rule::kNegation);
    EXPECT_GT(p.similarity("the engines", "the engine"), 0.99);
}

TEST(WordNetFiles, SystemDatabaseLoadsCompletely) {
    REQUIRE_WORDNET();
    const WordNet& wn = *system_wordnet();
    EXPECT_EQ(wn.version(), "3.0");
    EXPECT_EQ(wn.synset_count(), 117659u);  // WordNet 3.0: 82,115 + 13,767 + 18,156 + 3,621
    EXPECT_EQ(wn.lemma_count(), 147306u);
    EXPECT_EQ(wn.lemma("geese"), "goose");
    EXPECT_EQ(wn.lemma("went"), "go");
    EXPECT_EQ(wn.lemma("men"), "man");  // a lemma of its own (the work force), but far rarer
    EXPECT_TRUE(wn.antonyms("hot", "cold"));
    EXPECT_TRUE(wn.antonyms("big", "little"));
    EXPECT_FALSE(wn.antonyms("hot", "warm"));
}

}  // namespace
}  // namespace bm
