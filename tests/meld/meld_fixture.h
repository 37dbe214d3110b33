// Shared fixtures of the MELD tests: the real lexical provider (with the system WordNet when
// installed) and the Figure 2 federation's key directory.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "meld/brain.h"
#include "meld/signal_engine.h"

namespace bm::meld::meldtest {

inline std::shared_ptr<const SignalEngine> lexical_engine() {
    static const std::shared_ptr<const SignalEngine> engine = [] {
        auto provider = std::make_shared<LexicalProvider>(LexicalProvider::create());
        return std::make_shared<SignalEngine>(provider);
    }();
    return engine;
}

inline bool wordnet_installed() { return lexical_engine() && dynamic_cast<const LexicalProvider&>(lexical_engine()->provider()).wordnet(); }

// Figure 2: EU edge agent A, EU team agent T, EU aggregate B, EU canonical authority C, US
// aggregate U (high authority, but only for US cells). Each brain signs with a key of its own.
inline std::string figure2_key(const std::string& brain) { return "figure-2 federation key of brain " + brain + " (32+ bytes)"; }
inline KeyDirectory figure2_directory() {
    KeyDirectory d;
    d.overrule_authority = 2;
    d.brains["A"] = {figure2_key("A"), 1, {"jurisdiction:EU"}};
    d.brains["T"] = {figure2_key("T"), 1, {"jurisdiction:EU"}};
    d.brains["B"] = {figure2_key("B"), 1, {"jurisdiction:EU"}};
    d.brains["C"] = {figure2_key("C"), 3, {"jurisdiction:EU"}};
    d.brains["U"] = {figure2_key("U"), 3, {"jurisdiction:US"}};
    return d;
}

inline Claim claim(std::string text, std::string cell, int authority = 1) {
    Claim c;
    c.text = std::move(text);
    c.scope.cells = {std::move(cell)};
    c.authority = authority;
    return c;
}

// An overrule of the claim keyed `key` in `cell` (author, time and seal are the authoring brain's).
inline StatusLink overrule_of(const std::string& key, const std::string& cell) {
    StatusLink link;
    link.claim = key;
    link.claim_scope = {cell};
    link.effect = ClaimStatus::kOverruled;
    link.kind = "overrule";
    return link;
}

// A delta signed as `sender` under the directory.
inline Delta signed_claim(const KeyDirectory& d, const std::string& sender, Claim c, int64_t sent = 1) {
    c.scope.normalise();
    if (c.origin.empty()) c.origin = sender;
    Delta delta;
    delta.sender = sender;
    delta.sent = sent;
    delta.claim = std::move(c);
    delta.sign(d);
    return delta;
}

inline Delta signed_link(const KeyDirectory& d, StatusLink link) {
    link.seal();
    Delta delta;
    delta.sender = link.author;
    delta.sent = link.issued;
    delta.link = std::move(link);
    delta.sign(d);
    return delta;
}

// The procedure's gate, fallback and authority tests pin θ_merge at 0.88: their probes are
// paraphrases at σ ≈ 0.89 that must stay above it whatever the fitted default is (#18 refits move
// it; the fitted point is tested in test_signals_fit.cpp and test_meld_cli.cpp).
inline Thresholds gate_test_thresholds() {
    Thresholds t = lexical_default_thresholds();
    t.theta_merge = 0.88;
    return t;
}

inline const char* kC1 = "Customer data must be retained for seven years";
inline const char* kParaphrase = "We are required to retain customer data for seven years";
inline const char* kC2 = "Customer data must be deleted after two years";

}  // namespace bm::meld::meldtest
