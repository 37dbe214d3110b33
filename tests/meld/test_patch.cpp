// Patches: MAC verification before any signal is read, tamper detection, the append-only log in
// a real SQLite workspace, restore and re-adjudicating replay; echo-safety.
#include <unistd.h>

#include <atomic>
#include <bit>
#include <filesystem>
#include <random>

#include "meld/patch_log.h"
#include "meld/transport/wire.h"
#include "util/canonical_json.h"
#include "util/hash.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

// Wraps the lexical provider and counts every signal read.
class CountingProvider final : public SignalProvider {
public:
    explicit CountingProvider(const SignalProvider& inner) : m_inner(inner) {}
    double similarity(std::string_view a, std::string_view b) const override {
        ++reads;
        return m_inner.similarity(a, b);
    }
    ContradictionVerdict contradiction(std::string_view a, std::string_view b) const override {
        ++reads;
        return m_inner.contradiction(a, b);
    }
    std::string identity() const override { return "counting(" + m_inner.identity() + ")"; }
    mutable std::atomic<int> reads{0};

private:
    const SignalProvider& m_inner;
};

std::string temp_path(const std::string& name) {
    static std::atomic<int> n{0};
    return (std::filesystem::temp_directory_path() /
            ("bm_meld_" + std::to_string(::getpid()) + "_" + std::to_string(n++) + "_" + name))
        .string();
}

TEST(Mac, ForgedDeltaAndTamperedPatchAreDroppedBeforeAnySignalIsRead) {
    auto counting = std::make_shared<CountingProvider>(lexical_engine()->provider());
    auto engine = std::make_shared<SignalEngine>(counting);
    const KeyDirectory dir = figure2_directory();
    Brain b("B", dir, lexical_default_thresholds(), engine);
    b.assert_claim(claim(kC1, "jurisdiction:EU"));
    const int baseline = counting->reads;

    // Forged: signed with a key that is not A's.
    KeyDirectory outsider = dir;
    outsider.brains["A"].key = "not the key of brain A, but 32+ bytes long";
    Admission forged = b.receive(signed_claim(outsider, "A", claim(kParaphrase, "jurisdiction:EU")));
    EXPECT_EQ(forged.outcome, Admission::Outcome::kDroppedMac);
    EXPECT_FALSE(forged.patch.has_value()) << "a dropped delta is not a reject: no Patch";
    // Tampered in transit after signing.
    Delta altered = signed_claim(dir, "A", claim(kParaphrase, "jurisdiction:EU"));
    altered.claim->text = "Customer data may be sold after seven years";
    EXPECT_EQ(b.receive(altered).outcome, Admission::Outcome::kDroppedMac);
    EXPECT_EQ(counting->reads, baseline) << "no signal may be read for an unverified delta";

    // A Patch tampered after signing, re-published to another brain.
    Brain peer("A", dir, lexical_default_thresholds(), engine);
    Admission ok = peer.receive(signed_claim(dir, "T", claim(kC2, "jurisdiction:EU")));
    ASSERT_TRUE(ok.patch);
    Patch tampered = *ok.patch;
    tampered.decision = Decision::kMerge;
    const int before = counting->reads;
    EXPECT_EQ(b.receive_patch(tampered).outcome, Admission::Outcome::kDroppedMac);
    EXPECT_EQ(counting->reads, before);
    EXPECT_FALSE(b.apply(tampered).ok());
    // The untampered Patch is verified and its delta re-adjudicated by the receiver itself.
    Admission readjudicated = b.receive_patch(*ok.patch);
    ASSERT_TRUE(readjudicated.patch);
    EXPECT_EQ(readjudicated.patch->decision, Decision::kConflict) << "B holds c1, so c2 conflicts here";
    EXPECT_EQ(ok.patch->decision, Decision::kInsert) << "A held nothing, so it inserted";
    // A correctly authenticated delta is admitted.
    EXPECT_EQ(b.receive(signed_claim(dir, "A", claim(kParaphrase, "jurisdiction:EU"))).outcome,
              Admission::Outcome::kAdmitted);
}

// Content that has no canonical form (invalid UTF-8 here) is never signed: before, every such delta
// from one sender shared the MAC of the empty string, and so verified with any other's MAC.
TEST(Mac, ContentWithoutACanonicalFormIsNeverSignedNorAdmitted) {
    const KeyDirectory dir = figure2_directory();
    Delta a = signed_claim(dir, "A", claim("bad byte \xff here", "jurisdiction:EU"));
    Delta b = signed_claim(dir, "A", claim("another \xfe one", "jurisdiction:EU"));
    EXPECT_TRUE(a.mac.empty());
    EXPECT_FALSE(a.verify(dir));
    b.mac = std::string(64, '0');
    EXPECT_FALSE(b.verify(dir));
    Delta good = signed_claim(dir, "A", claim(kC1, "jurisdiction:EU"));
    a.mac = good.mac;  // a MAC that verifies for other content
    EXPECT_FALSE(a.verify(dir));
    Brain brain("B", dir, lexical_default_thresholds(), lexical_engine());
    EXPECT_EQ(brain.receive(a).outcome, Admission::Outcome::kDroppedMac);
    EXPECT_TRUE(brain.claims().empty());
    StatusLink link;
    link.claim = "\xff";
    link.seal();
    EXPECT_TRUE(link.id.empty());
    Patch p;
    p.brain = "B";
    p.subject = "\xc3";  // a truncated two-byte sequence
    p.seal(dir);
    EXPECT_TRUE(p.id.empty());
    EXPECT_TRUE(p.mac.empty());
    p.id = std::string(64, 'a');
    p.mac = std::string(64, 'b');
    EXPECT_FALSE(p.verify(dir));
}

TEST(Mac, PatchSurvivesJsonRoundTripAndRedeliveryIsIdempotent) {
    const KeyDirectory dir = figure2_directory();
    Brain b("B", dir, lexical_default_thresholds(), lexical_engine());
    b.assert_claim(claim(kC1, "jurisdiction:EU"));
    Delta d = signed_claim(dir, "A", claim(kParaphrase, "jurisdiction:EU"));
    Admission a = b.receive(d);
    ASSERT_TRUE(a.patch);
    auto back = Patch::from_json(nlohmann::json::parse(a.patch->to_json().dump()), Location{"test"});
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_TRUE(back->verify(dir));
    EXPECT_EQ(back->body_bytes(), a.patch->body_bytes());
    EXPECT_EQ(b.receive(d).outcome, Admission::Outcome::kDuplicate);
    EXPECT_EQ(b.claims().size(), 2u);
}

// Patch, delta and status-link bytes are written directly in key order (CanonicalWriter); they must
// equal RFC 8785 over the JSON forms the log stores, for any content: escapes, non-ASCII and
// supplementary characters, doubles of every magnitude, integers around 2^53, optional members.
TEST(CanonicalBytes, DirectWritersEqualCanonicalJsonOfTheJsonFormsOnRandomPatches) {
    std::mt19937_64 rng(1301);
    const std::vector<std::string> pieces = {"a", "Z", " ", "\"", "\\", "\n", "\x01", "é", "\xef\xbd\xa1",
                                             "\xf0\x9f\x98\x80", "\xee\x80\x80", "0", "team:x"};
    auto text = [&] {
        std::string s;
        for (int n = static_cast<int>(rng() % 6); n > 0; --n) s += pieces[rng() % pieces.size()];
        return s;
    };
    auto real = [&]() -> double {
        switch (rng() % 4) {
            case 0: return static_cast<double>(rng() % 1000) / 1000.0;
            case 1: return std::bit_cast<double>(rng() & 0xffefffffffffffffULL);  // either sign, finite
            case 2: return static_cast<double>(int64_t{1} << 53) + static_cast<double>(rng() % 5) - 2.0;
            default: return static_cast<double>(rng() % 7);
        }
    };
    auto integer = [&]() -> int64_t {
        switch (rng() % 3) {
            case 0: return (int64_t{1} << 53) + static_cast<int64_t>(rng() % 5) - 2;
            case 1: return -static_cast<int64_t>(rng() >> (rng() % 64 + 1));
            default: return static_cast<int64_t>(rng() % 100);
        }
    };
    auto claim = [&] {
        Claim c;
        c.text = text();
        for (int n = static_cast<int>(rng() % 3); n > 0; --n) c.scope.cells.push_back(text());
        c.confidence = real();
        c.retention = real();
        c.status = static_cast<ClaimStatus>(rng() % 4);
        c.origin = text();
        c.authority = static_cast<int>(rng() % 5);
        if (rng() % 2) c.validity.from = integer();
        if (rng() % 2) c.validity.to = integer();
        return c;
    };
    auto link = [&] {
        StatusLink l;
        l.claim = text();
        for (int n = static_cast<int>(rng() % 3); n > 0; --n) l.claim_scope.push_back(text());
        l.effect = static_cast<ClaimStatus>(rng() % 4);
        l.kind = text();
        l.target = text();
        l.author = text();
        l.authority = static_cast<int>(rng() % 5);
        l.retention = real();
        l.carried = static_cast<ClaimStatus>(rng() % 4);
        l.issued = integer();
        l.seal();
        return l;
    };
    auto without = [](nlohmann::json j, const char* key) {
        j.erase(key);
        return j;
    };
    KeyDirectory dir;
    dir.group_key = "canonical bytes test key, 32+ bytes long";
    dir.group_key_fallback = true;  // random senders: none has a key of its own
    for (int i = 0; i < 2000; ++i) {
        Delta d;
        d.sender = text();
        d.sent = integer();
        if (rng() % 3) d.claim = claim();
        else d.link = link();
        d.sign(dir);
        ASSERT_EQ(d.signed_bytes(), *canonical_json(without(d.to_json(), "mac"))) << i;
        ASSERT_EQ(d.canonical_bytes(), *canonical_json(d.to_json())) << i;
        if (d.link) {
            ASSERT_EQ(d.link->id, sha256_hex(*canonical_json(without(d.link->to_json(), "id")))) << i;
        }

        Patch p;
        p.brain = text();
        p.decision = static_cast<Decision>(rng() % 6);
        p.rule = text();
        p.subject = text();
        p.target = text();
        if (rng() % 2) p.added_claim = claim();
        for (int n = static_cast<int>(rng() % 3); n > 0; --n) p.links.push_back(link());
        for (int n = static_cast<int>(rng() % 3); n > 0; --n) p.mappings.push_back({text(), text(), text(), real()});
        for (int n = static_cast<int>(rng() % 3); n > 0; --n) p.contradictions.push_back({text(), text(), text(), text(), text()});
        for (int n = static_cast<int>(rng() % 4); n > 0; --n) p.gates.push_back(text());
        if (rng() % 2) p.signals = PatchSignals{rng() % 2 == 0, real(), text(), text()};
        p.thresholds = Thresholds{real(), real(), real(), text()};
        p.provider = text();
        p.time = integer();
        p.delta = d.to_json();
        p.seal(dir);
        ASSERT_EQ(p.body_bytes(), *canonical_json(without(without(p.to_json(), "id"), "mac"))) << i;
        Patch given = p;  // sealed with the delta's bytes handed in, as admission does
        given.seal(dir, d.canonical_bytes());
        ASSERT_EQ(given.id, p.id) << i;
        ASSERT_EQ(given.mac, p.mac) << i;
        ASSERT_EQ(p.id, sha256_hex(p.body_bytes())) << i;
        ASSERT_TRUE(p.verify(dir)) << i;
    }
}

TEST(PatchLog, AppendOnlyInTheWorkspaceRestoresAndReplays) {
    const std::string path = temp_path("log.bmws");
    const KeyDirectory dir = figure2_directory();
    std::vector<std::string> statuses;
    {
        auto log = PatchLog::open(path);
        ASSERT_TRUE(log.ok()) << log.error().to_string();
        Brain b("B", dir, lexical_default_thresholds(), lexical_engine());
        for (Admission a : {b.assert_claim(claim(kC1, "jurisdiction:EU")),
                            b.receive(signed_claim(dir, "A", claim(kParaphrase, "jurisdiction:EU"))),
                            b.receive(signed_claim(dir, "U", claim(kParaphrase, "jurisdiction:US"))),
                            b.receive(signed_claim(dir, "T", claim(kC2, "jurisdiction:EU")))}) {
            ASSERT_TRUE(a.patch);
            ASSERT_TRUE((*log)->append(*a.patch).ok());
        }
        for (const auto& c : b.claims()) statuses.push_back(claim_status_name(b.status(c.key)));
        // The log refuses edits and deletions.
        EXPECT_FALSE((*log)->db().exec("UPDATE meld_patches SET body = '{}'").ok());
        EXPECT_FALSE((*log)->db().exec("DELETE FROM meld_patches").ok());
    }
    auto log = PatchLog::open(path);
    ASSERT_TRUE(log.ok());
    auto patches = (*log)->load("B", dir);
    ASSERT_TRUE(patches.ok()) << patches.error().to_string();
    ASSERT_EQ(patches->size(), 4u);
    Brain restored("B", dir, lexical_default_thresholds(), lexical_engine());
    ASSERT_TRUE(restore(restored, *patches).ok());
    std::vector<std::string> again;
    for (const auto& c : restored.claims()) again.push_back(claim_status_name(restored.status(c.key)));
    EXPECT_EQ(again, statuses);
    // Replay against an empty brain re-adjudicates: the paraphrase is now novel.
    Brain fresh("B", dir, lexical_default_thresholds(), lexical_engine());
    std::vector<Patch> without_c1(patches->begin() + 1, patches->end());
    auto steps = replay(fresh, without_c1);
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_EQ(steps[0].recorded, Decision::kMerge);
    EXPECT_EQ(steps[0].replayed, Decision::kInsert);

    // A row altered behind the log's back (triggers dropped by hand) is reported, naming it.
    ASSERT_TRUE((*log)->db().exec("DROP TRIGGER meld_patches_no_update").ok());
    ASSERT_TRUE((*log)->db().exec("UPDATE meld_patches SET body = replace(body, 'seven', 'eight') WHERE seq = 2").ok());
    auto damaged = (*log)->load("B", dir);
    ASSERT_FALSE(damaged.ok());
    EXPECT_TRUE(damaged.error().is_corruption());
    EXPECT_NE(damaged.error().to_string().find("seq 2"), std::string::npos) << damaged.error().to_string();
    std::filesystem::remove(path);
}

TEST(EchoSafety, AReceivedClaimIsNeverRepublished) {
    const KeyDirectory dir = figure2_directory();
    std::vector<std::unique_ptr<Brain>> peers;
    for (const char* id : {"A", "T", "C"})
        peers.push_back(std::make_unique<Brain>(id, dir, lexical_default_thresholds(), lexical_engine()));
    Brain origin("B", dir, lexical_default_thresholds(), lexical_engine());
    origin.assert_claim(claim(kC1, "jurisdiction:EU"));
    std::vector<Delta> published = origin.take_outbox();
    ASSERT_EQ(published.size(), 1u);
    int republished = 0;
    for (auto& p : peers) {
        for (const Delta& d : published) p->receive(d);
        for (const Delta& d : p->take_outbox()) republished += d.claim && d.claim->text == kC1;
    }
    EXPECT_EQ(republished, 0);
}

// SignedDigest MACed the empty string when its bytes failed canonicalisation: one MAC then
// verified every such digest. And key_for fell back to the group key, so a member signed as anyone.
TEST(MeldKeys, NothingIsSignedOverBytesThatFailedCanonicalisationOrWithoutAKey) {
    const KeyDirectory dir = figure2_directory();
    SignedDigest bad;
    bad.brain = "C";
    bad.digest["\xff\xfe not UTF-8"] = ClaimDigest{};
    ASSERT_TRUE(bad.signed_bytes().empty());
    bad.sign(dir);
    EXPECT_TRUE(bad.mac.empty()) << "no MAC over bytes that failed canonicalisation";
    bad.mac = to_hex(hmac_sha256(figure2_key("C"), ""));
    EXPECT_FALSE(bad.verify(dir)) << "the MAC of the empty string verifies nothing";
    SignedDigest good;
    good.brain = "C";
    good.digest["claim"] = ClaimDigest{};
    good.sign(dir);
    EXPECT_EQ(good.mac.size(), 64u);
    EXPECT_TRUE(good.verify(dir));

    // A brain without a key of its own signs nothing unless the group-key fallback is configured.
    KeyDirectory keyless = dir;
    keyless.group_key = "the federation's group key, 32+ bytes";
    keyless.brains["A"].key.clear();
    EXPECT_TRUE(signed_claim(keyless, "A", claim(kC1, "jurisdiction:EU")).mac.empty());
    keyless.group_key_fallback = true;
    const Delta by_group = signed_claim(keyless, "A", claim(kC1, "jurisdiction:EU"));
    EXPECT_TRUE(by_group.verify(keyless));
    EXPECT_FALSE(by_group.verify(dir)) << "A's own key is the only one that speaks for A";
    EXPECT_EQ(keyless.to_json()["group_key_fallback"], true);
    auto round = KeyDirectory::from_json(keyless.to_json(), "brain.json");
    ASSERT_TRUE(round.ok()) << round.error().to_string();
    EXPECT_TRUE(round->group_key_fallback);
}

}  // namespace
}  // namespace bm::meld

namespace bm::meld {
namespace {

using namespace meldtest;

// A running brain takes a key directory that only adds members: the new member's deltas, dropped
// before, are admitted; a changed or removed key is refused and the old directory kept.
TEST(MeldKeys, ARunningBrainAdmitsANewMemberButNotAChangedOrRemovedKey) {
    KeyDirectory start = figure2_directory();
    start.brains.erase("U");
    Brain b("B", start, lexical_default_thresholds(), lexical_engine());
    const KeyDirectory grown = figure2_directory();  // U added
    const Delta from_u = signed_claim(grown, "U", claim(kC1, "jurisdiction:US", 3));
    EXPECT_EQ(b.receive(from_u).outcome, Admission::Outcome::kDroppedMac) << "U is not a member yet";

    KeyDirectory rotated = grown;
    rotated.brains["A"].key = "A's new key, which needs every service restarted";
    auto refused = b.admit_new_members(rotated);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().to_string().find("brain A"), std::string::npos) << refused.error().to_string();
    KeyDirectory removed = grown;
    removed.brains.erase("T");
    EXPECT_FALSE(b.admit_new_members(removed).ok());
    EXPECT_EQ(b.directory(), start) << "a refused directory leaves the old one in force";

    auto added = b.admit_new_members(grown);
    ASSERT_TRUE(added.ok()) << added.error().to_string();
    EXPECT_EQ(*added, std::vector<std::string>{"U"});
    EXPECT_EQ(b.receive(from_u).outcome, Admission::Outcome::kAdmitted);
    auto again = b.admit_new_members(grown);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->empty()) << "the same directory adds no one twice";
}

}  // namespace
}  // namespace bm::meld
