// The per-tool verdicts of the surviving-digest check, persisted in <root>/reduce-tools.json.
#include "reduce/tool_compat.h"

#include <nlohmann/json.hpp>

#include "reduce/line_keep.h"
#include "util/canonical_json.h"

namespace bm {

ToolCompatibility::ToolCompatibility(std::string root, std::shared_ptr<FileEnv> env)
    : m_root(std::move(root)), m_env(std::move(env)) {}

Status ToolCompatibility::load() {
    m_tools.clear();
    auto bytes = m_env->read_file(path());
    if (!bytes.ok()) return bytes.error().code() == ErrorCode::kNotFound ? Status() : Status(bytes.error());
    auto doc = nlohmann::json::parse(*bytes, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("tools") || !doc["tools"].is_object())
        return Error::corruption("not a tool verdict file", Location(path(), 0, -1, "tools"),
                                 "remove it to forget every verdict, or restore it");
    for (auto it = doc["tools"].begin(); it != doc["tools"].end(); ++it) {
        const auto& v = it.value();
        try {
            if (!v.is_object()) throw std::invalid_argument("not an object");
            ToolVerdict t;
            t.incompatible = v.value("incompatible", false);
            t.verified = v.value("verified", int64_t{0});
            t.reduced_digest = v.value("reducedDigest", "");
            t.final_digest = v.value("finalDigest", "");
            t.reason = v.value("reason", "");
            m_tools[it.key()] = std::move(t);
        } catch (const std::exception& e) {
            m_tools.clear();
            return Error::corruption(std::string("malformed verdict: ") + e.what(), Location(path(), 0, -1, "tools." + it.key()),
                                     "remove it to forget every verdict, or restore it");
        }
    }
    return {};
}

bool ToolCompatibility::is_incompatible(const std::string& tool) const {
    auto it = m_tools.find(ascii_lower(tool));
    return it != m_tools.end() && it->second.incompatible;
}

bool ToolCompatibility::finalization_verified(const std::string& tool) const {
    auto it = m_tools.find(ascii_lower(tool));
    return it != m_tools.end() && !it->second.incompatible && it->second.verified > 0;
}

Status ToolCompatibility::mark_incompatible(const std::string& tool, const std::string& reduced_digest,
                                            const std::string& final_digest, const std::string& reason) {
    ToolVerdict& t = m_tools[ascii_lower(tool)];
    if (t.incompatible) return {};
    t.incompatible = true;
    t.reduced_digest = reduced_digest;
    t.final_digest = final_digest;
    t.reason = reason;
    return save();
}

Status ToolCompatibility::mark_verified(const std::string& tool) {
    ToolVerdict& t = m_tools[ascii_lower(tool)];
    ++t.verified;
    return save();
}

Status ToolCompatibility::save() {
    nlohmann::json tools = nlohmann::json::object();
    for (const auto& [name, t] : m_tools) {
        nlohmann::json v{{"incompatible", t.incompatible}, {"verified", t.verified}};
        if (t.incompatible) {
            v["reducedDigest"] = t.reduced_digest;
            v["finalDigest"] = t.final_digest;
            v["reason"] = t.reason;
        }
        tools[name] = std::move(v);
    }
    auto bytes = canonical_json(nlohmann::json{{"tools", tools}, {"version", 1}});
    if (!bytes.ok()) return bytes.error();
    Status dirs = m_env->make_dirs(m_root);
    if (!dirs.ok()) return dirs;
    return write_file_atomically(*m_env, path(), *bytes + "\n");
}

}  // namespace bm
