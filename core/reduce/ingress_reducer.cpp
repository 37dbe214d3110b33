// The ingress transaction: profile and protections, exact artifact first, reduce, check, and the
// surviving-digest confirmation that marks incompatible tools.
#include "reduce/ingress_reducer.h"

#include <cctype>

#include "reduce/text_reducers.h"
#include "util/hash.h"

namespace bm {

const char* ingress_decision_name(IngressDecision decision) {
    switch (decision) {
    case IngressDecision::kReduced: return "reduced";
    case IngressDecision::kProtected: return "protected";
    case IngressDecision::kUnknown: return "unknown";
    case IngressDecision::kIncompatible: return "incompatible";
    case IngressDecision::kTooSmall: return "too-small";
    case IngressDecision::kNotSmaller: return "not-smaller";
    case IngressDecision::kUnsafe: return "unsafe";
    }
    return "unknown";
}

std::string reduced_header(const std::string& artifact_id, const std::string& tool, ReducerKind reducer,
                           size_t lines_kept, size_t lines_before, size_t raw_bytes) {
    std::string name;
    for (char c : tool.substr(0, 64))
        name += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') ? c : '?';
    return "[reduced tool output \xC2\xB7 exact: recall " + std::string(kArtifactRefPrefix) + artifact_id + " \xC2\xB7 " +
           name + " \xC2\xB7 " + reducer_kind_name(reducer) + " \xC2\xB7 " + std::to_string(lines_kept) + " of " +
           std::to_string(lines_before) + " lines, " + std::to_string(raw_bytes) + " bytes]";
}

IngressReducer::IngressReducer(std::string root, IngressOptions options, std::shared_ptr<FileEnv> env)
    : m_options(options), m_artifacts(root, env), m_compat(root, env) {}

Status IngressReducer::open() { return m_compat.load(); }

Result<IngressOutcome> IngressReducer::reduce(const ToolOutput& output) {
    IngressOutcome out;
    out.tool = output.tool;
    out.text = output.text;
    out.raw_bytes = output.text.size();
    out.raw_digest = sha256_hex(output.text);
    const ToolIngressProfile profile = ingress_profile(output.tool);
    auto pass = [&](IngressDecision d, std::string why) {
        out.decision = d;
        out.reason = std::move(why);
        return out;
    };
    if (auto why = content_protection(output.text, output.is_error)) return pass(IngressDecision::kProtected, *why);
    if (profile.policy == IngressPolicy::kProtected) return pass(IngressDecision::kProtected, profile.why);
    if (profile.policy == IngressPolicy::kUnknown || !profile.reducer) return pass(IngressDecision::kUnknown, profile.why);
    if (m_compat.is_incompatible(output.tool))
        return pass(IngressDecision::kIncompatible, "an earlier reduction of this tool did not survive finalisation");
    if (output.text.size() < m_options.min_bytes)
        return pass(IngressDecision::kTooSmall, "under " + std::to_string(m_options.min_bytes) + " bytes");
    // The exact output is durable and verified before anything is reduced.
    auto artifact = m_artifacts.put(output.text);
    if (!artifact.ok()) return artifact.error();
    out.artifact_id = artifact->id;
    const ReducerKind kind = profile.sniff ? sniff_reducer(output.text, *profile.reducer) : *profile.reducer;
    ReducedBody body = reduce_body(kind, output.text);
    out.reducer = body.used;
    out.lines_before = body.lines_before;
    out.lines_kept = body.lines_kept;
    if (!keeps_required(kind, output.text, body.text))
        return pass(IngressDecision::kUnsafe, std::string("the ") + reducer_kind_name(body.used) + " reducer lost a required line");
    std::string text = reduced_header(out.artifact_id, output.tool, body.used, body.lines_kept, body.lines_before,
                                      output.text.size()) + "\n" + body.text;
    if (static_cast<double>(text.size()) > m_options.max_ratio * static_cast<double>(output.text.size()))
        return pass(IngressDecision::kNotSmaller, "the reduction kept more than " +
                                                      std::to_string(static_cast<int>(m_options.max_ratio * 100)) + "% of the bytes");
    out.decision = IngressDecision::kReduced;
    out.reduced_digest = sha256_hex(text);
    out.text = std::move(text);
    return out;
}

Result<bool> IngressReducer::confirm(const IngressOutcome& outcome, std::string_view final_text) {
    if (outcome.decision != IngressDecision::kReduced)
        return Error::invalid_input("only a reduced output can be confirmed", Location("", 0, -1, "decision"));
    return confirm_digest(outcome.tool, outcome.reduced_digest, final_text);
}

Result<bool> IngressReducer::confirm_digest(const std::string& tool, const std::string& reduced_digest,
                                            std::string_view final_text) {
    if (reduced_digest.size() != 64)
        return Error::invalid_input("the reduced digest must be 64 hex digits", Location("", 0, -1, "reducedDigest"));
    const std::string final_digest = sha256_hex(final_text);
    if (final_digest == reduced_digest) {
        Status st = m_compat.mark_verified(tool);
        if (!st.ok()) return st.error();
        return true;
    }
    Status st = m_compat.mark_incompatible(tool, reduced_digest, final_digest,
                                           "the finalised result is not the reduced content");
    if (!st.ok()) return st.error();
    return false;
}

Result<std::string> IngressReducer::recall(std::string_view ref) {
    auto id = artifact_id_from_ref(ref);
    if (!id) return Error::invalid_input("'" + std::string(ref.substr(0, 80)) + "' names no artifact", Location("", 0, -1, "ref"),
                                         "pass art:<64 hex digits> as the reduced text's header names it");
    return m_artifacts.get(*id);
}

}  // namespace bm
