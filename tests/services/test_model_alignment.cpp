// Model alignment and adjudication through the loopback server: validation drops what a model may
// forge, failures fall back visibly, the symmetry check catches order-sensitive answers, and a run
// replayed from the workspace's records (server stopped) is byte-identical.
#include <gtest/gtest.h>

#include <QCoroTask>
#include <QTemporaryDir>

#include "adjudicate/oracle_replies.h"
#include "adjudicate/resolved_view.h"
#include "extract/heuristic_extractor.h"
#include "extract/oracle_extractor.h"
#include "loopback_server.h"
#include "merge/merger.h"
#include "model_adjudication.h"
#include "model_alignment.h"
#include "services_test_support.h"

namespace bm::test {
namespace {

using nlohmann::json;
using services::ModelCaller;
using services::ServiceConfig;

const QByteArray kChat = QByteArrayLiteral("/v1/chat/completions");

class ModelAlignment : public ::testing::Test {
protected:
    void SetUp() override {
        ensure_app();
        ASSERT_TRUE(server.start());
        config.base_url = server.base_url();
        config.model = QStringLiteral("loopback-model");
        config.backoff_ms = 10;
        sessions = read_fixtures({"alpha.jsonl", "beta.jsonl"});
        ASSERT_EQ(sessions.size(), 2u);
        truth = extract_oracle(sessions, options);
    }
    services::ModelExtraction align(ModelCaller& caller) {
        return QCoro::waitFor(services::extract_with_model(caller, sessions, options));
    }
    LoopbackServer server;
    ServiceConfig config;
    std::vector<Session> sessions;
    ExtractOptions options;
    std::vector<BranchClaims> truth;
};

// Key, value, evidence and quote of every claim, per branch.
std::vector<std::string> claim_lines(const std::vector<BranchClaims>& branches) {
    std::vector<std::string> out;
    for (const auto& b : branches)
        for (const auto& c : b.claims)
            out.push_back(b.branch_id + " " + c.key + "=" + c.value + " e" + std::to_string(static_cast<int>(c.evidence)) +
                          " '" + c.quote + "' " + c.source.message_id + " routes " + std::to_string(c.derived_from.size()));
    std::sort(out.begin(), out.end());
    return out;
}

TEST_F(ModelAlignment, a_correct_alignment_gives_the_oracle_claims) {
    // A reply that takes 200 ms: the event loop must keep ticking during the await.
    server.enqueue(kChat, reply(200, chat_body(QByteArray::fromStdString(oracle_alignment_content(truth))), {}, 200));
    ModelCaller caller(config);
    EventLoopChecker checker;
    auto out = align(caller);
    EXPECT_FALSE(out.fell_back) << (out.error ? out.error->to_string() : "");
    EXPECT_EQ(claim_lines(out.branches), claim_lines(truth));
    EXPECT_EQ(out.report.opinions_kept, 5);
    EXPECT_TRUE(out.warnings.empty());
    // The prompt carries the worked derivedFrom example and every branch's text.
    const auto body = json::parse(server.bodies[0].toStdString());
    const std::string system = body["messages"][0]["content"];
    EXPECT_NE(system.find("\"derivedFrom\":[\"database\"]"), std::string::npos);
    const std::string user = body["messages"][1]["content"];
    EXPECT_NE(user.find("The database is MySQL."), std::string::npos);
    EXPECT_EQ(body["reasoning_effort"], "low");
    EXPECT_GT(checker.ticks(), 15);
    EXPECT_LT(checker.max_gap_ms(), 100);
    // Merged: the orm derives from database, database and cache are ties.
    MergedSnapshot snap = merge_branches(out.branches);
    ASSERT_NE(snap.find("database"), nullptr);
    EXPECT_EQ(snap.find("database")->state, SlotState::kDisputed);
    ASSERT_NE(snap.find("orm"), nullptr);
    EXPECT_FALSE(snap.find("orm")->routes.empty());
}

TEST_F(ModelAlignment, forged_source_non_verbatim_quote_and_unknown_premise_are_dropped_and_counted) {
    json reply_json = json::parse(oracle_alignment_content(truth));
    for (auto& slot : reply_json["slots"]) {
        if (slot["key"] == "database")
            slot["opinions"].push_back({{"source", "gamma-forged"}, {"value", "mysql"}, {"evidence", 4},
                                        {"quote", "The database is MySQL."}});
        if (slot["key"] == "cache")
            for (auto& o : slot["opinions"])
                if (o["value"] == "redis") o["quote"] = "The cache is definitely Redis.";  // paraphrase
        if (slot["key"] == "orm") slot["derivedFrom"].push_back("hosting.region");
    }
    server.enqueue(kChat, reply(200, chat_body(QByteArray::fromStdString(reply_json.dump()))));
    ModelCaller caller(config);
    auto out = align(caller);
    ASSERT_FALSE(out.fell_back);
    EXPECT_EQ(out.report.unknown_sources, 1);
    EXPECT_EQ(out.report.unverified_quotes, 1);
    EXPECT_EQ(out.report.unknown_derived_from, 1);
    EXPECT_EQ(out.report.opinions_in_reply, 6);
    EXPECT_EQ(out.report.opinions_kept, 4);
    ASSERT_FALSE(out.warnings.empty());
    EXPECT_NE(out.warnings[0].find("1 unknown source"), std::string::npos);
    EXPECT_NE(out.warnings[0].find("1 non-verbatim quote"), std::string::npos);
    EXPECT_NE(out.warnings[0].find("1 unknown derivedFrom key"), std::string::npos);
    MergedSnapshot snap = merge_branches(out.branches);
    // The forged corroboration did not break the tie; redis lost its only opinion.
    EXPECT_EQ(snap.find("database")->state, SlotState::kDisputed);
    EXPECT_EQ(snap.find("cache")->state, SlotState::kSettled);
    // The real premise stayed.
    ASSERT_EQ(snap.find("orm")->routes.size(), 1u);
}

TEST_F(ModelAlignment, malformed_json_content_falls_back_to_the_heuristic_with_a_warning) {
    server.enqueue(kChat, reply(200, chat_body("Sure! Here are the slots: {\"slots\": [ {\"key\": ")));
    ModelCaller caller(config);
    auto out = align(caller);
    ASSERT_TRUE(out.fell_back);
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(out.error->kind, ModelErrorKind::kMalformed);
    EXPECT_EQ(claim_lines(out.branches), claim_lines(extract_heuristic(sessions, options)));
    ASSERT_EQ(out.warnings.size(), 1u);
    EXPECT_NE(out.warnings[0].find("fell back to the heuristic extractor"), std::string::npos);
}

TEST_F(ModelAlignment, empty_reply_with_finish_length_falls_back_with_a_clear_error) {
    server.enqueue(kChat, reply(200, chat_body("", "length")));
    ModelCaller caller(config);
    auto out = align(caller);
    ASSERT_TRUE(out.fell_back);
    EXPECT_EQ(out.error->kind, ModelErrorKind::kTruncated);
    EXPECT_NE(out.warnings[0].find("finish_reason=length"), std::string::npos);
}

TEST_F(ModelAlignment, json_in_a_code_fence_is_accepted) {
    const std::string fenced = "```json\n" + oracle_alignment_content(truth) + "\n```";
    server.enqueue(kChat, reply(200, chat_body(QByteArray::fromStdString(fenced))));
    ModelCaller caller(config);
    auto out = align(caller);
    EXPECT_FALSE(out.fell_back);
    EXPECT_EQ(out.report.opinions_kept, 5);
}

// --- adjudication ---------------------------------------------------------------------------

// Answers adjudication requests with `pick(key, options in the order shown)`.
using Picker = std::function<json(const std::string& key, const std::vector<std::string>& shown)>;

ScriptedReply adjudication_reply(const QByteArray& body, const Picker& pick) {
    const auto request = json::parse(body.toStdString());
    const std::string user = request["messages"][1]["content"];
    json resolutions = json::array();
    size_t at = 0;
    while ((at = user.find("\nkey \"", at)) != std::string::npos) {
        at += 6;
        const std::string key = user.substr(at, user.find('"', at) - at);
        std::vector<std::string> shown;
        size_t line = user.find('\n', at);
        while (line != std::string::npos && user.compare(line + 1, 3, "- \"") == 0) {
            const size_t v = line + 4;
            shown.push_back(user.substr(v, user.find('"', v) - v));
            line = user.find('\n', v);
        }
        json r = pick(key, shown);
        r["key"] = key;
        resolutions.push_back(r);
    }
    return reply(200, chat_body(QByteArray::fromStdString(json{{"resolutions", resolutions}}.dump())));
}

class ModelAdjudication : public ModelAlignment {
protected:
    void SetUp() override {
        ModelAlignment::SetUp();
        snapshot = merge_branches(truth);
    }
    services::AdjudicationRun adjudicate(const Picker& pick) {
        server.handler = [pick](const QByteArray&, const QByteArray& body) { return adjudication_reply(body, pick); };
        ModelCaller caller(config);
        return QCoro::waitFor(services::adjudicate_with_model(caller, snapshot));
    }
    MergedSnapshot snapshot;
};

TEST_F(ModelAdjudication, only_disputed_slots_are_asked_and_a_consistent_choice_stands) {
    auto run = adjudicate([](const std::string& key, const std::vector<std::string>&) {
        return key == "database" ? json{{"outcome", "choose"}, {"value", "postgresql"}}
                                 : json{{"outcome", "both"}};
    });
    ASSERT_FALSE(run.error.has_value());
    ASSERT_EQ(run.cases.size(), 2u);  // cache and database; orm is settled
    EXPECT_EQ(server.bodies.size(), 2);  // forward + reversed
    ASSERT_EQ(run.resolutions.count("database"), 1u);
    EXPECT_EQ(run.resolutions["database"].kind, ResolutionKind::kChoose);
    EXPECT_EQ(run.resolutions["database"].value, "postgresql");
    EXPECT_EQ(run.resolutions["cache"].kind, ResolutionKind::kBoth);
    EXPECT_TRUE(run.order_sensitive.empty());
}

TEST_F(ModelAdjudication, an_invented_value_is_rejected_and_the_tie_stands) {
    auto run = adjudicate([](const std::string& key, const std::vector<std::string>&) {
        return key == "database" ? json{{"outcome", "choose"}, {"value", "sqlite"}}
                                 : json{{"outcome", "unresolvable"}};
    });
    EXPECT_EQ(run.resolutions.count("database"), 0u);
    EXPECT_EQ(run.forward_report.invented_values, 1);
    EXPECT_EQ(run.reversed_report.invented_values, 1);
    bool warned = false;
    for (const auto& w : run.warnings) warned |= w.find("not one of the tied values") != std::string::npos;
    EXPECT_TRUE(warned);
    EXPECT_EQ(run.resolutions["cache"].kind, ResolutionKind::kUnresolvable);
}

TEST_F(ModelAdjudication, a_choice_that_flips_under_option_reversal_is_downgraded_and_marked) {
    // A position-biased model: always picks the first option shown.
    auto run = adjudicate([](const std::string&, const std::vector<std::string>& shown) {
        return json{{"outcome", "choose"}, {"value", shown.front()}};
    });
    ASSERT_EQ(run.resolutions.size(), 2u);
    for (const auto& [key, r] : run.resolutions) {
        EXPECT_EQ(r.kind, ResolutionKind::kUnresolvable) << key;
        EXPECT_TRUE(r.order_sensitive) << key;
    }
    EXPECT_EQ(run.order_sensitive.size(), 2u);
}

TEST_F(ModelAdjudication, a_conditional_without_a_guard_is_rejected) {
    auto run = adjudicate([](const std::string&, const std::vector<std::string>&) {
        return json{{"outcome", "conditional"}};
    });
    EXPECT_TRUE(run.resolutions.empty());
    EXPECT_EQ(run.forward_report.missing_guards, 2);
}

TEST_F(ModelAdjudication, no_ties_means_no_call) {
    snapshot = merge_branches(extract_oracle(read_fixtures({"alpha.jsonl"}), options));
    auto run = adjudicate([](const std::string&, const std::vector<std::string>&) { return json::object(); });
    EXPECT_TRUE(run.cases.empty());
    EXPECT_EQ(server.bodies.size(), 0);
}

// --- record / replay ------------------------------------------------------------------------

TEST_F(ModelAdjudication, a_run_replayed_from_records_with_the_server_stopped_is_byte_identical) {
    QTemporaryDir dir;
    config.workspace_path = dir.filePath(QStringLiteral("ws.bmws"));
    const std::string content = oracle_alignment_content(truth);
    server.handler = [content](const QByteArray&, const QByteArray& body) {
        const auto request = json::parse(body.toStdString());
        if (request["messages"][0]["content"].get<std::string>().find("You align") == 0)
            return reply(200, chat_body(QByteArray::fromStdString(content)));
        return adjudication_reply(body, [](const std::string& key, const std::vector<std::string>&) {
            return key == "database" ? json{{"outcome", "choose"}, {"value", "mysql"}}
                                     : json{{"outcome", "conditional"}, {"guard", "redis in production"}};
        });
    };
    auto run_once = [&](services::ReplayMode mode, int* network_calls) {
        ServiceConfig c = config;
        c.replay = mode;
        ModelCaller caller(c);
        auto extraction = QCoro::waitFor(services::extract_with_model(caller, sessions, options));
        EXPECT_FALSE(extraction.fell_back);
        MergedSnapshot snap = merge_branches(extraction.branches);
        auto run = QCoro::waitFor(services::adjudicate_with_model(caller, snap));
        std::vector<EffectiveResolution> effective;
        for (const auto& [key, r] : run.resolutions) {
            ModelResolutionRecord m;
            m.slot_key = key;
            m.annotation_digest = annotation_digest(snap, *snap.find(key));
            m.model = "loopback-model";
            m.resolution = r;
            effective.push_back(effective_resolution(key, m.annotation_digest, {}, {m}));
        }
        *network_calls = caller.network_calls();
        return serialize_resolved(snap, effective);
    };
    int first_calls = 0, replay_calls = 0;
    const std::string original = run_once(services::ReplayMode::kAuto, &first_calls);
    EXPECT_EQ(first_calls, 3);  // align + forward + reversed
    server.stop();
    const std::string replayed = run_once(services::ReplayMode::kReplayOnly, &replay_calls);
    EXPECT_EQ(replay_calls, 0);
    EXPECT_EQ(original, replayed);
    EXPECT_NE(original.find("\"guard\":\"redis in production\""), std::string::npos);
    // The API key is never part of a record.
    auto store = ModelCallStore::open(config.workspace_path.toStdString());
    ASSERT_TRUE(store);
    EXPECT_EQ(*(*store)->count(), 3);
}

TEST_F(ModelAlignment, replay_without_a_record_falls_back_and_says_why) {
    QTemporaryDir dir;
    config.workspace_path = dir.filePath(QStringLiteral("ws.bmws"));
    config.replay = services::ReplayMode::kReplayOnly;
    ModelCaller caller(config);
    auto out = align(caller);
    ASSERT_TRUE(out.fell_back);
    EXPECT_EQ(out.error->kind, ModelErrorKind::kNotRecorded);
    EXPECT_EQ(server.bodies.size(), 0);
}

}  // namespace
}  // namespace bm::test
