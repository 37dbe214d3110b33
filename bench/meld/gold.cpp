// Gold pair loading (own JSONL, STS-B, SNLI), evaluation through the procedure, calibration.
#include "bench/meld/gold.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "meld/brain.h"
#include "meld/delta.h"

namespace bm::meld {

const char* pair_class_name(PairClass c) {
    switch (c) {
        case PairClass::kMerge: return "merge";
        case PairClass::kRelate: return "relate";
        case PairClass::kConflict: return "conflict";
        case PairClass::kNoRelation: return "no-relation";
    }
    return "no-relation";
}

namespace {

std::optional<PairClass> parse_class(const std::string& s) {
    for (size_t i = 0; i < kPairClassCount; ++i)
        if (s == pair_class_name(static_cast<PairClass>(i))) return static_cast<PairClass>(i);
    return std::nullopt;
}

Claim plain_claim(std::string text) {
    Claim c;
    c.text = std::move(text);
    c.scope.cells = {"corpus:public"};
    return c;
}

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) out.push_back(field);
    return out;
}

}  // namespace

Result<std::vector<GoldPair>> load_gold_pairs(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Error::io("cannot open the gold pair file", Location{path}, "check the path");
    std::vector<GoldPair> out;
    std::string line;
    int64_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return Error::invalid_input("not a JSON object", Location{path, n}, "one pair per line (docs/meld.md)");
        GoldPair p;
        if (!j.contains("class") || !j["class"].is_string())
            return Error::invalid_input("missing or not a string", Location{path, n, -1, "class"});
        auto cls = parse_class(j["class"].get<std::string>());
        if (!cls)
            return Error::invalid_input("unknown class '" + j["class"].get<std::string>() + "'", Location{path, n, -1, "class"},
                                        "use merge, relate, conflict or no-relation");
        p.label = *cls;
        p.id = j.contains("id") && j["id"].is_string() ? j["id"].get<std::string>() : "line " + std::to_string(n);
        p.hard = j.contains("hard") && j["hard"].is_boolean() && j["hard"].get<bool>();
        for (const char* side : {"a", "b"}) {
            if (!j.contains(side)) return Error::invalid_input("missing", Location{path, n, -1, side});
            auto c = claim_from_json(j[side], Location{path, n, -1, side});
            if (!c.ok()) return c.error();
            (side[0] == 'a' ? p.a : p.b) = std::move(c).value();
        }
        out.push_back(std::move(p));
    }
    if (out.empty()) return Error::invalid_input("no pairs in the file", Location{path}, "one JSON pair per line");
    return out;
}

Result<std::vector<GoldPair>> load_stsb_pairs(const std::string& path, size_t limit, size_t skip) {
    std::ifstream in(path);
    if (!in) return Error::io("cannot open STS-B", Location{path}, "the shared data folder may be absent");
    std::vector<GoldPair> out;
    std::array<size_t, kPairClassCount> taken{};
    std::string line;
    int64_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        const auto f = split_tabs(line);
        if (f.size() < 10 || n == 1) continue;  // header; GLUE layout: score in 9, sentences in 7 and 8
        double score = 0;
        try {
            score = std::stod(f[9]);
        } catch (...) {
            continue;
        }
        std::optional<PairClass> cls;
        if (score >= 4.6) cls = PairClass::kMerge;
        else if (score >= 2.0 && score <= 3.6) cls = PairClass::kRelate;
        else if (score <= 0.4) cls = PairClass::kNoRelation;
        if (!cls || taken[static_cast<size_t>(*cls)] >= skip + limit) continue;
        if (taken[static_cast<size_t>(*cls)]++ < skip) continue;
        out.push_back({"stsb:" + std::to_string(n), *cls, false, plain_claim(f[7]), plain_claim(f[8])});
    }
    return out;
}

Result<std::vector<GoldPair>> load_snli_pairs(const std::string& path, size_t limit, size_t skip) {
    std::ifstream in(path);
    if (!in) return Error::io("cannot open SNLI", Location{path}, "the shared data folder may be absent");
    std::vector<GoldPair> out;
    std::array<size_t, kPairClassCount> taken{};
    std::string line;
    int64_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        const auto f = split_tabs(line);
        if (f.size() < 3 || n == 1) continue;
        std::optional<PairClass> cls;
        if (f[0] == "contradiction") cls = PairClass::kConflict;
        else if (f[0] == "entailment") cls = PairClass::kRelate;
        if (!cls || taken[static_cast<size_t>(*cls)] >= skip + limit) continue;
        if (taken[static_cast<size_t>(*cls)]++ < skip) continue;
        out.push_back({"snli:" + std::to_string(n), *cls, false, plain_claim(f[1]), plain_claim(f[2])});
    }
    return out;
}

void score_confusion(GoldReport& r) {
    double f1_sum = 0;
    size_t classes_present = 0;
    for (size_t c = 0; c < kPairClassCount; ++c) {
        size_t tp = r.confusion[c][c], predicted = 0, actual = 0;
        for (size_t k = 0; k < kPairClassCount; ++k) {
            predicted += r.confusion[k][c];
            actual += r.confusion[c][k];
        }
        ClassScore& s = r.per_class[c];
        s.support = actual;
        s.precision = predicted ? static_cast<double>(tp) / static_cast<double>(predicted) : 0;
        s.recall = actual ? static_cast<double>(tp) / static_cast<double>(actual) : 0;
        s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0;
        if (actual) {
            f1_sum += s.f1;
            ++classes_present;
        }
    }
    r.macro_f1 = classes_present ? f1_sum / static_cast<double>(classes_present) : 0;
    for (size_t c = 1; c < kPairClassCount; ++c) {
        r.false_merges += r.confusion[c][0];
        for (size_t k = 0; k < kPairClassCount; ++k) r.non_merge += r.confusion[c][k];
    }
    if (r.non_merge) {
        // Wilson score interval at 95%.
        const double n = static_cast<double>(r.non_merge), phat = static_cast<double>(r.false_merges) / n, z = 1.96;
        const double denom = 1 + z * z / n, centre = (phat + z * z / (2 * n)) / denom;
        const double half = z * std::sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom;
        r.false_merge = phat;
        r.false_merge_lo = std::max(0.0, centre - half);
        r.false_merge_hi = std::min(1.0, centre + half);
    }
}

GoldReport evaluate_gold(const std::vector<GoldPair>& pairs, const std::shared_ptr<const SignalEngine>& engine,
                         const Thresholds& thresholds, const Gates& gates, std::vector<PairOutcome>* outcomes) {
    KeyDirectory dir;
    dir.group_key = "gold evaluation";
    dir.group_key_fallback = true;  // every brain signs with the group key
    dir.brains["local"] = {"", 1, {"*"}};
    dir.brains["peer"] = {"", 1, {"*"}};
    BrainOptions options;
    options.gates = gates;
    options.keep_patches = false;
    GoldReport r;
    r.pairs = pairs.size();
    std::vector<std::pair<double, bool>> scored;
    size_t hard_right = 0;
    for (const GoldPair& p : pairs) {
        Brain b("local", dir, thresholds, engine, options);
        (void)b.assert_claim(p.a);
        Claim incoming = p.b;
        incoming.scope.normalise();
        incoming.origin = "peer";
        Delta d;
        d.sender = "peer";
        d.sent = 1;
        d.claim = incoming;
        d.sign(dir);
        Admission a = b.receive(d);
        PairClass predicted = PairClass::kNoRelation;
        if (a.patch) {
            switch (a.patch->decision) {
                case Decision::kMerge: predicted = PairClass::kMerge; break;
                case Decision::kRelate: predicted = PairClass::kRelate; break;
                case Decision::kConflict: predicted = PairClass::kConflict; break;
                default: predicted = PairClass::kNoRelation; break;
            }
        }
        ++r.confusion[static_cast<size_t>(p.label)][static_cast<size_t>(predicted)];
        if (p.hard) {
            ++r.hard;
            hard_right += predicted == p.label;
        }
        // Merge-vs-rest score: σ, or 0 when χ says the pair contradicts.
        const double sigma = engine->similarity(b.claims().front().prepared, engine->prepare(incoming.text));
        const ContradictionVerdict chi = engine->contradiction(b.claims().front().prepared, engine->prepare(incoming.text));
        const bool contradicts = chi.contradicts();
        scored.push_back({contradicts ? 0.0 : sigma, p.label == PairClass::kMerge});
        if (outcomes) outcomes->push_back({&p, predicted, a.patch ? a.patch->rule : "", sigma, contradicts ? chi.reason : ""});
    }
    score_confusion(r);
    // AUC by the rank-sum (ties count half).
    std::sort(scored.begin(), scored.end());
    double pos = 0, neg = 0, rank_sum = 0;
    for (size_t i = 0; i < scored.size();) {
        size_t j = i;
        while (j < scored.size() && scored[j].first == scored[i].first) ++j;
        const double avg_rank = (static_cast<double>(i) + static_cast<double>(j) + 1) / 2.0;
        for (size_t k = i; k < j; ++k)
            if (scored[k].second) rank_sum += avg_rank;
        i = j;
    }
    for (const auto& s : scored) (s.second ? pos : neg) += 1;
    r.auc_merge = pos > 0 && neg > 0 ? (rank_sum - pos * (pos + 1) / 2) / (pos * neg) : 0;
    r.hard_accuracy = r.hard ? static_cast<double>(hard_right) / static_cast<double>(r.hard) : 0;
    return r;
}

Thresholds calibrate(const std::vector<GoldPair>& pairs, const std::shared_ptr<const SignalEngine>& engine,
                     double max_false_merge) {
    Thresholds best;
    best.provider = engine->identity();
    double best_f1 = -1;
    for (int lo = 4; lo <= 28; lo += 4) {
        for (int th = 40; th <= 98; th += 2) {
            Thresholds t;
            t.theta_merge = th / 100.0;
            t.sigma_lo = lo / 100.0;
            t.provider = best.provider;
            const GoldReport r = evaluate_gold(pairs, engine, t, Gates{});
            if (r.false_merge > max_false_merge) continue;
            if (r.macro_f1 > best_f1 + 1e-12 || (std::abs(r.macro_f1 - best_f1) <= 1e-12 && t.theta_merge > best.theta_merge)) {
                best_f1 = r.macro_f1;
                best = t;
            }
        }
    }
    return best;
}

}  // namespace bm::meld
