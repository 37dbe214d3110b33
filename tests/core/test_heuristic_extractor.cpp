// Heuristic extractor: phrasings meet on one key, competing values become a dispute, cues link premises.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/shared_data.h"
#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "merge/merger.h"

namespace bm {
namespace {

std::string native(const std::string& id, const std::string& role, const std::string& text) {
    return "{\"type\":\"beliefmerge.session\",\"version\":1,\"id\":\"" + id + "\"}\n{\"type\":\"message\",\"role\":\"" +
           role + "\",\"content\":\"" + text + "\"}\n";
}

std::vector<Session> sessions_of(const std::vector<std::string>& logs) {
    std::vector<Session> out;
    for (size_t i = 0; i < logs.size(); ++i) {
        ReadResult r = read_bytes(logs[i], "log" + std::to_string(i) + ".jsonl");
        EXPECT_TRUE(r.ok());
        for (auto& s : r.sessions) out.push_back(std::move(s));
    }
    return out;
}

TEST(HeuristicExtractor, DifferentPhrasingsOfOneSubjectLandOnOneKey) {
    auto sessions = sessions_of({native("a", "user", "We will use PostgreSQL for the database."),
                                 native("b", "user", "The database engine is PostgreSQL 15."),
                                 native("c", "user", "Switch the database to PostgreSQL now.")});
    // "switch X to Y" is rule user.change_to, off by default since its dev precision (rule_table.cpp).
    ExtractOptions all;
    all.all_rules = true;
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, all));
    const Slot* s = snap.find("database");
    ASSERT_NE(s, nullptr) << snap.serialize();
    EXPECT_EQ(s->state, SlotState::kSettled);
    EXPECT_EQ(s->winner, "postgresql");
    ASSERT_EQ(s->values.size(), 1u);
    EXPECT_EQ(s->values[0].supporters.size(), 3u);
}

TEST(HeuristicExtractor, AbbreviationsAndPluralsMeetThroughTheLexicalSignals) {
    auto sessions = sessions_of({native("a", "user", "Use PostgreSQL for the database."),
                                 native("b", "user", "The DB engines are MySQL.")});
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, {}));
    const Slot* s = snap.find("database");
    ASSERT_NE(s, nullptr) << snap.serialize();
    EXPECT_EQ(s->state, SlotState::kDisputed);
    EXPECT_EQ(s->tied, (std::vector<std::string>{"mysql", "postgresql"}));
}

TEST(HeuristicExtractor, ASharedDagPrefixCountsOnce) {
    // One user statement, then a rewind: two leaves share the first message.
    const std::string claude =
        "{\"type\":\"user\",\"sessionId\":\"c1\",\"uuid\":\"u1\",\"parentUuid\":null,\"message\":{\"role\":\"user\",\"content\":\"The database is MySQL.\"}}\n"
        "{\"type\":\"assistant\",\"sessionId\":\"c1\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"One way.\"}]}}\n"
        "{\"type\":\"assistant\",\"sessionId\":\"c1\",\"uuid\":\"a2\",\"parentUuid\":\"u1\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Another way.\"}]}}\n";
    auto sessions = sessions_of({claude, native("b", "user", "Use PostgreSQL for the database.")});
    ASSERT_EQ(sessions[0].branches.size(), 2u);
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, {}));
    const Slot* s = snap.find("database");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->state, SlotState::kDisputed) << snap.serialize();  // 8 vs 8, not 16 vs 8
}

TEST(HeuristicExtractor, CompetingValuesOnOneKeyBecomeADispute) {
    auto sessions = sessions_of({native("a", "user", "Use PostgreSQL for the database."),
                                 native("b", "user", "The database is MySQL.")});
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, {}));
    const Slot* s = snap.find("database");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->state, SlotState::kDisputed);
    EXPECT_EQ(s->tied, (std::vector<std::string>{"mysql", "postgresql"}));
    // Quotes are verbatim spans of the message text.
    for (const auto& v : s->values)
        for (ClaimRef r : v.supporters) {
            const Claim& c = snap.claim(r);
            EXPECT_NE(c.quote.find(c.value == "mysql" ? "MySQL" : "PostgreSQL"), std::string::npos);
        }
}

TEST(HeuristicExtractor, CuesLinkConclusionsToPremisesAndNegationsRefute) {
    Claim origin;
    origin.evidence = EvidenceLevel::kInferred;
    auto claims = extract_from_text("The retention period is 7 years because orders are financial records. "
                                    "The cache is not Redis. Maybe the port is 8080.",
                                    origin, false);
    ASSERT_EQ(claims.size(), 4u);
    EXPECT_EQ(claims[0].key, "retention.period");
    EXPECT_EQ(claims[0].value, "7years");
    EXPECT_EQ(claims[0].derived_from, (std::vector<std::vector<std::string>>{{"order"}}));
    EXPECT_EQ(claims[1].key, "order");
    EXPECT_EQ(claims[2].key, "cache");
    EXPECT_EQ(claims[2].value, "not-redis");
    EXPECT_EQ(claims[2].type, SlotType::kRefuted);
    EXPECT_EQ(claims[3].evidence, EvidenceLevel::kSpeculative);  // hedged
}

TEST(HeuristicExtractor, ChatterCodeAndSecretsAreNotClaims) {
    Claim origin;
    auto claims = extract_from_text("Sure, that is great! It is done. x = np.zeros((3, 3)) == y; "
                                    "The key is [REDACTED:openai:1234abcd].",
                                    origin, false);
    EXPECT_TRUE(claims.empty()) << claims[0].key << "=" << claims[0].value;
}

std::string keyed(const std::vector<Claim>& claims) {
    std::string out;
    for (const auto& c : claims) out += c.key + "=" + c.value + "(" + slot_type_name(c.type) + ") ";
    return out;
}

TEST(HeuristicExtractor, UserRequestsBecomeGoalsConstraintsAndToolChoices) {
    Claim origin;
    auto claims = extract_from_text("Read src/main.py and add a docstring to the top. Then stop. "
                                    "Do NOT use the read tool and do NOT use bash or shell commands. "
                                    "Use the write tool to create notes.txt. Do not use any tools. "
                                    "Reply with exactly the single word DONE.",
                                    origin, true);
    EXPECT_EQ(keyed(claims),
              // A request's value is its own words (rule_table.h: user.request), not "assert", under a
              // goal.* key; a tool instruction keeps its words under the tool it names, to the clause's end.
              // The request after "Read src/main.py and" works on that file (user.request_on_file); "any
              // tools" is the whole class, keyed by its word as written.
              "read.main.py=Read src/main.py(Goal) goal.add.main.py=add a docstring to the top(Goal) "
              "tool.read=Do NOT use the read tool(Constraint) use.bash=refute(Constraint) "
              "tool.write=Use the write tool to create notes.txt(Constraint) tools=Do not use any tools(Constraint) "
              "reply=done(Constraint) ");
    // The same words from an assistant are not its requests and its tool instructions are not new
    // ones (it restates the user's), nor is its restated reply instruction (session 16); only the choice stays.
    auto assistant = extract_from_text("Let me read the file first. I'll use Redis. Use the bash tool to run it. "
                                       "I should now reply with just DONE.",
                                       origin, false);
    EXPECT_EQ(keyed(assistant), "use.redis=assert(Decision) ");
    // A polite question is a request; a reply without a literal is keyed by what it should hold (a one-turn
    // instruction, turn.reply_instruction; session 16).
    auto polite = extract_from_text("can you analyse the MD files in this directory? Reply with a short summary.",
                                    origin, true);
    EXPECT_EQ(keyed(polite), "goal.analyse.md.file=analyse the MD files in this directory(Goal) "
                             "reply.short.summary=Reply with a short summary(Goal) ");
    // A user's wish is a request from its verb on; the same words from the agent are its own plan.
    auto wish = extract_from_text("I need you to fix the login redirect. We'd like to add dark mode.", origin, true);
    EXPECT_EQ(keyed(wish), "goal.fix.login.redirect=fix the login redirect(Goal) goal.add.dark.mode=add dark mode(Goal) ");
    EXPECT_EQ(keyed(extract_from_text("I need to fix the login redirect.", origin, false)), "");
    // A needed thing (no verb) is no request; since session 16 it is the user's constraint (user.wanted_thing).
    EXPECT_EQ(keyed(extract_from_text("I need the report by Friday.", origin, true)), "report.wanted=the report by Friday(Constraint) ");
}

TEST(HeuristicExtractor, OutcomeVerbsAdverbsAndOtherToolsAreReadAsMeant) {
    Claim origin;
    // Subject-verb-object with no copula; an adverb after the copula is not the value; "any other
    // tools" names no tool (no tool = not-other, no tool = none).
    auto claims = extract_from_text("This prompt triggers a recorded provider error. The cache is already Redis.", origin, true);
    EXPECT_EQ(keyed(claims), "prompt.outcome=recorded-provider-error(Fact) cache=redis(Fact) ");
    EXPECT_EQ(keyed(extract_from_text("Do not use any other tools. Do not call any other tool.", origin, true)), "");
}

TEST(HeuristicExtractor, PortsOfAServiceMeetHoweverTheyAreSaid) {
    auto sessions = sessions_of({native("a", "assistant", "Understood. The service listens on port 8080, and the cache is Redis."),
                                 native("b", "user", "The service port should be 9090.")});
    // text.port is off by default since session 33 (dev 0 of 1 good): the merge is tested with every rule on.
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, testing::every_rule()));
    const Slot* s = snap.find("service.port");
    ASSERT_NE(s, nullptr) << snap.serialize();
    ASSERT_EQ(s->values.size(), 2u) << snap.serialize();
    EXPECT_EQ(s->values[0].value, "8080");
    EXPECT_EQ(s->values[1].value, "9090");
    EXPECT_EQ(s->winner, "9090");  // the user's word (8) outweighs the assistant's (2)
}

TEST(HeuristicExtractor, ToolResultsStateExitCodesTestCountsAndFiles) {
    Claim origin;
    origin.source.tool_name = "bash";
    std::string text = "(no output)\n[exit code: 1]";
    EXPECT_EQ(keyed(tool_result_facts_as_claims(text, origin)), "bash.exit.code=1(Fact) ");
    text = "===== 5 passed, 1 failed in 0.20s =====";
    EXPECT_EQ(keyed(tool_result_facts_as_claims(text, origin)), "test.passed=5(Fact) test.failed=1(Fact) ");
    text = "<path>{{cwd}}/workspace/notes.txt</path>\n<type>file</type>";
    EXPECT_EQ(keyed(tool_result_facts_as_claims(text, origin)), "file.workspace/notes.txt=exists(Artifact) ");
    // Keyed by its path as the action rules key a path argument: relative to the run's directory (session 22).
    EXPECT_EQ(keyed(tool_result_facts_as_claims(text, origin, "{{cwd}}/workspace")), "file.notes.txt=exists(Artifact) ");
    text = "Error: cannot read \"{{cwd}}/deleted.txt\": not found";
    auto missing = tool_result_facts_as_claims(text, origin);
    EXPECT_EQ(keyed(missing), "file.deleted.txt=missing(Artifact) ");
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(text.substr(static_cast<size_t>(missing[0].quote_offset), missing[0].quote.size()), missing[0].quote);
    // Versions and placeholders are not files; a number without a marker is not an exit code.
    text = "psql (PostgreSQL) 15.4. Exit code N. Returned 3 rows.";
    EXPECT_EQ(keyed(tool_result_facts_as_claims(text, origin)), "");
}

TEST(HeuristicExtractor, EverySharedLogMergesWithoutViolations) {
    const std::filesystem::path dir = testing::shared_data_path("sessions");
    if (const std::string why = testing::shared_data_missing(dir); !why.empty()) GTEST_SKIP() << why;
    size_t with_claims = 0, logs = 0;
    for (const auto& fmt : std::filesystem::directory_iterator(dir)) {
        if (!fmt.is_directory()) continue;
        for (const auto& f : std::filesystem::directory_iterator(fmt.path())) {
            ReadResult r = read_file(f.path().string());
            ASSERT_TRUE(r.ok()) << f.path();
            auto branches = extract_heuristic(r.sessions, {});
            size_t claims = 0;
            for (const auto& b : branches) claims += b.claims.size();
            MergedSnapshot snap = merge_branches(std::move(branches));
            EXPECT_TRUE(snap.violations.empty()) << f.path();
            ++logs;
            with_claims += claims > 0;
        }
    }
    // Many shared logs are harness test fixtures with one-word replies or no messages at all.
    EXPECT_GE(with_claims, 40u) << "of " << logs;
}

}  // namespace
}  // namespace bm
