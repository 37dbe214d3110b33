// `beliefmerge adjudicate --json` relabels derivations under the workspace's decisions (as `merge
// --workspace` and the studio do), and `merge` names a stale decision on a slot evidence settled
// since.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_services_fixture.h"

namespace bm::test {
namespace {

using nlohmann::json;

// The slot `key` of an `adjudicate --json` document's snapshot (null when absent).
json slot_of(const json& doc, const std::string& key) {
    for (const auto& s : doc["snapshot"]["slots"])
        if (s["key"] == key) return s;
    return nullptr;
}

class CliAdjudicateDerivations : public CliServices {
protected:
    const QStringList oracle{QStringLiteral("--extractor"), QStringLiteral("oracle")};
    CliRun adjudicate_json() {
        return cli(QStringList{QStringLiteral("adjudicate"), workspace, QStringLiteral("--json"),
                               QStringLiteral("--model"), QStringLiteral("loopback-model"),
                               QStringLiteral("--endpoint"), server.base_url().toString()} +
                   oracle);
    }
    CliRun decide(const QStringList& decision) {
        return cli(QStringList{QStringLiteral("decide"), workspace, QStringLiteral("--slot"),
                               QStringLiteral("database")} +
                   decision +
                   QStringList{QStringLiteral("--reason"), QStringLiteral("reviewed"),
                               QStringLiteral("--reviewer"), QStringLiteral("ana")} +
                   oracle);
    }
    void import_gamma() {
        CliRun imported = cli({QStringLiteral("import"), fixture_path("gamma.jsonl"),
                               QStringLiteral("--workspace"), workspace});
        ASSERT_EQ(imported.exit_code, 0) << imported.err;
    }
};

TEST_F(CliAdjudicateDerivations,
       adjudicate_json_retracts_a_conclusion_after_its_premise_is_decided_unresolvable) {
    serve();
    // With gamma, evidence settles database (mysql), so orm (derived from database) is founded.
    import_gamma();
    CliRun before = adjudicate_json();
    ASSERT_EQ(before.exit_code, 0) << before.err;
    const json orm_before = slot_of(json::parse(before.out), "orm");
    ASSERT_FALSE(orm_before.is_null()) << before.out;
    EXPECT_EQ(orm_before["derivation"]["status"], "founded") << orm_before.dump();
    EXPECT_EQ(orm_before["derivation"]["unmet"], json::array()) << orm_before.dump();

    CliRun decided = decide({QStringLiteral("--unresolvable")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun after = adjudicate_json();
    ASSERT_EQ(after.exit_code, 0) << after.err;
    const json doc = json::parse(after.out);
    const json orm_after = slot_of(doc, "orm");
    ASSERT_FALSE(orm_after.is_null()) << after.out;
    EXPECT_EQ(orm_after["derivation"]["status"], "retracted") << orm_after.dump();
    EXPECT_EQ(orm_after["derivation"]["unmet"], json::array({"database"})) << orm_after.dump();
    // Only the derivation label moved: the premise's annotation (state, winner) is the merge's, and
    // the decision stands beside it.
    const json database = slot_of(doc, "database");
    EXPECT_EQ(database["state"], slot_of(json::parse(before.out), "database")["state"]);
    bool human = false;
    for (const auto& r : doc["resolutions"])
        if (r["key"] == "database")
            human = r["origin"] == "human" && r["resolution"]["kind"] == "unresolvable";
    EXPECT_TRUE(human) << doc["resolutions"].dump();
    // The same labels as `merge --workspace` renders.
    CliRun merged = cli(QStringList{QStringLiteral("merge"), QStringLiteral("--workspace"),
                                    workspace, QStringLiteral("--budget"), QStringLiteral("400")} +
                        oracle);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_NE(merged.out.find("RETRACTED: unmet premises database"), std::string::npos)
        << merged.out;
    // Byte-stable: a second run prints the same document.
    CliRun again = adjudicate_json();
    EXPECT_EQ(again.out, after.out);
}

TEST_F(CliAdjudicateDerivations,
       adjudicate_json_founds_a_conclusion_on_the_models_choice_until_a_human_withdraws_it) {
    serve();  // the model chooses mysql for the tied database
    // alpha and beta tie on database, so the merge alone retracts orm; the model's choice founds
    // it.
    CliRun chosen = adjudicate_json();
    ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
    const json doc = json::parse(chosen.out);
    EXPECT_EQ(slot_of(doc, "database")["state"], "disputed") << chosen.out;
    EXPECT_EQ(slot_of(doc, "orm")["derivation"]["status"], "founded") << chosen.out;
    // A human's unresolvable takes precedence over the model: orm is retracted again.
    CliRun decided = decide({QStringLiteral("--unresolvable")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun after = adjudicate_json();
    ASSERT_EQ(after.exit_code, 0) << after.err;
    const json orm = slot_of(json::parse(after.out), "orm");
    EXPECT_EQ(orm["derivation"]["status"], "retracted") << after.out;
    EXPECT_EQ(orm["derivation"]["unmet"], json::array({"database"})) << after.out;
}

TEST_F(CliAdjudicateDerivations,
       merge_names_a_stale_decision_on_a_slot_evidence_has_since_settled) {
    CliRun decided = decide({QStringLiteral("--choose"), QStringLiteral("postgresql")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    import_gamma();  // gamma's MySQL statement settles database by evidence: the decision is stale
    CliRun merged = cli(QStringList{QStringLiteral("merge"), QStringLiteral("--workspace"),
                                    workspace, QStringLiteral("--budget"), QStringLiteral("400")} +
                        oracle);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    std::istringstream in(merged.out);
    std::string database;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("- database ", 0) == 0) database = line;
    EXPECT_EQ(database.rfind("- database = mysql (fact; resolved over 1", 0), 0u) << merged.out;
    EXPECT_NE(
        database.find(
            "(a stale decision was not applied: by human:ana, made before the evidence changed)"),
        std::string::npos)
        << database;
    EXPECT_EQ(database.find("settled by"), std::string::npos) << database;
}

}  // namespace
}  // namespace bm::test
