// The signal providers the MELD commands can select with --provider, and their default thresholds.
// Add a provider here (one branch each) and `meld calibrate`, `bench meld-gold` and
// `bench throughput` all accept it.
#pragma once

#include <memory>
#include <string>

#include "meld/signal_engine.h"
#include "meld/thresholds.h"
#include "meld_http_provider.h"

namespace bm::cli {

struct MeldProvider {
    std::shared_ptr<const bm::meld::SignalEngine> engine;  // null: unavailable (see why)
    bm::meld::Thresholds thresholds;                       // its calibrated operating point
    std::string why;
};

// The glove provider's operating point: `meld calibrate --provider glove` on the dev gold set
// (docs/meld.md, "Calibrated thresholds").
inline bm::meld::Thresholds glove_default_thresholds() {
    bm::meld::Thresholds t;
    t.theta_merge = 0.98;  // contradictions the lexical χ misses score σ ≈ 0.91 under GloVe
    t.sigma_lo = 0.20;
    t.r_min = 0.10;
    t.provider = "glove";
    return t;
}

inline MeldProvider meld_provider(const std::string& name) {
    MeldProvider p;
    if (name == "lexical") {
        p.engine = std::make_shared<bm::meld::SignalEngine>(
            std::make_shared<bm::LexicalProvider>(bm::LexicalProvider::create()));
        p.thresholds = bm::meld::lexical_default_thresholds();
        return p;
    }
    if (name == "glove" || name == "http") {
        // glove: vectors from scripts/setup.sh --with-vectors; http: BELIEFMERGE_ENDPOINT & co
        // (app/services/meld_http_provider.h). A missing dependency is a clear refusal, never a
        // silent fallback to lexical.
        auto provider = bm::services::make_meld_signal_provider(name);
        if (!provider) {
            p.why = provider.error().to_string();
            return p;
        }
        p.engine = std::make_shared<bm::meld::SignalEngine>(*provider);
        p.thresholds = name == "glove" ? glove_default_thresholds() : bm::meld::Thresholds{};
        if (name == "http") p.thresholds.provider = "";  // SPEC defaults (θ_merge 0.90): calibrate per encoder
        return p;
    }
    p.why = "provider '" + name + "' is not available (available: lexical, glove, http)";
    return p;
}

// Non-empty when the provider is `http` and some model calls failed: figures from them are refused.
inline std::string http_failures(const bm::meld::SignalEngine& engine) {
    const auto* http = dynamic_cast<const bm::services::MeldHttpProvider*>(&engine.provider());
    if (!http || http->failures() == 0) return {};
    return std::to_string(http->failures()) + " model call(s) failed (first: " + http->first_failure() + ")";
}

}  // namespace bm::cli
