// Content-addressed, fsynced, read-back-verified storage of exact tool outputs.
#include "reduce/artifact_store.h"

#include "util/hash.h"

namespace bm {

namespace {
bool is_hex64(std::string_view s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}
}  // namespace

std::optional<std::string> artifact_id_from_ref(std::string_view ref) {
    if (is_hex64(ref)) return std::string(ref);
    const size_t at = ref.find(kArtifactRefPrefix);
    if (at == std::string_view::npos) return std::nullopt;
    const auto id = ref.substr(at + 4, 64);
    if (!is_hex64(id)) return std::nullopt;
    return std::string(id);
}

ArtifactStore::ArtifactStore(std::string root, std::shared_ptr<FileEnv> env)
    : m_root(std::move(root)), m_env(std::move(env)) {}

std::string ArtifactStore::path_of(const std::string& id) const { return m_root + "/artifacts/" + id + ".out"; }

Result<ArtifactRef> ArtifactStore::put(std::string_view bytes) {
    ArtifactRef ref{sha256_hex(bytes), bytes.size(), false};
    const std::string path = path_of(ref.id);
    auto existing = m_env->read_file(path);
    if (existing.ok() && sha256_hex(*existing) == ref.id) {
        ref.already_present = true;
        return ref;
    }
    Status dirs = m_env->make_dirs(m_root + "/artifacts");
    if (!dirs.ok()) return dirs.error();
    Status written = write_file_atomically(*m_env, path, std::string(bytes));  // replaces a corrupt copy
    if (!written.ok()) return written.error();
    auto back = m_env->read_file(path);
    if (!back.ok()) return back.error();
    if (sha256_hex(*back) != ref.id)
        return Error::corruption("artifact " + ref.id + " reads back with a different digest", Location(path),
                                 "check the disk; nothing was reduced");
    return ref;
}

Result<std::string> ArtifactStore::get(const std::string& id) {
    if (!is_hex64(id)) return Error::invalid_input("'" + id + "' is no artifact id (64 hex digits)", Location("", 0, -1, "ref"));
    const std::string path = path_of(id);
    auto bytes = m_env->read_file(path);
    if (!bytes.ok()) {
        if (bytes.error().code() == ErrorCode::kNotFound)
            return Error::not_found("no artifact " + id + " in " + m_root, Location(path), "pass the store the output was reduced into");
        return bytes.error();
    }
    if (sha256_hex(*bytes) != id)
        return Error::corruption("artifact " + id + " fails its digest check", Location(path), "it is not served");
    return std::move(bytes).value();
}

}  // namespace bm
