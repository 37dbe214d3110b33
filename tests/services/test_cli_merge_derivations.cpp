// `beliefmerge merge --workspace` applies decisions to derivation labels: a conclusion (orm, derived
// from database) is retracted once its premise is decided unresolvable, and founded once a tied premise is chosen.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_services_fixture.h"

namespace bm::test {
namespace {

// The packed Markdown line of slot `key` ("- key ..."), or "" when the block has none.
std::string item_line(const std::string& block, const std::string& key) {
    std::istringstream in(block);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("- " + key + " ", 0) == 0) return line;
    return {};
}

class CliMergeDerivations : public CliServices {
protected:
    const QStringList oracle{QStringLiteral("--extractor"), QStringLiteral("oracle")};
    CliRun merge() {
        return cli(QStringList{QStringLiteral("merge"), QStringLiteral("--workspace"), workspace, QStringLiteral("--budget"),
                               QStringLiteral("400")} +
                   oracle);
    }
    CliRun decide(const QStringList& decision) {
        return cli(QStringList{QStringLiteral("decide"), workspace, QStringLiteral("--slot"), QStringLiteral("database")} +
                   decision +
                   QStringList{QStringLiteral("--reason"), QStringLiteral("reviewed"), QStringLiteral("--reviewer"),
                               QStringLiteral("ana")} +
                   oracle);
    }
};

TEST_F(CliMergeDerivations, a_premise_decided_unresolvable_retracts_its_conclusion_in_the_packed_block) {
    // With gamma, database is resolved by evidence (mysql), so orm (derived from database) is founded.
    CliRun imported = cli({QStringLiteral("import"), fixture_path("gamma.jsonl"), QStringLiteral("--workspace"), workspace});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    CliRun before = merge();
    ASSERT_EQ(before.exit_code, 0) << before.err;
    const std::string orm_before = item_line(before.out, "orm");
    ASSERT_FALSE(orm_before.empty()) << before.out;
    EXPECT_NE(orm_before.find("(derived from: database)"), std::string::npos) << orm_before;
    EXPECT_EQ(orm_before.find("RETRACTED"), std::string::npos) << orm_before;

    CliRun decided = decide({QStringLiteral("--unresolvable")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun after = merge();
    ASSERT_EQ(after.exit_code, 0) << after.err;
    const std::string orm_after = item_line(after.out, "orm");
    ASSERT_FALSE(orm_after.empty()) << after.out;
    EXPECT_NE(orm_after.find("RETRACTED: unmet premises database"), std::string::npos) << orm_after;
    EXPECT_EQ(orm_after.find("derived from"), std::string::npos) << orm_after;
    // The premise's own line no longer presents evidence's winner as the answer.
    const std::string database_after = item_line(after.out, "database");
    EXPECT_NE(database_after.find("DISPUTED: "), std::string::npos) << database_after;
    EXPECT_NE(database_after.find("(unresolvable, settled by human:ana: reviewed)"), std::string::npos) << database_after;
    EXPECT_EQ(database_after.find("database = mysql"), std::string::npos) << database_after;
}

TEST_F(CliMergeDerivations, a_tied_premise_chosen_by_a_reviewer_founds_its_conclusion_in_the_packed_block) {
    // alpha and beta tie on database: orm's premise is disputed, so orm is retracted.
    CliRun before = merge();
    ASSERT_EQ(before.exit_code, 0) << before.err;
    const std::string orm_before = item_line(before.out, "orm");
    ASSERT_FALSE(orm_before.empty()) << before.out;
    EXPECT_NE(orm_before.find("RETRACTED: unmet premises database"), std::string::npos) << orm_before;

    CliRun decided = decide({QStringLiteral("--choose"), QStringLiteral("postgresql")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun after = merge();
    ASSERT_EQ(after.exit_code, 0) << after.err;
    const std::string orm_after = item_line(after.out, "orm");
    ASSERT_FALSE(orm_after.empty()) << after.out;
    EXPECT_NE(orm_after.find("(derived from: database)"), std::string::npos) << orm_after;
    EXPECT_EQ(orm_after.find("RETRACTED"), std::string::npos) << orm_after;
}

}  // namespace
}  // namespace bm::test
