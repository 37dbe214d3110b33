// ToolCompatibility: the persisted verdicts of the surviving-digest check (plan M1 §26), per tool.
//
// A tool whose reduced content did not survive finalisation is marked incompatible and is never
// reduced again; one whose reduced content survived is recorded as finalisation-verified. The
// verdicts live in <root>/reduce-tools.json (canonical JSON, replaced atomically and durably through
// FileEnv); incompatible is final — a later success does not clear it. Thread-safety: one object per
// thread; the file is re-read on load().
#pragma once

#include <map>
#include <memory>
#include <string>

#include "fold/file_env.h"
#include "util/result.h"

namespace bm {

struct ToolVerdict {
    bool incompatible = false;
    int64_t verified = 0;       // confirmations whose digest survived
    std::string reduced_digest; // incompatible: the digest that was expected
    std::string final_digest;   // incompatible: the digest that was observed
    std::string reason;
};

class ToolCompatibility {
public:
    ToolCompatibility(std::string root, std::shared_ptr<FileEnv> env);

    std::string path() const { return m_root + "/reduce-tools.json"; }
    // Reads the verdicts; a missing file is no verdicts, a malformed one an error naming the file.
    Status load();
    bool is_incompatible(const std::string& tool) const;
    bool finalization_verified(const std::string& tool) const;
    const std::map<std::string, ToolVerdict>& verdicts() const { return m_tools; }

    // Persist a verdict (the file is rewritten atomically before these return).
    Status mark_incompatible(const std::string& tool, const std::string& reduced_digest,
                             const std::string& final_digest, const std::string& reason);
    Status mark_verified(const std::string& tool);

private:
    Status save();

    std::string m_root;
    std::shared_ptr<FileEnv> m_env;
    std::map<std::string, ToolVerdict> m_tools;  // keyed by lower-case tool name
};

}  // namespace bm
