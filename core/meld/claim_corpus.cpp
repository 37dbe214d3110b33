// ClaimCorpus: vocabulary, phrasings and the seeded draw of held and incoming claims.
#include "meld/claim_corpus.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace bm::meld {

namespace {

constexpr std::array kRegions = {"EU", "US", "APAC", "UK", "German", "Canadian", "Japanese", "Brazilian",
                                  "Indian", "Nordic", "French", "Australian"};
constexpr std::array kDomains = {"billing",   "payments", "search",    "analytics", "customer",  "inventory", "shipping",
                                  "identity",  "logging",  "reporting", "mobile",    "checkout",  "pricing",   "catalog",
                                  "marketing", "support",  "fraud",     "payroll",   "recruiting", "warehouse", "ledger",
                                  "streaming", "messaging", "telemetry", "document",  "archive",   "loyalty",   "booking",
                                  "insurance", "claims",   "compliance", "partner"};
constexpr std::array kSystems = {"database", "cache",     "queue",     "gateway",   "cluster",   "dashboard", "scheduler",
                                  "service",  "pipeline",  "warehouse", "index",     "bucket",    "proxy",     "broker",
                                  "backend",  "frontend",  "worker",    "cron job",  "data lake", "API",       "portal",
                                  "ledger",   "registry",  "vault",     "mailer",    "exporter",  "importer",  "monitor",
                                  "load balancer", "search index", "file store", "replica"};
constexpr std::array kTeams = {"platform", "payments", "security", "data", "mobile", "growth", "infrastructure",
                                "finance",  "legal",    "support",  "reliability", "identity", "search", "analytics"};
constexpr std::array kDatacenters = {"Frankfurt", "Dublin",  "Virginia", "Oregon",    "Tokyo", "Singapore",
                                      "Sydney",    "Sao Paulo", "Mumbai", "Stockholm", "Paris", "Montreal"};
constexpr std::array kWeekdays = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
constexpr std::array kChannels = {"incidents", "oncall", "ops-alerts", "pager", "noc", "escalations", "sre", "triage"};
constexpr std::array kLanguages = {"Go", "Rust", "Java", "Python", "Kotlin", "TypeScript", "Scala", "Elixir", "C++", "Ruby"};
constexpr std::array kPeople = {"Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah", "Gustav", "Hiro", "Ines", "Jonas",
                                 "Kavya", "Lena", "Mateo", "Nadia", "Omar", "Priya"};
constexpr std::array kCiphers = {"AES-256", "ChaCha20", "AES-128", "RSA-4096", "Twofish", "Serpent"};
constexpr std::array kNumberWords = {"one", "two", "three", "four", "five"};

// Three phrasings per predicate; {e} is the entity, {v} the value.
constexpr std::array<std::array<const char*, 3>, 12> kTemplates = {{
    {"The {e} listens on port {v}", "The {e} accepts connections on port {v}", "Port {v} is where the {e} listens"},
    {"The {e} is backed up every {v} hours", "A backup of the {e} is taken every {v} hours",
     "Every {v} hours the {e} gets backed up"},
    {"The {e} keeps records for {v} days", "Records in the {e} are retained for {v} days",
     "The {e} retains its records for {v} days"},
    {"The {e} is owned by the {v} team", "The {v} team owns the {e}", "Ownership of the {e} lies with the {v} team"},
    {"Changes to the {e} need {v} approvals", "Every change to the {e} requires {v} approvals",
     "The {e} cannot be changed without {v} approvals"},
    {"The {e} stores its data in {v}", "Data of the {e} is kept in {v}", "The {e} keeps its data in the {v} region"},
    {"The {e} is deployed on {v}s", "Deployments of the {e} happen on {v}s", "We deploy the {e} every {v}"},
    {"The {e} sends alerts to the {v} channel", "Alerts from the {e} go to the {v} channel",
     "The {v} channel receives the alerts of the {e}"},
    {"The {e} times out after {v} seconds", "Requests to the {e} time out after {v} seconds",
     "The timeout of the {e} is {v} seconds"},
    {"The {e} is written in {v}", "The {e} is implemented in {v}", "{v} is the language of the {e}"},
    {"The {e} is monitored by {v} at night", "{v} watches the {e} during the night",
     "At night {v} is on call for the {e}"},
    {"The {e} encrypts records with {v}", "Records in the {e} are encrypted with {v}",
     "The {e} uses {v} to encrypt its records"},
}};

constexpr size_t kEntities = kRegions.size() * kDomains.size() * kSystems.size();

std::string entity_name(uint32_t e) {
    const size_t r = e % kRegions.size(), d = (e / kRegions.size()) % kDomains.size(),
                 s = e / (kRegions.size() * kDomains.size());
    return std::string(kRegions[r]) + " " + kDomains[d] + " " + kSystems[s];
}

// How many distinct values a predicate takes, and the value's words.
uint32_t value_count(uint32_t predicate) {
    switch (predicate) {
        case 0: return 8976;
        case 1: return 48;
        case 2: return 3650;
        case 3: return kTeams.size();
        case 4: return kNumberWords.size();
        case 5: return kDatacenters.size();
        case 6: return kWeekdays.size();
        case 7: return kChannels.size();
        case 8: return 600;
        case 9: return kLanguages.size();
        case 10: return kPeople.size();
        default: return kCiphers.size();
    }
}

std::string value_text(uint32_t predicate, uint32_t v) {
    switch (predicate) {
        case 0: return std::to_string(1024 + v);
        case 1: return std::to_string(1 + v);
        case 2: return std::to_string(1 + v);
        case 3: return kTeams[v];
        case 4: return kNumberWords[v];
        case 5: return kDatacenters[v];
        case 6: return kWeekdays[v];
        case 7: return kChannels[v];
        case 8: return std::to_string(1 + v);
        case 9: return kLanguages[v];
        case 10: return kPeople[v];
        default: return kCiphers[v];
    }
}

void replace_all(std::string& s, std::string_view what, const std::string& with) {
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
        s.replace(at, what.size(), with);
}

}  // namespace

const char* incoming_kind_name(IncomingKind k) {
    switch (k) {
        case IncomingKind::kNovel: return "novel";
        case IncomingKind::kParaphrase: return "paraphrase";
        case IncomingKind::kContradiction: return "contradiction";
        case IncomingKind::kRepublish: return "republish";
    }
    return "novel";
}

size_t ClaimCorpus::capacity() { return kEntities * kTemplates.size(); }

ClaimCorpus::ClaimCorpus(uint64_t seed) : m_rng(seed) {
    m_order.resize(capacity());
    std::iota(m_order.begin(), m_order.end(), 0u);
    std::shuffle(m_order.begin(), m_order.end(), m_rng);
}

std::string ClaimCorpus::render(const CorpusFact& f) {
    std::string s = kTemplates[f.predicate][f.phrasing % 3];
    replace_all(s, "{e}", entity_name(f.entity));
    replace_all(s, "{v}", value_text(f.predicate, f.value));
    return s;
}

CorpusFact ClaimCorpus::fresh_fact() {
    const uint32_t slot = m_order[m_next++ % m_order.size()];
    CorpusFact f;
    f.predicate = slot % static_cast<uint32_t>(kTemplates.size());
    f.entity = slot / static_cast<uint32_t>(kTemplates.size());
    f.value = static_cast<uint32_t>(m_rng() % value_count(f.predicate));
    f.phrasing = static_cast<uint32_t>(m_rng() % 3);
    return f;
}

std::vector<std::string> ClaimCorpus::held(size_t count) {
    std::vector<std::string> out;
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        m_held.push_back(fresh_fact());
        out.push_back(render(m_held.back()));
    }
    return out;
}

std::vector<IncomingClaim> ClaimCorpus::incoming(size_t count) {
    std::vector<IncomingClaim> out;
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        const uint64_t roll = m_rng() % 100;
        IncomingClaim c;
        if (roll < 45 || m_held.empty()) {
            c.kind = IncomingKind::kNovel;
            c.text = render(fresh_fact());
        } else {
            CorpusFact f = m_held[m_rng() % m_held.size()];
            if (roll < 70) {
                c.kind = IncomingKind::kParaphrase;
                f.phrasing = (f.phrasing + 1 + static_cast<uint32_t>(m_rng() % 2)) % 3;
            } else if (roll < 85) {
                c.kind = IncomingKind::kContradiction;
                f.value = (f.value + 1 + static_cast<uint32_t>(m_rng() % (value_count(f.predicate) - 1))) %
                          value_count(f.predicate);
            } else {
                c.kind = IncomingKind::kRepublish;
            }
            c.text = render(f);
        }
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace bm::meld
