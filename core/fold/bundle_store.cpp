// BundleStore: atomic publish (temp, fsync, no-replace rename, directory fsync, read-back), verify, list.
#include "fold/bundle_store.h"

#include <signal.h>
#include <unistd.h>
#include <zstd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <filesystem>

#include "fold/group_write.h"
#include "util/canonical_json.h"

namespace bm {

namespace {

constexpr size_t kMaxBundleBytes = size_t{1} << 30;

bool is_hex_id(const std::string& s) {
    if (s.size() != 32 || s.compare(0, 2, "ef") != 0) return false;
    for (size_t i = 2; i < s.size(); ++i)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return true;
}

// "bundle-<id>.json" / "bundle-<id>.json.zst" -> id; nullopt for anything else.
std::optional<std::pair<std::string, bool>> parse_bundle_name(const std::string& name) {
    if (name.rfind("bundle-", 0) != 0) return std::nullopt;
    std::string rest = name.substr(7);
    bool compressed = false;
    if (rest.size() > 9 && rest.compare(rest.size() - 9, 9, ".json.zst") == 0) {
        compressed = true;
        rest.resize(rest.size() - 9);
    } else if (rest.size() > 5 && rest.compare(rest.size() - 5, 5, ".json") == 0) {
        rest.resize(rest.size() - 5);
    } else {
        return std::nullopt;
    }
    if (!is_hex_id(rest)) return std::nullopt;
    return std::make_pair(rest, compressed);
}


// True when the temp file `name` (.tmp-<name>-<pid>-<n>) was left by a process that is gone.
bool writer_is_gone(const std::string& name) {
    const size_t last = name.rfind('-');
    if (last == std::string::npos || last == 0) return false;
    const size_t before = name.rfind('-', last - 1);
    if (before == std::string::npos) return false;
    long pid = 0;
    auto [end, ec] = std::from_chars(name.data() + before + 1, name.data() + last, pid);
    if (ec != std::errc() || end != name.data() + last || pid <= 0) return false;
    if (pid == ::getpid()) return false;
    return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

const char* verify_state_name(VerifyState state) {
    switch (state) {
        case VerifyState::kVerified: return "verified";
        case VerifyState::kCorrupt: return "corrupt";
        case VerifyState::kMissing: return "missing";
    }
    return "unknown";
}

BundleStore::BundleStore(std::string root, std::shared_ptr<FileEnv> env, bool compress)
    : m_root(std::move(root)), m_env(std::move(env)), m_compress(compress) {
    while (m_root.size() > 1 && m_root.back() == '/') m_root.pop_back();
}

std::string BundleStore::escape_session(const std::string& id) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < id.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(id[i]);
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                          c == '-' || (c == '.' && i > 0);
        if (safe) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out.empty() ? "%" : out;
}

std::string BundleStore::unescape_session(const std::string& name) {
    if (name == "%") return {};
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        auto hexval = [](char c) {
            return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        };
        if (name[i] == '%' && i + 2 < name.size() && hexval(name[i + 1]) >= 0 && hexval(name[i + 2]) >= 0) {
            out += static_cast<char>(hexval(name[i + 1]) * 16 + hexval(name[i + 2]));
            i += 2;
        } else {
            out += name[i];
        }
    }
    return out;
}

std::string BundleStore::session_dir(const std::string& session_id) const {
    return m_root + "/" + escape_session(session_id);
}

Result<std::string> BundleStore::load_bytes(const std::string& path, bool compressed) {
    auto data = m_env->read_file(path);
    if (!data.ok() || !compressed) return data;
    const unsigned long long size = ZSTD_getFrameContentSize(data->data(), data->size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > kMaxBundleBytes)
        return Error::corruption("not a zstd frame with a known size", Location(path),
                                 "the compressed bundle was altered or torn");
    std::string out(static_cast<size_t>(size), '\0');
    const size_t n = ZSTD_decompress(out.data(), out.size(), data->data(), data->size());
    if (ZSTD_isError(n) || n != size)
        return Error::corruption(std::string("zstd: ") + (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "short frame"),
                                 Location(path), "the compressed bundle was altered or torn");
    return out;
}

Result<PublishResult> BundleStore::publish(const CheckpointBundle& bundle) {
    auto published = publish_group({&bundle});
    if (!published.ok()) return published.error();
    return published->front();
}

Result<std::vector<PublishResult>> BundleStore::publish_group(const std::vector<const CheckpointBundle*>& bundles) {
    if (bundles.empty()) return std::vector<PublishResult>{};
    const std::string& session_id = bundles.front()->session_id;
    const std::string dir = session_dir(session_id);
    std::vector<std::string> canonical;  // bundle_bytes() of each, as read back later
    std::vector<GroupFile> files;
    std::vector<std::optional<PublishResult>> results(bundles.size());
    for (size_t i = 0; i < bundles.size(); ++i) {
        const CheckpointBundle& bundle = *bundles[i];
        if (bundle.session_id != session_id)
            return Error::invalid_input("a publish group holds bundles of one session only",
                                        Location("", 0, -1, "sessionId"), "publish each session's bundles separately");
        auto bytes = bundle_bytes(bundle);
        if (!bytes.ok()) return bytes.error();
        // Refuse an unsealed or inconsistent bundle before touching the disk. A bundle whose bytes
        // are those seal_bundle() left (the fold engine's) needs no second decode.
        if (!is_unchanged_since_sealing(bundle, *bytes)) {
            auto self_check = decode_bundle(*bytes, "bundle " + bundle.checkpoint_id);
            if (!self_check.ok())
                return Error::invalid_input("bundle is not sealed: " + self_check.error().message(),
                                            self_check.error().where(), "call seal_bundle() before publish()");
        }
        const std::string plain = "bundle-" + bundle.checkpoint_id + ".json";
        // An existing bundle of this id (either encoding) decides: identical → idempotent, else refused.
        for (bool compressed : {false, true}) {
            const std::string path = dir + "/" + plain + (compressed ? ".zst" : "");
            if (!m_env->exists(path)) continue;
            auto existing = load_bytes(path, compressed);
            if (!existing.ok()) return existing.error();
            if (*existing != *bytes)
                return Error::refused("checkpoint " + bundle.checkpoint_id + " already exists with different content at " +
                                          path,
                                      "bundles are immutable; fold into a new checkpoint instead");
            results[i] = PublishResult{path, true};
            break;
        }
        if (results[i]) continue;
        std::string file_bytes = *bytes;
        if (m_compress) {
            std::string out(ZSTD_compressBound(bytes->size()), '\0');
            const size_t n = ZSTD_compress(out.data(), out.size(), bytes->data(), bytes->size(), 3);
            if (ZSTD_isError(n)) return Error::internal(std::string("zstd compress: ") + ZSTD_getErrorName(n));
            out.resize(n);
            file_bytes = std::move(out);
        }
        files.push_back({plain + (m_compress ? ".zst" : ""), std::move(file_bytes)});
        canonical.push_back(std::move(bytes).value());
    }
    if (!files.empty()) {
        const bool new_dir = !m_env->exists(dir);
        if (!new_dir && m_cleaned_dirs.insert(dir).second) {
            auto removed = remove_dead_temps(dir);  // interrupted publishes of killed folds
            if (!removed.ok()) return removed.error();
        }
        Status st = m_env->make_dirs(dir);
        if (!st.ok()) return st.error();
        if (new_dir) {
            st = m_env->sync_dir(m_root);
            if (!st.ok()) return st.error();
        }
    }
    auto written = write_group_atomically(*m_env, dir, files);
    if (!written.ok()) return written.error();
    std::vector<PublishResult> out;
    size_t f = 0;
    for (size_t i = 0; i < bundles.size(); ++i) {
        if (results[i]) {
            out.push_back(*results[i]);
            continue;
        }
        const std::string path = dir + "/" + files[f].name;
        // Read back and verify before anyone may rely on it.
        auto back = load_bytes(path, m_compress);
        if (!back.ok()) return back.error();
        // Bytes equal to the ones checked above decode the same: only a difference needs decoding again.
        if (*back != canonical[f]) {
            auto decoded = decode_bundle(*back, path);
            (void)m_env->remove_file(path);
            return Error::corruption("read-back verification failed after publish" +
                                         (decoded.ok() ? std::string() : ": " + decoded.error().message()),
                                     Location(path), "check the disk; the bundle was removed and nothing was committed");
        }
        out.push_back(PublishResult{path, (*written)[f]});
        ++f;
    }
    return out;
}

Result<std::optional<BundleStore::StoredFile>> BundleStore::load_stored_file(const std::string& session_id,
                                                                          const std::string& checkpoint_id) {
    const std::string dir = session_dir(session_id);
    for (bool compressed : {false, true}) {
        std::string path = dir + "/bundle-" + checkpoint_id + ".json" + (compressed ? ".zst" : "");
        if (!m_env->exists(path)) continue;
        auto bytes = load_bytes(path, compressed);
        if (!bytes.ok()) return bytes.error();
        return std::optional<StoredFile>(StoredFile{std::move(path), std::move(bytes).value()});
    }
    return std::optional<StoredFile>();
}

Result<CheckpointBundle> BundleStore::read(const std::string& session_id, const std::string& checkpoint_id) {
    auto file = load_stored_file(session_id, checkpoint_id);
    if (!file.ok()) return file.error();
    if (*file) {
        const std::string& path = (*file)->path;
        auto b = decode_bundle((*file)->bytes, path);
        if (!b.ok()) return b.error();
        if (b->checkpoint_id != checkpoint_id || b->session_id != session_id)
            return Error::corruption("bundle names a different checkpoint or session than its file name", Location(path));
        Status rebuilt = rebuild_state(*b);
        if (!rebuilt.ok()) return rebuilt.error();
        return b;
    }
    const std::string dir = session_dir(session_id);
    return Error::not_found("no bundle " + checkpoint_id + " for session " + session_id, Location(dir),
                            "list the store with `beliefmerge verify DIR`");
}

std::optional<BundleEntry> BundleStore::find(const std::string& checkpoint_id) {
    auto all = list_all();
    if (!all.ok()) return std::nullopt;
    for (auto& e : *all)
        if (e.checkpoint_id == checkpoint_id) return e;
    return std::nullopt;
}

Result<CheckpointBundle> BundleStore::read(const std::string& checkpoint_id) {
    auto entry = find(checkpoint_id);
    if (!entry) return Error::not_found("no checkpoint " + checkpoint_id + " in " + m_root, Location(m_root),
                                        "search the store to find checkpoint ids");
    return read(entry->session_id, checkpoint_id);
}

Verification BundleStore::verify(const BundleEntry& entry) {
    if (!m_env->exists(entry.path)) return {VerifyState::kMissing, "file does not exist: " + entry.path};
    auto bytes = load_bytes(entry.path, entry.compressed);
    if (!bytes.ok()) return {VerifyState::kCorrupt, bytes.error().to_string()};
    auto b = decode_bundle(*bytes, entry.path);
    if (!b.ok()) return {VerifyState::kCorrupt, b.error().to_string()};
    if (b->checkpoint_id != entry.checkpoint_id)
        return {VerifyState::kCorrupt, entry.path + ": file name and checkpointId differ"};
    if (b->session_id != entry.session_id)
        return {VerifyState::kCorrupt, entry.path + ": directory and sessionId differ"};
    Status rebuilt = rebuild_state(*b);
    if (!rebuilt.ok()) return {VerifyState::kCorrupt, rebuilt.error().to_string()};
    return {VerifyState::kVerified, {}};
}

Result<std::vector<BundleEntry>> BundleStore::list(const std::string& session_id) {
    const std::string dir = session_dir(session_id);
    auto names = m_env->list_dir(dir);
    if (!names.ok()) {
        if (names.error().code() == ErrorCode::kNotFound) return std::vector<BundleEntry>{};
        return names.error();
    }
    std::vector<BundleEntry> out;
    for (const auto& name : *names) {
        auto parsed = parse_bundle_name(name);
        if (!parsed) continue;
        out.push_back({session_id, parsed->first, dir + "/" + name, parsed->second});
    }
    return out;
}

Result<std::vector<BundleEntry>> BundleStore::list_all() {
    auto dirs = m_env->list_dir(m_root);
    if (!dirs.ok()) {
        if (dirs.error().code() == ErrorCode::kNotFound) return std::vector<BundleEntry>{};
        return dirs.error();
    }
    std::vector<BundleEntry> out;
    for (const auto& d : *dirs) {
        if (d.empty() || d[0] == '.') continue;  // temps; plain files (the index) fail list() below
        auto entries = list(unescape_session(d));
        if (!entries.ok()) continue;  // a plain file, not a session directory
        for (auto& e : *entries) out.push_back(std::move(e));
    }
    return out;
}

Status BundleStore::remove(const std::string& session_id, const std::string& checkpoint_id) {
    auto entries = list(session_id);
    if (!entries.ok()) return entries.error();
    for (const auto& e : *entries)
        if (e.checkpoint_id == checkpoint_id) {
            const std::string commit = session_dir(session_id) + "/commit-" + checkpoint_id + ".json";
            if (m_env->exists(commit)) {
                Status st = m_env->remove_file(commit);
                if (!st.ok()) return st;
            }
            Status st = m_env->remove_file(e.path);
            if (!st.ok()) return st;
            return m_env->sync_dir(session_dir(session_id));
        }
    return Error::not_found("no bundle " + checkpoint_id + " for session " + session_id);
}

Status BundleStore::write_commit(const CommitRecord& r) { return write_commits({r}); }

Status BundleStore::write_commits(const std::vector<CommitRecord>& records) {
    if (records.empty()) return {};
    std::vector<GroupFile> files;
    for (const auto& r : records) {
        if (r.session_id != records.front().session_id)
            return Error::invalid_input("a commit group holds records of one session only",
                                        Location("", 0, -1, "sessionId"), "write each session's records separately");
        nlohmann::json j{{"format", "ef-commit"},           {"formatVersion", 1},
                         {"checkpointId", r.checkpoint_id}, {"sessionId", r.session_id},
                         {"mode", r.mode},                   {"logicalHash", r.logical_hash},
                         {"renderedDigest", r.rendered_digest}, {"surfaceEndSeq", r.surface_end_seq}};
        auto bytes = canonical_json(j);
        if (!bytes.ok()) return bytes.error();
        files.push_back({"commit-" + r.checkpoint_id + ".json", std::move(bytes).value()});
    }
    auto written = write_group_atomically(*m_env, session_dir(records.front().session_id), files);
    if (!written.ok()) return written.error();
    return {};
}

Status BundleStore::check_is_store() const {
    namespace fs = std::filesystem;
    std::error_code ec;
    auto refuse = [&](const std::string& why) {
        return Error::invalid_input("not a checkpoint store: " + why, Location{m_root},
                                    "name the --store DIR that `beliefmerge fold` wrote");
    };
    if (!fs::is_directory(m_root, ec)) return refuse(fs::exists(m_root, ec) ? "not a directory" : "no such directory");
    if (fs::is_regular_file(fs::path(m_root) / "index.sqlite", ec)) return {};
    for (fs::directory_iterator d(m_root, ec), end; !ec && d != end; d.increment(ec)) {
        if (!d->is_directory(ec)) continue;
        std::error_code inner;
        for (fs::directory_iterator f(d->path(), inner); !inner && f != fs::directory_iterator(); f.increment(inner)) {
            const std::string name = f->path().filename().string();
            if (parse_bundle_name(name) || name.rfind("commit-", 0) == 0) return {};
        }
    }
    if (ec) return Error::io("cannot list: " + ec.message(), Location{m_root});
    return refuse("it holds no checkpoint bundles or commit records");
}

Result<std::vector<CommitRecord>> BundleStore::commits(const std::string& session_id) {
    const std::string dir = session_dir(session_id);
    auto names = m_env->list_dir(dir);
    if (!names.ok()) {
        if (names.error().code() == ErrorCode::kNotFound) return std::vector<CommitRecord>{};
        return names.error();
    }
    std::vector<CommitRecord> out;
    for (const auto& name : *names) {
        if (name.rfind("commit-", 0) != 0 || name.size() != 7 + 32 + 5 || name.compare(name.size() - 5, 5, ".json") != 0)
            continue;
        auto bytes = m_env->read_file(dir + "/" + name);
        if (!bytes.ok()) return bytes.error();
        auto j = nlohmann::json::parse(*bytes, nullptr, false);
        try {
            if (j.is_discarded() || j.at("format") != "ef-commit") throw std::runtime_error("format");
            out.push_back({j.at("checkpointId").get<std::string>(), j.at("sessionId").get<std::string>(),
                           j.at("mode").get<std::string>(), j.at("logicalHash").get<std::string>(),
                           j.at("renderedDigest").get<std::string>(), j.at("surfaceEndSeq").get<int64_t>()});
        } catch (const std::exception&) {
            return Error::corruption("commit record is not a valid ef-commit", Location(dir + "/" + name),
                                     "the commit record was altered; re-fold the session");
        }
    }
    return out;
}

Result<std::vector<std::string>> BundleStore::remove_dead_temps(const std::string& dir) {
    std::vector<std::string> removed;
    auto names = m_env->list_dir(dir);
    if (!names.ok()) return names.error();
    for (const auto& n : *names) {
        if (n.rfind(kTempPrefix, 0) != 0 || !writer_is_gone(n)) continue;
        Status st = m_env->remove_file(dir + "/" + n);
        if (!st.ok() && st.error().code() != ErrorCode::kNotFound) return st.error();
        removed.push_back(dir + "/" + n);
    }
    if (!removed.empty()) {
        Status st = m_env->sync_dir(dir);
        if (!st.ok()) return st.error();
    }
    return removed;
}

Result<std::vector<std::string>> BundleStore::remove_stale_temp_files() {
    std::vector<std::string> removed;
    auto dirs = m_env->list_dir(m_root);
    if (!dirs.ok()) {
        if (dirs.error().code() == ErrorCode::kNotFound) return removed;
        return dirs.error();
    }
    for (const auto& d : *dirs) {
        if (!m_env->list_dir(m_root + "/" + d).ok()) continue;  // a plain file (the index)
        auto some = remove_dead_temps(m_root + "/" + d);
        if (!some.ok()) return some.error();
        removed.insert(removed.end(), some->begin(), some->end());
    }
    return removed;
}

std::vector<std::string> BundleStore::stale_temp_files() {
    std::vector<std::string> out;
    auto dirs = m_env->list_dir(m_root);
    if (!dirs.ok()) return out;
    for (const auto& d : *dirs) {
        auto names = m_env->list_dir(m_root + "/" + d);
        if (!names.ok()) continue;
        for (const auto& n : *names)
            if (n.rfind(".tmp-", 0) == 0) out.push_back(m_root + "/" + d + "/" + n);
    }
    return out;
}

}  // namespace bm
