// The seeded in-process convergence experiments (see convergence.h).
#include "bench/meld/convergence.h"

#include <algorithm>
#include <map>
#include <random>

#include "meld/canonical.h"
#include "meld/federation.h"
#include "util/hash.h"

namespace bm::meld {

namespace {

// Status links read no signal, so the status experiments run on a provider without WordNet.
std::shared_ptr<const SignalEngine> status_engine() {
    static const auto engine = std::make_shared<SignalEngine>(
        std::make_shared<LexicalProvider>(std::shared_ptr<const WordNet>(), std::span<const std::string>{}));
    return engine;
}

KeyDirectory experiment_directory(size_t peers) {
    KeyDirectory d;
    d.group_key = "convergence experiment group key";
    d.group_key_fallback = true;  // every brain signs with the group key
    d.overrule_authority = 2;
    for (size_t i = 0; i < peers; ++i) d.brains["peer" + std::to_string(i)] = {"", 3, {"*"}};
    d.brains["sink"] = {"", 1, {"*"}};
    return d;
}

Delta link_delta(const KeyDirectory& dir, const std::string& author, const std::string& claim, ClaimStatus effect,
                 int64_t issued, double retention = 1.0) {
    StatusLink l;
    l.claim = claim;
    l.effect = effect;
    l.kind = effect == ClaimStatus::kActive ? "reactivate" : effect == ClaimStatus::kDeprecated ? "deprecate"
             : effect == ClaimStatus::kOverruled                                            ? "overrule"
                                                                                            : "revoke";
    l.author = author;
    l.authority = 3;
    l.retention = retention;
    l.issued = issued;
    l.seal();
    Delta d;
    d.sender = author;
    d.sent = issued;
    d.link = l;
    d.sign(dir);
    return d;
}

AgreementResult agreement(const std::map<std::string, size_t>& outcomes, size_t total) {
    AgreementResult r;
    r.distinct = outcomes.size();
    size_t best = 0;
    for (const auto& [k, n] : outcomes) best = std::max(best, n);
    r.agreement = total ? static_cast<double>(best) / static_cast<double>(total) : 0;
    return r;
}

// Per-claim status map under the CRDT (through a real brain) and under last-writer-wins.
std::pair<std::string, std::string> run_order(const KeyDirectory& dir, const std::vector<Delta>& order,
                                              const std::vector<std::string>& claims) {
    Brain b("sink", dir, Thresholds{}, status_engine());
    std::map<std::string, ClaimStatus> lww;
    for (const Delta& d : order) {
        (void)b.receive(d);
        lww[d.link->claim] = d.link->effect;  // the last delivered effect wins
    }
    std::string crdt_map, lww_map;
    for (const auto& c : claims) {
        crdt_map += std::string(claim_status_name(b.status(c))) + ",";
        lww_map += std::string(lww.count(c) ? claim_status_name(lww[c]) : "active") + ",";
    }
    return {crdt_map, lww_map};
}

std::string claim_name(size_t i) { return sha256_hex("experiment claim " + std::to_string(i)); }

}  // namespace

LifecycleResult contested_lifecycle(size_t orderings) {
    const KeyDirectory dir = experiment_directory(4);
    std::vector<std::string> claims;
    for (size_t i = 0; i < 4; ++i) claims.push_back(claim_name(i));
    // Four claims, each given different effects by several peers; one link re-delivered.
    std::vector<Delta> links = {
        link_delta(dir, "peer0", claims[0], ClaimStatus::kDeprecated, 1),
        link_delta(dir, "peer1", claims[0], ClaimStatus::kOverruled, 2),
        link_delta(dir, "peer0", claims[1], ClaimStatus::kDeprecated, 3),
        link_delta(dir, "peer1", claims[1], ClaimStatus::kOverruled, 4),
        link_delta(dir, "peer2", claims[1], ClaimStatus::kRevoked, 5),
        link_delta(dir, "peer0", claims[2], ClaimStatus::kActive, 6),
        link_delta(dir, "peer1", claims[2], ClaimStatus::kDeprecated, 7),
        link_delta(dir, "peer2", claims[2], ClaimStatus::kOverruled, 8),
        link_delta(dir, "peer3", claims[2], ClaimStatus::kRevoked, 9),
        link_delta(dir, "peer3", claims[3], ClaimStatus::kDeprecated, 10),
    };
    links.push_back(links.back());  // idempotent re-delivery of one link id
    LifecycleResult r;
    r.orderings = orderings;
    r.claims = claims.size();
    r.links = links.size();
    std::map<std::string, size_t> crdt, lww;
    for (size_t k = 0; k < orderings; ++k) {
        std::mt19937_64 rng(k);
        std::vector<Delta> order = links;
        std::shuffle(order.begin(), order.end(), rng);
        auto [c, l] = run_order(dir, order, claims);
        ++crdt[c];
        ++lww[l];
    }
    r.crdt = agreement(crdt, orderings);
    r.lww = agreement(lww, orderings);
    return r;
}

std::vector<SweepCell> partition_reorder_sweep(size_t orderings) {
    const KeyDirectory dir = experiment_directory(16);
    std::vector<std::string> claims;
    for (size_t i = 0; i < 6; ++i) claims.push_back(claim_name(100 + i));
    std::vector<SweepCell> out;
    for (int duration : {2, 4, 8, 16}) {
        // The updates queued during the partition: `duration` per claim, by distinct peers.
        std::mt19937_64 gen(static_cast<uint64_t>(duration));
        std::vector<Delta> queued;
        int64_t clock = 0;
        for (int u = 0; u < duration; ++u)
            for (size_t c = 0; c < claims.size(); ++c) {
                const auto effect = static_cast<ClaimStatus>(1 + gen() % 3);
                queued.push_back(link_delta(dir, "peer" + std::to_string(u), claims[c], effect, ++clock));
            }
        for (double reorder : {0.0, 0.25, 0.5, 0.75, 1.0}) {
            SweepCell cell;
            cell.duration = duration;
            cell.reorder = reorder;
            std::map<std::string, size_t> crdt, lww;
            for (size_t k = 0; k < orderings; ++k) {
                std::mt19937_64 rng(k * 7919 + static_cast<uint64_t>(duration));
                std::vector<Delta> heal = queued;
                partial_shuffle(heal, reorder, rng);
                auto [c, l] = run_order(dir, heal, claims);
                ++crdt[c];
                ++lww[l];
            }
            cell.crdt = agreement(crdt, orderings);
            cell.lww = agreement(lww, orderings);
            out.push_back(cell);
        }
    }
    return out;
}

RejectRaceResult reject_race(size_t orderings) {
    const KeyDirectory dir = experiment_directory(3);
    const std::string claim = claim_name(200);
    const GateOptions gate;
    std::vector<Delta> links = {link_delta(dir, "peer0", claim, ClaimStatus::kOverruled, 1),
                                link_delta(dir, "peer1", claim, ClaimStatus::kRevoked, 2),
                                link_delta(dir, "peer2", claim, ClaimStatus::kDeprecated, 3, /*retention=*/0.02)};
    RejectRaceResult r;
    r.orderings = orderings;
    std::map<std::string, size_t> read_time;
    for (size_t k = 0; k < orderings; ++k) {
        std::mt19937_64 rng(k);
        std::vector<Delta> order = links;
        std::shuffle(order.begin(), order.end(), rng);
        Brain b("sink", dir, Thresholds{}, status_engine());
        // The admission-time baseline: a link is dropped unless the claim is active at receipt.
        StatusCrdt admitted;
        for (const Delta& d : order) {
            (void)b.receive(d);
            if (admitted.status(claim, dir, gate) == ClaimStatus::kActive && link_is_fresh(*d.link, gate))
                admitted.add(*d.link);
        }
        ++read_time[claim_status_name(b.status(claim))];
        const ClaimStatus a = admitted.status(claim, dir, gate);
        (a == ClaimStatus::kOverruled ? r.admission_overruled : a == ClaimStatus::kRevoked ? r.admission_revoked
                                                                                          : r.admission_other)++;
    }
    for (const auto& [outcome, n] : read_time)
        if (n > r.read_time_agree) {
            r.read_time_agree = n;
            r.read_time_outcome = outcome;
        }
    return r;
}

LossResult lossy_routing(const std::vector<double>& losses, size_t seeds) {
    const size_t kBrains = 12, kClaims = 24, kLinksPerClaim = 7;
    const KeyDirectory dir = [&] {
        KeyDirectory d = experiment_directory(0);
        for (size_t i = 0; i < kBrains; ++i) d.brains["brain" + std::to_string(i)] = {"", 3, {"*"}};
        return d;
    }();
    LossResult result;
    result.brains = kBrains;
    result.claims = kClaims;
    result.links = kClaims * kLinksPerClaim;
    result.seeds = seeds;
    auto per_claim_agreement = [&](Federation& f, size_t* distinct_maps) {
        size_t agree = 0;
        std::map<std::string, int> maps;
        std::vector<std::string> brain_maps(kBrains);
        for (size_t c = 0; c < kClaims; ++c) {
            const std::string key = claim_name(300 + c);
            std::set<int> seen;
            for (size_t i = 0; i < kBrains; ++i) {
                const ClaimStatus s = f.brain(i).status(key);
                seen.insert(static_cast<int>(s));
                brain_maps[i] += claim_status_name(s);
            }
            agree += seen.size() == 1;
        }
        for (const auto& m : brain_maps) maps[m]++;
        if (distinct_maps) *distinct_maps = maps.size();
        return static_cast<double>(agree) / static_cast<double>(kClaims);
    };
    for (double loss : losses) {
        LossRow row;
        row.loss = loss;
        for (size_t seed = 0; seed < seeds; ++seed) {
            std::vector<std::unique_ptr<Brain>> brains;
            for (size_t i = 0; i < kBrains; ++i)
                brains.push_back(std::make_unique<Brain>("brain" + std::to_string(i), dir, Thresholds{}, status_engine()));
            TransportOptions t;
            t.loss = loss;
            t.seed = seed;
            Federation f(std::move(brains), t);
            std::mt19937_64 gen(seed + 1000);
            int64_t clock = 0;
            for (size_t c = 0; c < kClaims; ++c)
                for (size_t l = 0; l < kLinksPerClaim; ++l) {
                    const size_t author = gen() % kBrains;
                    StatusLink link;
                    link.claim = claim_name(300 + c);
                    link.effect = static_cast<ClaimStatus>(1 + gen() % 3);
                    link.kind = "status";
                    link.issued = ++clock;
                    (void)f.brain(author).author_link(link);
                }
            f.publish_outboxes();
            f.deliver();
            size_t distinct = 0;
            row.agreement_without += per_claim_agreement(f, &distinct);
            row.distinct_maps_without += static_cast<double>(distinct);
            int rounds = 0;
            double after = 0;
            do {
                SyncCost cost = f.anti_entropy_round();
                if (rounds == 0) {
                    row.links_repaired += static_cast<double>(cost.links_pulled);
                    row.bytes_per_round += static_cast<double>(cost.bytes);
                }
                ++rounds;
                after = per_claim_agreement(f, nullptr);
                if (rounds == 1) row.agreement_with += after;
            } while (after < 1.0 && rounds < 10);
            row.rounds = std::max(row.rounds, rounds);
        }
        const auto n = static_cast<double>(seeds);
        row.agreement_without /= n;
        row.distinct_maps_without /= n;
        row.agreement_with /= n;
        row.links_repaired /= n;
        row.bytes_per_round /= n;
        result.rows.push_back(row);
    }
    return result;
}

OrderSensitivityResult order_sensitivity(std::shared_ptr<const SignalEngine> engine, size_t orderings) {
    KeyDirectory dir;
    dir.group_key = "order sensitivity group key";
    dir.group_key_fallback = true;  // every brain signs with the group key
    for (const char* id : {"A", "B", "C", "sink"}) dir.brains[id] = {"", 1, {"*"}};
    // Four seeds, each a canonical, paraphrase, related and contradicting claim (16 in all).
    const char* texts[4][4] = {
        {"Customer data must be retained for seven years", "We are required to retain customer data for seven years",
         "Customer data retention is audited every year by the compliance team",
         "Customer data must be deleted after two years"},
        {"The production database listens on port 5432", "The production database accepts connections on port 5432",
         "The production database is backed up every night", "The production database listens on port 6543"},
        {"The nightly build cache is stored on the shared network drive",
         "The nightly build cache lives on the shared network drive", "The shared network drive is cleaned every Sunday",
         "The nightly build cache is not stored on the shared network drive"},
        {"Deployments to production require two approvals", "Two approvals are required for every production deployment",
         "Production deployments happen on Tuesdays", "Deployments to production require one approval"},
    };
    const char* sources[4] = {"A", "B", "C", "B"};
    std::vector<Delta> deltas;
    for (auto& seed : texts)
        for (size_t k = 0; k < 4; ++k) {
            Claim c;
            c.text = seed[k];
            c.scope.cells = {"team:platform"};
            c.origin = sources[k];
            c.authority = 1;
            Delta d;
            d.sender = sources[k];
            d.sent = static_cast<int64_t>(deltas.size() + 1);
            d.claim = c;
            d.sign(dir);
            deltas.push_back(d);
        }
    OrderSensitivityResult r;
    r.orderings = orderings;
    r.claims = deltas.size();
    std::map<std::string, size_t> without, with;
    for (size_t k = 0; k < orderings; ++k) {
        std::mt19937_64 rng(k);
        std::vector<Delta> order = deltas;
        std::shuffle(order.begin(), order.end(), rng);
        Brain sink("sink", dir, lexical_default_thresholds(), engine);
        for (const Delta& d : order) (void)sink.receive(d);
        ++without[graph_fingerprint(sink)];
        auto canonical = readjudicate(sink, admitted_deltas(sink));
        ++with[graph_fingerprint(*canonical)];
    }
    r.distinct_without = without.size();
    for (const auto& [fp, n] : without) r.largest_cluster_without = std::max(r.largest_cluster_without, n);
    r.distinct_with = with.size();
    return r;
}

}  // namespace bm::meld
