// ArtifactStore: the exact bytes of a tool output, content-addressed and verified, so a reduced output
// can always be recalled byte for byte.
//
// Layout: <root>/artifacts/<sha256 hex>.out (0600, directories 0700). put() writes through the fold's
// FileEnv (temp file, write, fsync, rename, directory fsync) and reads the file back to check its digest
// before it reports success; an existing file with the right digest makes put() idempotent, a corrupt
// one is replaced. get() verifies the digest on every read and never serves a mismatch.
// Thread-safety: one ArtifactStore per thread; concurrent writers of one artifact are safe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fold/file_env.h"
#include "util/result.h"

namespace bm {

// "art:<64 hex>": how a reduced text names its artifact.
inline constexpr const char* kArtifactRefPrefix = "art:";
// The artifact id (64 hex digits) a ref names ("art:<hex>", the bare hex, or a line holding
// "art:<hex>"), or nullopt.
std::optional<std::string> artifact_id_from_ref(std::string_view ref);

struct ArtifactRef {
    std::string id;  // SHA-256 of the bytes, hex
    size_t bytes = 0;
    bool already_present = false;
};

class ArtifactStore {
public:
    explicit ArtifactStore(std::string root, std::shared_ptr<FileEnv> env = posix_file_env());

    const std::string& root() const { return m_root; }
    std::string path_of(const std::string& id) const;

    // Persists `bytes` durably and verifies the stored copy; only then returns its ref.
    Result<ArtifactRef> put(std::string_view bytes);
    // The exact bytes of artifact `id`; kNotFound when absent, kCorruption when the digest differs.
    Result<std::string> get(const std::string& id);

private:
    std::string m_root;
    std::shared_ptr<FileEnv> m_env;
};

}  // namespace bm
