// The state reducer: evidence rule, failure lifecycle, authority, bounded heads, canonical form.
#include "fold/state_reducer.h"

#include <algorithm>
#include <string_view>

#include "fold/archive.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

constexpr const char* kAnchorKinds[] = {"objective", "constraint", "decision", "value",
                                        "artifact",  "evidence",   "failure",  "obligation"};
constexpr const char* kEvidenceKinds[] = {"empirical", "procedural", "assertion", "narrative"};
constexpr const char* kFailureStatuses[] = {"OPEN", "INVESTIGATING", "RESOLVED", "VERIFIED"};

template <typename E, size_t N>
std::optional<E> from_table(const char* const (&table)[N], const std::string& name) {
    for (size_t i = 0; i < N; ++i)
        if (name == table[i]) return static_cast<E>(i);
    return std::nullopt;
}

template <typename T>
void append_bounded(std::vector<T>& list, const std::vector<T>& more, size_t cap) {
    for (const auto& x : more)
        if (std::find(list.begin(), list.end(), x) == list.end()) list.push_back(x);
    if (list.size() > cap) list.erase(list.begin(), list.end() - static_cast<std::ptrdiff_t>(cap));
}

bool authoritative(const Anchor& a) {
    return a.authority == "user" && (a.kind == AnchorKind::kObjective || a.kind == AnchorKind::kConstraint);
}

// Lower evicts first.
int keep_priority(const Anchor& a) {
    if (authoritative(a)) return 100;
    switch (a.kind) {
        case AnchorKind::kEvidence: return 0;
        case AnchorKind::kArtifact: return 1;
        case AnchorKind::kValue: return 2;
        case AnchorKind::kDecision: return 3;
        case AnchorKind::kObligation: return 4;
        case AnchorKind::kFailure: return 5;
        default: return 6;
    }
}

int64_t newest_seq(const Anchor& a) { return a.source_seqs.empty() ? 0 : a.source_seqs.back(); }

// a.to_string() < b.to_string() (the heads' order) without building either string.
bool key_string_less(const StateKey& a, const StateKey& b) {
    const std::string_view pa[] = {a.ns, "/", a.entity, "/", a.property};
    const std::string_view pb[] = {b.ns, "/", b.entity, "/", b.property};
    size_t ia = 0, ib = 0, oa = 0, ob = 0;
    for (;;) {
        while (ia < 5 && oa == pa[ia].size()) ++ia, oa = 0;
        while (ib < 5 && ob == pb[ib].size()) ++ib, ob = 0;
        if (ia == 5 || ib == 5) return ia == 5 && ib < 5;
        const auto ca = static_cast<unsigned char>(pa[ia][oa]), cb = static_cast<unsigned char>(pb[ib][ob]);
        if (ca != cb) return ca < cb;
        ++oa, ++ob;
    }
}

}  // namespace

const char* anchor_kind_name(AnchorKind kind) { return kAnchorKinds[static_cast<int>(kind)]; }
std::optional<AnchorKind> anchor_kind_from_name(const std::string& name) {
    return from_table<AnchorKind>(kAnchorKinds, name);
}
const char* evidence_kind_name(EvidenceKind kind) { return kEvidenceKinds[static_cast<int>(kind)]; }
std::optional<EvidenceKind> evidence_kind_from_name(const std::string& name) {
    return from_table<EvidenceKind>(kEvidenceKinds, name);
}
const char* failure_status_name(FailureStatus s) { return kFailureStatuses[static_cast<int>(s)]; }
std::optional<FailureStatus> failure_status_from_name(const std::string& name) {
    return from_table<FailureStatus>(kFailureStatuses, name);
}

// Heads are sorted by key string, so the heads of `key` (equal parts, hence equal strings) start at
// the lower bound of its string: the first of them is the one a scan in order finds.
std::vector<Anchor>::const_iterator StateReducer::locate(const StateKey& key) const {
    auto it = std::lower_bound(m_heads.begin(), m_heads.end(), key,
                               [](const Anchor& x, const StateKey& k) { return key_string_less(x.key, k); });
    for (; it != m_heads.end() && !key_string_less(key, it->key); ++it)
        if (it->key == key) return it;
    return m_heads.end();
}

const Anchor* StateReducer::find(const StateKey& key) const {
    auto it = locate(key);
    return it == m_heads.end() ? nullptr : &*it;
}

Status StateReducer::apply(const StateEvent& e) {
    const std::string key = e.key.to_string();
    if (e.source_seqs.empty())
        return Error::refused("state event for " + key + " has no source event refs",
                              "every anchor must name the events it came from");
    if (e.support == EvidenceKind::kNarrative)
        return Error::refused("narrative never mutates state (" + key + ")",
                              "derive state from tool results or user turns, not summaries");
    const bool verifying = is_verifying(e.support) ||
                           std::any_of(e.evidence.begin(), e.evidence.end(),
                                       [](const EvidenceRef& r) { return is_verifying(r.kind); });
    auto it = m_heads.begin() + (locate(e.key) - m_heads.cbegin());
    auto insert_at = [&] {
        return std::upper_bound(m_heads.begin(), m_heads.end(), e.key,
                                [](const StateKey& k, const Anchor& x) { return key_string_less(k, x.key); });
    };

    if (e.kind == AnchorKind::kFailure) {
        if (!e.failure) return Error::invalid_input("failure event for " + key + " has no status");
        const FailureStatus to = *e.failure;
        if (it == m_heads.end()) {
            if (to != FailureStatus::kOpen)
                return Error::refused("failure " + key + " must be OPEN before " + failure_status_name(to));
        } else if (it->kind != AnchorKind::kFailure) {
            return Error::refused("key " + key + " holds a " + anchor_kind_name(it->kind) + ", not a failure");
        }
        if (to == FailureStatus::kVerified && !verifying)
            return Error::refused("VERIFIED without empirical or procedural evidence refused for " + key,
                                  "a failure is verified only by a tool result or CI, not by an assertion");
        if (to == FailureStatus::kVerified) {
            m_heads.erase(it);  // verified failures leave hot state
            return {};
        }
        if (it == m_heads.end()) {
            Anchor a;
            a.kind = AnchorKind::kFailure;
            a.key = e.key;
            it = m_heads.insert(insert_at(),
                                std::move(a));
        }
        it->failure = to;
        it->value = utf8_prefix(e.value, kMaxValueBytes);
        it->authority = e.authority;
        it->support = e.support;
        it->verified = false;
        append_bounded(it->source_seqs, e.source_seqs, kMaxRefs);
        append_bounded(it->evidence, e.evidence, kMaxRefs);
        ++it->epoch;
        evict_if_needed();
        return {};
    }

    if (it != m_heads.end()) {
        if (authoritative(*it) && e.authority != "user")
            return Error::refused("only the user can change " + key + " (" + anchor_kind_name(it->kind) + ")",
                                  "objectives and constraints carry the user's authority");
        if (it->verified && !verifying && e.authority != "user" && it->value != e.value)
            return Error::refused("an unverified assertion cannot overwrite verified " + key,
                                  "supply a tool result or CI run as evidence");
        if (it->kind != e.kind) it->evidence.clear();
    } else {
        Anchor a;
        a.key = e.key;
        it = m_heads.insert(insert_at(),
                            std::move(a));
    }
    it->kind = e.kind;
    it->value = utf8_prefix(e.value, kMaxValueBytes);
    it->authority = e.authority;
    it->support = e.support;
    it->verified = verifying;
    it->failure.reset();
    append_bounded(it->source_seqs, e.source_seqs, kMaxRefs);
    append_bounded(it->evidence, e.evidence, kMaxRefs);
    ++it->epoch;
    evict_if_needed();
    return {};
}

void StateReducer::evict_if_needed() {
    while (m_heads.size() > m_max_heads) {
        auto victim = std::min_element(m_heads.begin(), m_heads.end(), [](const Anchor& a, const Anchor& b) {
            const int pa = keep_priority(a), pb = keep_priority(b);
            if (pa != pb) return pa < pb;
            if (newest_seq(a) != newest_seq(b)) return newest_seq(a) < newest_seq(b);
            return a.key.to_string() < b.key.to_string();
        });
        m_heads.erase(victim);
    }
}

nlohmann::json anchor_to_json(const Anchor& a) {
    nlohmann::json evidence = nlohmann::json::array();
    for (const auto& r : a.evidence) evidence.push_back({{"seq", r.seq}, {"kind", evidence_kind_name(r.kind)}});
    nlohmann::json j{{"kind", anchor_kind_name(a.kind)},
                     {"key", a.key.to_string()},
                     {"value", a.value},
                     {"authority", a.authority},
                     {"support", evidence_kind_name(a.support)},
                     {"verified", a.verified},
                     {"sourceSeqs", a.source_seqs},
                     {"evidence", evidence},
                     {"epoch", a.epoch}};
    if (a.failure) j["failure"] = failure_status_name(*a.failure);
    return j;
}

nlohmann::json StateReducer::to_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& a : m_heads) out.push_back(anchor_to_json(a));
    return out;
}

std::string StateReducer::digest() const {
    auto bytes = canonical_json(to_json());
    return sha256_hex(bytes.ok() ? *bytes : std::string());
}

Result<StateReducer> StateReducer::from_json(const nlohmann::json& anchors, size_t max_heads) {
    if (!anchors.is_array()) return Error::corruption("state.anchors is not an array", Location("", 0, -1, "state.anchors"));
    StateReducer r(max_heads);
    for (size_t i = 0; i < anchors.size(); ++i) {
        const auto& j = anchors[i];
        const std::string field = "state.anchors[" + std::to_string(i) + "]";
        auto bad = [&](const std::string& what) {
            return Error::corruption(field + ": " + what, Location("", 0, -1, field),
                                     "the bundle's state does not follow CheckpointBundleV1");
        };
        try {
            Anchor a;
            auto kind = anchor_kind_from_name(j.at("kind").get<std::string>());
            if (!kind) return bad("unknown anchor kind");
            a.kind = *kind;
            const std::string key = j.at("key").get<std::string>();
            const auto s1 = key.find('/');
            const auto s2 = s1 == std::string::npos ? s1 : key.find('/', s1 + 1);
            if (s2 == std::string::npos) return bad("key is not namespace/entity/property");
            a.key = {key.substr(0, s1), key.substr(s1 + 1, s2 - s1 - 1), key.substr(s2 + 1)};
            a.value = j.at("value").get<std::string>();
            a.authority = j.at("authority").get<std::string>();
            auto support = evidence_kind_from_name(j.at("support").get<std::string>());
            if (!support) return bad("unknown support kind");
            a.support = *support;
            a.verified = j.at("verified").get<bool>();
            a.source_seqs = j.at("sourceSeqs").get<std::vector<int64_t>>();
            if (a.source_seqs.empty()) return bad("anchor without source refs");
            for (const auto& ev : j.at("evidence")) {
                auto k = evidence_kind_from_name(ev.at("kind").get<std::string>());
                if (!k) return bad("unknown evidence kind");
                a.evidence.push_back({ev.at("seq").get<int64_t>(), *k});
            }
            a.epoch = j.at("epoch").get<int64_t>();
            if (j.contains("failure")) {
                auto f = failure_status_from_name(j.at("failure").get<std::string>());
                if (!f) return bad("unknown failure status");
                a.failure = f;
            }
            r.m_heads.push_back(std::move(a));
        } catch (const nlohmann::json::exception& ex) {
            return bad(std::string("missing or mistyped field (") + ex.what() + ")");
        }
    }
    std::sort(r.m_heads.begin(), r.m_heads.end(),
              [](const Anchor& a, const Anchor& b) { return a.key.to_string() < b.key.to_string(); });
    return r;
}

}  // namespace bm
