// ClaimCorpus: a seeded generator of realistic operational claims for the MELD throughput bench —
// facts (predicate, entity, value) rendered through several phrasings each, and incoming claims
// drawn as a mix of novel facts, paraphrases, contradictions and exact re-publications of held ones.
//
// Entities combine a region, a domain adjective and a system noun ("the EU billing database"),
// so claims share vocabulary the way a real memory does (many claims about "the database").
// Deterministic for a seed. Thread-safety: one thread per generator.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace bm::meld {

// One fact: which predicate, about which entity, with which value; `phrasing` picks the template.
struct CorpusFact {
    uint32_t predicate = 0, entity = 0, value = 0, phrasing = 0;
};

// What an incoming claim is relative to the held corpus.
enum class IncomingKind { kNovel, kParaphrase, kContradiction, kRepublish };
const char* incoming_kind_name(IncomingKind k);

struct IncomingClaim {
    IncomingKind kind = IncomingKind::kNovel;
    std::string text;
};

class ClaimCorpus {
public:
    explicit ClaimCorpus(uint64_t seed);

    // `count` distinct facts (distinct predicate × entity), rendered; REQUIRES count ≤ capacity().
    std::vector<std::string> held(size_t count);
    // Incoming claims against the facts held so far: novel 45%, paraphrase 25%, contradiction 15%,
    // exact re-publication 15%. REQUIRES held() was called first.
    std::vector<IncomingClaim> incoming(size_t count);

    static std::string render(const CorpusFact& f);
    static size_t capacity();

private:
    CorpusFact fresh_fact();

    std::mt19937_64 m_rng;
    std::vector<CorpusFact> m_held;
    std::vector<uint32_t> m_order;  // a permutation of predicate × entity slots, consumed in order
    size_t m_next = 0;
};

}  // namespace bm::meld
