// Deterministic M3b rules: failed attempts → negative knowledge; hedged sentences → ladder.
#include "fold/m3b_reducer.h"

#include <algorithm>
#include <cctype>

#include "fold/archive.h"
#include "util/hash.h"

namespace bm {

namespace {

constexpr const char* kRulesModel = "rules";
constexpr const char* kRulesPrompt = "ef-m3b-rules-1";
constexpr size_t kMaxClaimBytes = 200;

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Sentences of `text` exactly as written (so a sentence is a verbatim quote of its message).
std::vector<std::string> sentences(const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    auto flush = [&](size_t end) {
        const size_t b = text.find_first_not_of(" \t\r\n", start);
        if (b != std::string::npos && b < end) {
            size_t e = end;
            while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
            out.push_back(text.substr(b, e - b));
        }
        start = end;
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n' || ((c == '.' || c == '!' || c == '?') &&
                          (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n')))
            flush(i + 1);
    }
    flush(text.size());
    return out;
}

bool hedged(const std::string& sentence) {
    const std::string l = " " + lower(sentence) + " ";
    for (const char* h : {" i think ", " probably ", " i suspect ", " might be ", " may be ",
                          " likely ", " hypothesis", " my guess ", " perhaps "})
        if (l.find(h) != std::string::npos) return true;
    return false;
}

std::string text_blocks(const nlohmann::json& m) {
    std::string out;
    for (const auto& b : m.value("blocks", nlohmann::json::array()))
        if (b.is_object() && b.value("kind", "") == "text" && b.contains("text") &&
            b["text"].is_string()) {
            if (!out.empty()) out += "\n";
            out += b["text"].get<std::string>();
        }
    return out;
}

// What a failed call rejects: the subject (the file it worked on, else the tool) and the claim.
std::pair<std::string, std::string> attempt_of(const std::string& name,
                                               const std::string& arguments) {
    std::string subject = name.empty() ? "call" : name;
    std::string args = arguments;
    auto parsed = nlohmann::json::parse(arguments, nullptr, false);
    if (parsed.is_object()) {
        args = parsed.dump();  // sorted keys: the same call gives the same claim
        for (const char* field : {"path", "file_path", "filename", "file"})
            if (parsed.contains(field) && parsed[field].is_string() &&
                !parsed[field].get<std::string>().empty()) {
                subject = parsed[field].get<std::string>();
                break;
            }
    }
    std::string claim =
        (name.empty() ? std::string("call") : name) + (args.empty() ? "" : " " + args);
    claim = utf8_prefix(claim, kMaxClaimBytes) + " succeeds";
    return {subject, claim};
}

}  // namespace

M3bReducer::M3bReducer(M3bState carried, const nlohmann::json& messages)
    : m_state{std::move(carried.negative), {}},
      m_ladder(
          [this](int64_t seq) -> std::optional<std::string> {
              auto it = m_texts.find(seq);
              if (it == m_texts.end()) return std::nullopt;
              return it->second;
          },
          std::move(carried.beliefs)) {
    if (messages.is_array())
        for (const auto& m : messages)
            if (m.is_object() && m.contains("seq") && m["seq"].is_number_integer())
                m_texts[m["seq"].get<int64_t>()] = archived_message_text(m);
}

void M3bReducer::apply(const nlohmann::json& m, const StateReducer& state) {
    if (!m.is_object()) return;
    const int64_t seq = m.value("seq", int64_t{0});
    const std::string role = m.value("role", "");
    std::vector<std::string> proposed_here;
    if (role == "assistant") {
        for (const auto& s : sentences(text_blocks(m))) {
            if (!hedged(s)) continue;
            const std::string id = "b-" + sha256_hex(lower(s)).substr(0, 12);
            const Belief* before = m_ladder.find(id);
            const BeliefLevel to = before ? BeliefLevel::kSupported : BeliefLevel::kHypothesis;
            Status st = m_ladder.propose(id, s, to, {{seq}, s, kRulesModel, kRulesPrompt});
            ++(st.ok() ? m_counts.proposed : m_counts.refused);
            if (st.ok()) proposed_here.push_back(id);
        }
    }
    for (const auto& b : m.value("blocks", nlohmann::json::array())) {
        if (!b.is_object()) continue;
        const std::string kind = b.value("kind", "");
        if (kind == "tool_call" && b.contains("id") && b["id"].is_string()) {
            m_calls[b["id"].get<std::string>()] = {b.value("name", ""), b.value("arguments", ""),
                                                   seq, proposed_here};
            continue;
        }
        if (kind != "tool_result") continue;
        auto it = m_calls.find(b.value("id", ""));
        const std::string name = it != m_calls.end() ? it->second.name : b.value("name", "");
        const std::string arguments = it != m_calls.end() ? it->second.arguments : "";
        const bool failed = b.value("isError", false);
        const auto [subject, claim] = attempt_of(name, arguments);
        if (failed) {
            NegativeKnowledge entry{subject, claim, {}, {}, KnowledgeLifecycle::kActive};
            if (it != m_calls.end() && it->second.seq != seq)
                entry.because.push_back(it->second.seq);
            entry.because.push_back(seq);
            // Valid while the configuration of this moment holds (newest values first).
            std::vector<const Anchor*> values;
            for (const auto& a : state.heads())
                if (a.kind == AnchorKind::kValue) values.push_back(&a);
            auto newest = [](const Anchor* a) {
                return a->source_seqs.empty() ? int64_t{0} : a->source_seqs.back();
            };
            std::sort(values.begin(), values.end(), [&](const Anchor* x, const Anchor* y) {
                return newest(x) != newest(y) ? newest(x) > newest(y)
                                              : x->key.to_string() < y->key.to_string();
            });
            for (size_t i = 0; i < values.size() && i < M3bState::kMaxConditions; ++i)
                entry.valid_while.push_back({values[i]->key, values[i]->value});
            if (m_state.negative.add(std::move(entry), state).ok()) ++m_counts.rejected_attempts;
        } else {
            m_state.negative.contradict(subject, claim);
        }
        if (it == m_calls.end()) continue;
        for (const auto& id : it->second.beliefs_under_test) {
            Status st =
                m_ladder.settle(id, failed ? BeliefLevel::kRejected : BeliefLevel::kEstablished,
                                {{seq, EvidenceKind::kEmpirical}});
            ++(st.ok() ? m_counts.settled : m_counts.refused);
        }
        it->second.beliefs_under_test.clear();
    }
    m_state.negative.refresh(state);
    m_state.negative.bound(M3bState::kMaxEntries);
    m_ladder.bound(M3bState::kMaxEntries);
}

void M3bReducer::apply_proposals(const std::vector<BeliefProposal>& proposals) {
    for (const auto& p : proposals) {
        Status st = m_ladder.propose(p.id, p.statement, p.level, p.record);
        ++(st.ok() ? m_counts.proposed : m_counts.refused);
    }
    m_ladder.bound(M3bState::kMaxEntries);
}

M3bState M3bReducer::finish() {
    M3bState out{std::move(m_state.negative), m_ladder.beliefs()};
    return out;
}

}  // namespace bm
