// env.* claims from the harness's own records: keys, placeholder rule, value forms, provenance.
#include "extract/environment_claims.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include "util/hash.h"
#include "util/trim.h"

namespace bm {

namespace {

constexpr std::string_view kNilUuid = "00000000-0000-0000-0000-000000000000";
constexpr int64_t kLastMillisecondOf9999 = 253402300799999;
constexpr size_t kMaxTokenValueBytes = 80;

const std::set<std::string>& competing_names() {
    static const std::set<std::string> names = {"cwd",          "model",           "provider", "reasoning_effort",
                                                "approval_policy", "sandbox_mode", "permission_preset"};
    return names;
}

const std::set<std::string>& per_run_names() {
    static const std::set<std::string> names = {
        "created_at",         "parent_session", "origin",     "delegation_depth",
        "log_format_version", "hook_decision",  "turn_error", "pull_request"};
    return names;
}

// Lowercase [a-z0-9] runs joined by '-': "claude-code:PreToolUse:1" → "claude-code-pretooluse-1".
std::string key_tag(std::string_view text) {
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) && u < 0x80) out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "unnamed" : out;
}

// Lowercase ASCII, whitespace runs → '-', at most kMaxTokenValueBytes (cut on a UTF-8 boundary).
std::string token_value(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isspace(u) && u < 0x80) {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += '-';
        space = false;
        out += u < 0x80 ? static_cast<char>(std::tolower(u)) : c;
    }
    if (out.size() > kMaxTokenValueBytes) {
        size_t cut = kMaxTokenValueBytes;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
        out.resize(cut);
    }
    return out;
}

bool all_digits(std::string_view s) {
    if (s.empty() || s.size() > 18) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// Days since 1970-01-01 → civil date (H. Hinnant's algorithm, proleptic Gregorian).
void civil_from_days(int64_t z, int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
}

}  // namespace

// key_tag(id) when it is the id itself (UUIDs), else the tag plus 8 hex digits of the id's SHA-256:
// "Build.1" and "build_1" tag alike, and two runs must never share a per-run slot.
std::string session_tag(const std::string& session_id) {
    std::string tag = key_tag(session_id);
    if (tag != session_id) tag += "-" + sha256_hex(session_id).substr(0, 8);
    return tag;
}

bool is_placeholder_value(std::string_view value) {
    const size_t open = value.find("{{");
    if (open != std::string_view::npos && value.find("}}", open + 2) != std::string_view::npos) return true;
    if (value == kNilUuid) return true;
    constexpr std::string_view kSuffix = "-placeholder";
    return value.size() >= kSuffix.size() && value.substr(value.size() - kSuffix.size()) == kSuffix;
}

bool is_competing_environment_fact(const std::string& name) { return competing_names().count(name) > 0; }

std::string environment_key(const EnvironmentFact& fact, const std::string& session_id) {
    if (is_competing_environment_fact(fact.name)) return "env." + fact.name;
    if (!per_run_names().count(fact.name)) return {};
    std::string key = "env.session." + session_tag(session_id) + "." + fact.name;
    if (!fact.qualifier.empty())
        key += "." + (fact.name == "turn_error" ? "turn-" + key_tag(fact.qualifier) : key_tag(fact.qualifier));
    return key;
}

std::string iso8601_from_epoch_ms(int64_t ms) {
    const int64_t days = ms >= 0 ? ms / 86400000 : (ms - 86399999) / 86400000;
    const int64_t in_day = ms - days * 86400000;
    int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(days, y, m, d);
    char buf[160];  // room for any int64 components, so the compiler sees no truncation
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%03lldZ", static_cast<long long>(y), m, d,
                  static_cast<long long>(in_day / 3600000), static_cast<long long>(in_day / 60000 % 60),
                  static_cast<long long>(in_day / 1000 % 60), static_cast<long long>(in_day % 1000));
    return buf;
}

std::string environment_value(const EnvironmentFact& fact) {
    const std::string v(trim(fact.value));
    if (v.empty() || is_placeholder_value(v)) return {};
    if (fact.name == "created_at") {
        if (!all_digits(v)) return v;  // already a date as text
        const int64_t ms = std::stoll(v);
        // 0 is the fixtures' "no time"; past year 9999 is no creation time either.
        if (ms <= 0 || ms > kLastMillisecondOf9999) return {};
        return iso8601_from_epoch_ms(ms);
    }
    if (fact.name == "cwd" || fact.name == "parent_session" || fact.name == "pull_request")
        return v;  // a path's case is part of it
    std::string token = token_value(v);
    return is_placeholder_value(token) ? std::string() : token;  // "Run Placeholder" → run-placeholder
}

std::vector<Claim> environment_claims(const Session& session, const std::string& branch_id) {
    std::vector<Claim> out;
    for (const EnvironmentFact& f : session.environment) {
        const std::string key = environment_key(f, session.id);
        const std::string value = environment_value(f);
        if (key.empty() || value.empty()) continue;
        Claim c;
        c.key = key;
        c.value = value;
        c.type = SlotType::kFact;
        // The harness observed it: a tool/system observation (SPEC §2), never user evidence, and
        // EXTERNAL like an ordinary tool result (SPEC §9): it informs, it does not instruct.
        c.evidence = EvidenceLevel::kToolVerified;
        c.provenance_rank = provenance_rank::kToolObservation;
        c.trust = TrustLabel::kExternal;
        c.source = {branch_id, session.id, "harness:L" + std::to_string(f.line), f.seq, "system", "harness", {},
                    f.line};
        c.quote = f.quote;
        c.quote_offset = f.quote_offset;
        c.time = f.time;
        c.rule = "env.harness";
        out.push_back(std::move(c));
    }
    return out;
}

void add_environment_claims(const Session& session, BranchClaims& branch) {
    std::vector<Claim> env = environment_claims(session, branch.branch_id);
    if (env.empty()) return;
    for (auto& c : branch.claims) env.push_back(std::move(c));  // the header (seq 0) before an event of seq 0
    branch.claims = std::move(env);
    std::stable_sort(branch.claims.begin(), branch.claims.end(),
                     [](const Claim& a, const Claim& b) { return a.source.seq < b.source.seq; });
}

void add_environment_claims(const std::vector<Session>& sessions, std::vector<BranchClaims>& branches) {
    for (const Session& session : sessions) {
        if (session.environment.empty()) continue;
        auto first = std::find_if(branches.begin(), branches.end(),
                                  [&](const BranchClaims& b) { return b.session_id == session.id; });
        if (first != branches.end()) {
            add_environment_claims(session, *first);
            continue;
        }
        BranchClaims own{session.id, session.id, environment_claims(session, session.id)};
        if (!own.claims.empty()) branches.push_back(std::move(own));
    }
}

}  // namespace bm
