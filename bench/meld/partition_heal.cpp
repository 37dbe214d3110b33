// The partition-heal experiment over a real 3-node nats-server cluster (see partition_heal.h).
#include "bench/meld/partition_heal.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <thread>

#include "bench/common/nats_process.h"
#include "meld/brain.h"
#include "meld/transport/brain_peer.h"
#include "meld/transport/nats_transport.h"

namespace bm::meld {

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kBrains = 3;
const char* const kCell = "jurisdiction:EU";

// Pairs of statements that contradict each other; a trial draws its claims from them.
const std::pair<const char*, const char*> kConflicts[] = {
    {"Customer data must be retained for seven years", "Customer data must be deleted after two years"},
    {"Invoices are archived on paper for ten years", "Invoices are kept only as electronic records"},
    {"Backups are encrypted with a key held by the vendor", "Backups are encrypted with a key held only by us"},
    {"Access logs are kept for ninety days", "Access logs are discarded after thirty days"},
    {"Contractors may process personal data abroad", "Personal data never leaves the European Union"},
    {"Consent is recorded for every marketing email", "Marketing emails need no recorded consent"},
};

std::shared_ptr<const SignalEngine> lexical_status_engine() {
    static const auto engine = std::make_shared<SignalEngine>(
        std::make_shared<LexicalProvider>(std::shared_ptr<const WordNet>(), std::span<const std::string>{}));
    return engine;
}

KeyDirectory bench_directory() {
    KeyDirectory d;
    d.group_key = "partition-heal bench group key";
    d.group_key_fallback = true;  // every brain signs with the group key
    d.overrule_authority = 2;
    d.brains["A"] = {"", 3, {kCell}};
    d.brains["B"] = {"", 2, {kCell}};
    d.brains["C"] = {"", 1, {kCell}};  // its overrules fall below the overrule authority
    return d;
}

// One brain on its own node, and what last-writer-wins would conclude from the same deliveries.
struct Member {
    std::unique_ptr<Brain> brain;
    std::unique_ptr<NatsTransport> transport;
    std::unique_ptr<BrainPeer> peer;
    std::map<std::string, ClaimStatus> lww;  // claim key → effect of the last link it saw first-hand
    std::set<std::string> seen;              // delta ids already applied to `lww`
    size_t publish_retries = 0;

    void note_lww(const Delta& d) {
        if (!d.link || !seen.insert(d.id()).second) return;
        lww[d.link->claim] = d.link->effect;
    }
    void flush() {
        if (!peer->flush()) ++publish_retries;
    }
    void consume(int timeout_ms) {
        for (;;) {
            auto got = transport->poll(
                [&](const WireMessage& m) {
                    const bool acked = peer->handle(m);
                    if (m.topic != WireTopic::kDigest && m.delta.sender != brain->id()) note_lww(m.delta);
                    return acked;
                },
                256, timeout_ms);
            if (!got.ok() || *got == 0) return;
        }
    }
    // Authors a link; last-writer-wins sees it first-hand at once.
    bool author(StatusLink link) {
        const std::string claim = link.claim;
        const ClaimStatus effect = link.effect;
        if (brain->author_link(std::move(link)).outcome != Admission::Outcome::kAdmitted) return false;
        lww[claim] = effect;
        return true;
    }
};

std::set<std::string> held_ids(const Brain& b) {
    std::set<std::string> out;
    for (const HeldClaim& c : b.claims()) out.insert(c.key);
    for (const auto& [claim, cd] : b.status_links().digest()) out.insert(cd.ids.begin(), cd.ids.end());
    return out;
}

bool crdt_agree(const std::vector<Member>& m, const std::vector<size_t>& who) {
    const Brain& first = *m[who.front()].brain;
    const std::string digest = digest_bytes(first.status_links().digest());
    const std::set<std::string> held = held_ids(first);
    for (size_t i : who) {
        const Brain& b = *m[i].brain;
        if (m[i].peer->pending() || held_ids(b) != held || digest_bytes(b.status_links().digest()) != digest) return false;
        for (const HeldClaim& c : first.claims())
            if (b.status(c.key) != first.status(c.key)) return false;
    }
    return true;
}

// Why the brains differ, for the report: per brain, what it holds and what it has not published.
std::string disagreement(const std::vector<Member>& m) {
    std::string out;
    for (const Member& x : m)
        out += (out.empty() ? "" : "; ") + x.brain->id() + " holds " + std::to_string(held_ids(*x.brain).size()) +
               " deltas, " + std::to_string(x.peer->pending()) + " unpublished";
    return out;
}

// Flushes and drains the brains in `who` round-robin until `done` or the deadline.
template <typename Done>
bool pump(std::vector<Member>& m, const std::vector<size_t>& who, Done done, double seconds) {
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
        for (size_t i : who) m[i].flush();
        for (size_t i : who) m[i].consume(10);
        if (done()) return true;
    }
    return false;
}

Claim bench_claim(const char* text) {
    Claim c;
    c.text = text;
    c.scope.cells = {kCell};
    c.scope.normalise();
    return c;
}

StatusLink status_link(const std::string& claim, ClaimStatus effect, double retention = 1.0) {
    StatusLink l;
    l.claim = claim;
    l.claim_scope = {kCell};
    l.effect = effect;
    l.kind = effect == ClaimStatus::kDeprecated ? "deprecate" : effect == ClaimStatus::kOverruled ? "overrule" : "revoke";
    l.retention = retention;
    return l;
}

std::string nats_server_version(const std::string& binary) {
    std::string out;
    if (FILE* p = ::popen((binary + " --version 2>&1").c_str(), "r")) {
        char buf[256];
        while (std::fgets(buf, sizeof buf, p)) out += buf;
        ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

Result<PartitionHealTrial> run_trial(const bench::NatsCluster& cluster, const PartitionHealOptions& o, size_t trial) {
    PartitionHealTrial r;
    r.trial = trial;
    r.isolated = trial % kBrains;
    std::mt19937_64 rng(o.seed * 1000003 + trial);
    const KeyDirectory dir = bench_directory();
    const std::string ids[kBrains] = {"A", "B", "C"};
    std::vector<Member> m(kBrains);
    for (size_t i = 0; i < kBrains; ++i) {
        m[i].brain = std::make_unique<Brain>(ids[i], dir, Thresholds{}, lexical_status_engine());
        NatsTransportOptions t;
        t.servers = {cluster.nodes[i]->url()};
        t.federation = "partheal_s" + std::to_string(o.seed) + "_t" + std::to_string(trial);
        t.brain = ids[i];
        t.replicas = 3;
        t.ack_wait_ms = 1000;
        t.request_timeout_ms = 1000;
        t.setup_deadline_ms = 30000;  // the cluster may still be electing after the previous trial's heal
        auto connected = NatsTransport::connect(t);
        if (!connected.ok()) return Error::io("brain " + ids[i] + " did not join " + t.servers[0] + ": " + connected.error().to_string());
        m[i].transport = std::move(*connected);
        m[i].peer = std::make_unique<BrainPeer>(*m[i].brain, *m[i].transport);
    }
    std::vector<size_t> all = {0, 1, 2}, live;
    for (size_t i : all)
        if (i != r.isolated) live.push_back(i);
    std::vector<NatsTransport::WireBytes> start_bytes;
    for (auto& x : m) start_bytes.push_back(x.transport->wire_bytes());

    // Connected: each brain asserts one side of a conflict at once (nobody has seen the others').
    std::vector<size_t> pairs(std::size(kConflicts));
    for (size_t k = 0; k < pairs.size(); ++k) pairs[k] = k;
    std::shuffle(pairs.begin(), pairs.end(), rng);
    std::vector<std::string> keys;
    auto assert_on = [&](size_t brain, const char* text) {
        Claim c = bench_claim(text);
        keys.push_back(claim_key(c));
        (void)m[brain].brain->assert_claim(c);
        ++r.claims;
    };
    assert_on(0, kConflicts[pairs[0]].first);
    assert_on(1, kConflicts[pairs[0]].second);
    assert_on(2, kConflicts[pairs[1]].first);
    assert_on(0, kConflicts[pairs[1]].second);
    if (!pump(m, all, [&] { return crdt_agree(m, all); }, o.agree_timeout_s))
        return Error::io("trial " + std::to_string(trial) + ": the connected brains did not exchange their claims");

    // Partition: the isolated brain's node is frozen; every brain writes.
    cluster.nodes[r.isolated]->stop();
    // The reject race: overrule, revoke and a nearly expired deprecate on one claim, one per brain.
    const std::string raced = keys[rng() % keys.size()];
    std::vector<std::pair<ClaimStatus, double>> race = {
        {ClaimStatus::kOverruled, 1.0}, {ClaimStatus::kRevoked, 1.0}, {ClaimStatus::kDeprecated, 0.02}};
    std::shuffle(race.begin(), race.end(), rng);
    for (size_t i : all) {
        Member& x = m[i];
        r.links += x.author(status_link(raced, race[i].first, race[i].second));
        // Conflicting effects on the other claims.
        for (const std::string& k : keys) {
            if (k == raced || rng() % 2) continue;
            r.links += x.author(status_link(k, static_cast<ClaimStatus>(1 + rng() % 3)));
        }
    }
    // Concurrent conflicting claims: the isolated brain and a live one assert the two sides of a new conflict.
    assert_on(r.isolated, kConflicts[pairs[2]].first);
    assert_on(live[rng() % 2], kConflicts[pairs[2]].second);
    m[r.isolated].flush();  // times out: its node is frozen (the publish may still be stored on resume)
    if (!pump(m, live, [&] { return crdt_agree(m, live); }, o.agree_timeout_s))
        return Error::io("trial " + std::to_string(trial) + ": the two live brains did not agree during the partition");

    // Heal.
    cluster.nodes[r.isolated]->resume();
    const auto healed = Clock::now();
    auto since_heal = [&] { return std::chrono::duration<double, std::milli>(Clock::now() - healed).count(); };
    bool republished = false;
    std::vector<std::pair<size_t, double>> grew(kBrains);  // per brain: held deltas, when that count was reached
    r.crdt_agree = pump(m, all, [&] {
        if (!republished && m[r.isolated].peer->pending() == 0) {
            republished = true;
            r.republished_ms = since_heal();
        }
        for (size_t i : all)
            if (const size_t n = held_ids(*m[i].brain).size(); n != grew[i].first) grew[i] = {n, since_heal()};
        return crdt_agree(m, all);
    }, o.agree_timeout_s);
    r.converge_ms = since_heal();
    for (size_t i : all) r.caught_up_ms.push_back(grew[i].second);
    if (!r.crdt_agree) r.note = disagreement(m);
    for (size_t i = 0; i < kBrains; ++i) {
        const auto now = m[i].transport->wire_bytes();
        r.wire_bytes += now.total() - start_bytes[i].total();
    }
    // A last drain: late re-deliveries land in the counters, not in the convergence time.
    for (auto& x : m) x.consume(50);

    // What was authored: the claims asserted and every status link whose author holds it as its own.
    std::set<std::string> authored(keys.begin(), keys.end());
    for (auto& x : m)
        for (const auto& [claim, cd] : x.brain->status_links().digest())
            for (const std::string& id : cd.ids)
                if (const StatusLink* l = x.brain->status_links().find(id); l && l->author == x.brain->id()) authored.insert(id);
    std::set<std::map<std::string, ClaimStatus>> lww_maps;
    size_t published = 0;
    for (auto& x : m) {
        const auto h = held_ids(*x.brain);
        for (const std::string& id : authored) r.lost += h.count(id) == 0;
        std::map<std::string, ClaimStatus> full;
        for (const std::string& k : keys) full[k] = x.lww.count(k) ? x.lww[k] : ClaimStatus::kActive;
        lww_maps.insert(full);
        r.redelivered += x.peer->counters().duplicates;
        r.publish_retries += x.publish_retries;
        r.direct_reads += x.transport->direct_reads();
        r.verifications += x.transport->verifications();
        published += x.peer->counters().published;
    }
    r.lww_distinct = lww_maps.size();
    r.lww_agree = r.lww_distinct == 1;
    auto stored = m[0].transport->stream_messages();
    for (int tries = 0; !stored.ok() && tries < 40; ++tries) {  // the same: stream info during an election
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        stored = m[0].transport->stream_messages();
    }
    if (!stored.ok()) return Error::io("trial " + std::to_string(trial) + ": " + stored.error().to_string());
    r.stream_messages = *stored;
    r.duplicated = *stored > published ? static_cast<size_t>(*stored - published) : 0;
    // Every trial's stream takes meld.>: the next one can only be created once this one is gone.
    // Retried: right after a heal the cluster may still be electing its JetStream meta leader.
    const auto give_up = Clock::now() + std::chrono::duration<double>(o.agree_timeout_s);
    for (Status gone = m[0].transport->delete_stream(); !gone; gone = m[0].transport->delete_stream()) {
        if (Clock::now() > give_up) return Error::io("trial " + std::to_string(trial) + ": " + gone.error().to_string());
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return r;
}

}  // namespace

Result<PartitionHealResult> partition_heal(const PartitionHealOptions& options,
                                           const std::function<void(const PartitionHealTrial&)>& progress) {
    const std::string binary = bench::nats_server_binary();
    if (binary.empty())
        return Error::not_found("nats-server is not installed", {}, "install the Debian package nats-server");
    PartitionHealResult result;
    result.nats_server = nats_server_version(binary);
    const auto start = Clock::now();
    bench::NatsCluster cluster("partheal", 3, "partheal");
    if (!cluster.ready())
        return Error::io("the 3-node nats-server cluster did not start; its logs are under " +
                         cluster.nodes.front()->dir().parent_path().string() + "/bm-nats-partheal-*");
    result.cluster_start_s = std::chrono::duration<double>(Clock::now() - start).count();
    for (size_t t = 0; t < options.trials; ++t) {
        auto trial = run_trial(cluster, options, t);
        if (!trial.ok()) return trial.error();
        if (progress) progress(*trial);
        result.trials.push_back(*trial);
    }
    return result;
}

}  // namespace bm::meld
