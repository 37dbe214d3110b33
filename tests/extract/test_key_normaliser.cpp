// normalise_subject (core/extract/key_normaliser.cpp): word forms and abbreviations fold so that
// sessions meet, but no WordNet synonym replaces a word the user wrote (session 13b, issue #15).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extract/key_normaliser.h"
#include "extract/sentence_tokens.h"
#include "meld/signals/key_phrase.h"
#include "meld/signals/wordnet.h"

namespace bm {
namespace {

#define REQUIRE_WORDNET()                                                                         \
    if (!WordNet::shared_default())                                                               \
    GTEST_SKIP() << "WordNet is not installed at /usr/share/wordnet; install the Debian package " \
                    "wordnet-base to run this test"

std::string key(const std::vector<std::string>& words) {
    return normalise_subject(words);
}

TEST(KeyNormaliser, WordsTheUserWroteAreNotReplacedBySynonyms) {
    REQUIRE_WORDNET();
    // MELD's key phrases still use WordNet's synonyms; the extractor's keys do not.
    EXPECT_EQ(normalise_key_phrase("handshake"), "handclasp");
    EXPECT_EQ(key({"code", "mode", "workspace", "handshake"}), "mode.workspace.handshake");
    EXPECT_EQ(key({"the", "handshake"}), "handshake");
    EXPECT_EQ(key({"human", "interaction"}), "human.interaction");            // not human_being
    EXPECT_EQ(key({"into", "a", "preset", "subagents"}), "preset.subagent");  // not predetermined
    EXPECT_EQ(key({"those", "registries"}), "registry");                      // not register
    EXPECT_EQ(key({"math_utils"}), "math.util");                              // not mathematics
    EXPECT_EQ(key({"untracked", "files"}), "untracked.file");                 // not pathless
}

TEST(KeyNormaliser, PluralsAndWordFormsStillFold) {
    REQUIRE_WORDNET();
    EXPECT_EQ(key({"Database", "engines"}), "database");
    EXPECT_EQ(key({"the", "databases"}), "database");
    EXPECT_EQ(key({"indices"}), "index");  // WordNet's exception list, not a suffix rule
    EXPECT_EQ(key({"the", "handshakes"}), "handshake");
    EXPECT_EQ(key({"our", "caches"}), key({"the", "cache"}));
}

TEST(KeyNormaliser, AbbreviationsStillExpandSoSessionsMeet) {
    REQUIRE_WORDNET();
    EXPECT_EQ(key({"DB", "engine"}), "database");
    EXPECT_EQ(key({"the", "DB", "engines"}), key({"the", "database"}));
    EXPECT_EQ(key({"repo"}), "repository");
    EXPECT_EQ(key({"repos"}), key({"the", "repository"}));
    EXPECT_EQ(key({"k8s", "cluster"}), "kubernetes.cluster");
    EXPECT_EQ(key({"vuejs", "app"}), "vuejs.application");
    EXPECT_EQ(key({"VueJS", "app"}),
              "vue.js.application");  // camelCase splits (key_phrase.h rule 1)
}

TEST(KeyNormaliser, JavaScriptProjectNamesAreNoPlurals) {
    EXPECT_EQ(key({"vuejs"}), "vuejs");                    // not "vuej"
    EXPECT_EQ(key({"the", "JS", "bundle"}), "js.bundle");  // not "j"
    EXPECT_EQ(literal_subject({"nodejs", "version"}), "nodejs.version");
    EXPECT_EQ(literal_subject({"the", "tests"}), "test");
}

TEST(KeyNormaliser, ShortNamesAreNoPluralsOfALetter) {  // session 14: "ls -la" keyed `l.la`
    REQUIRE_WORDNET();
    EXPECT_EQ(key({"command", "ls", "-la"}), "command.ls.la");
    EXPECT_EQ(key({"the", "databases"}), "database");  // plurals of words still fold
}

TEST(KeyNormaliser, PronounsStillNameNothing) {
    EXPECT_EQ(key({"it"}), "");
    EXPECT_EQ(key({"the", "answer"}), "");
}

// The one pronoun list (sentence_tokens.h) that the phrasal requests and the constraints read too:
// a pronoun from any of the three former lists names no subject; a demonstrative is kept apart.
TEST(KeyNormaliser, PronounsOfTheSharedListNameNoSubject) {
    for (const char* w : {"it", "them", "whatever", "anything", "ones", "we"})
        EXPECT_EQ(normalise_subject({w}), "") << w;
    EXPECT_TRUE(is_demonstrative("these"));
    EXPECT_FALSE(is_pronoun("this"));  // "this file" names the file: callers decide
    EXPECT_FALSE(is_pronoun("database"));
    EXPECT_NE(normalise_subject({"database"}), "");
}

}  // namespace
}  // namespace bm
