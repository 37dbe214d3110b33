// BundleStore: atomic publish (temp, fsync, no-replace rename, directory fsync, read-back), verify, list.
#include "fold/bundle_store.h"

#include <signal.h>
#include <unistd.h>
#include <zstd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <filesystem>

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

std::atomic<uint64_t> g_temp_counter{0};

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

Result<bool> BundleStore::write_atomically(const std::string& dir, const std::string& name, const std::string& bytes) {
    const std::string final_path = dir + "/" + name;
    if (m_env->exists(final_path)) {
        auto existing = m_env->read_file(final_path);
        if (!existing.ok()) return existing.error();
        if (*existing == bytes) return true;
        return Error::refused(final_path + " exists with different content", "published files are immutable");
    }
    const std::string temp = dir + "/.tmp-" + name + "-" + std::to_string(::getpid()) + "-" +
                             std::to_string(g_temp_counter.fetch_add(1));
    auto fd = m_env->create_exclusive(temp);
    if (!fd.ok()) return fd.error();
    Status st = m_env->write_all(*fd, bytes, temp);
    if (st.ok()) st = m_env->sync(*fd, temp);
    Status closed = m_env->close(*fd, temp);
    if (st.ok()) st = closed;
    if (st.ok()) st = m_env->rename_no_replace(temp, final_path);
    if (!st.ok()) {
        (void)m_env->remove_file(temp);
        if (st.error().code() == ErrorCode::kRefused) {  // another publisher won the race
            auto existing = m_env->read_file(final_path);
            if (existing.ok() && *existing == bytes) return true;
        }
        return st.error();
    }
    st = m_env->sync_dir(dir);
    if (!st.ok()) return st.error();
    return false;
}

Result<PublishResult> BundleStore::publish(const CheckpointBundle& bundle) {
    auto bytes = bundle_bytes(bundle);
    if (!bytes.ok()) return bytes.error();
    // Refuse an unsealed or inconsistent bundle before touching the disk.
    auto self_check = decode_bundle(*bytes, "bundle " + bundle.checkpoint_id);
    if (!self_check.ok())
        return Error::invalid_input("bundle is not sealed: " + self_check.error().message(), self_check.error().where(),
                                    "call seal_bundle() before publish()");
    const std::string dir = session_dir(bundle.session_id);
    const std::string plain = "bundle-" + bundle.checkpoint_id + ".json";
    // An existing bundle of this id (either encoding) decides: identical → idempotent, else refused.
    for (bool compressed : {false, true}) {
        const std::string path = dir + "/" + plain + (compressed ? ".zst" : "");
        if (!m_env->exists(path)) continue;
        auto existing = load_bytes(path, compressed);
        if (!existing.ok()) return existing.error();
        if (*existing == *bytes) return PublishResult{path, true};
        return Error::refused("checkpoint " + bundle.checkpoint_id + " already exists with different content at " + path,
                              "bundles are immutable; fold into a new checkpoint instead");
    }
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
    std::string file_bytes = *bytes;
    std::string name = plain;
    if (m_compress) {
        std::string out(ZSTD_compressBound(bytes->size()), '\0');
        const size_t n = ZSTD_compress(out.data(), out.size(), bytes->data(), bytes->size(), 3);
        if (ZSTD_isError(n)) return Error::internal(std::string("zstd compress: ") + ZSTD_getErrorName(n));
        out.resize(n);
        file_bytes = std::move(out);
        name += ".zst";
    }
    auto written = write_atomically(dir, name, file_bytes);
    if (!written.ok()) return written.error();
    const std::string path = dir + "/" + name;
    // Read back and verify before anyone may rely on it.
    auto back = load_bytes(path, m_compress);
    if (!back.ok()) return back.error();
    // Bytes equal to the ones decoded above decode the same: only a difference needs decoding again.
    if (*back != *bytes) {
        auto decoded = decode_bundle(*back, path);
        (void)m_env->remove_file(path);
        return Error::corruption("read-back verification failed after publish" +
                                     (decoded.ok() ? std::string() : ": " + decoded.error().message()),
                                 Location(path), "check the disk; the bundle was removed and nothing was committed");
    }
    return PublishResult{path, *written};
}

Result<CheckpointBundle> BundleStore::read(const std::string& session_id, const std::string& checkpoint_id) {
    const std::string dir = session_dir(session_id);
    for (bool compressed : {false, true}) {
        const std::string path = dir + "/bundle-" + checkpoint_id + ".json" + (compressed ? ".zst" : "");
        if (!m_env->exists(path)) continue;
        auto bytes = load_bytes(path, compressed);
        if (!bytes.ok()) return bytes.error();
        auto b = decode_bundle(*bytes, path);
        if (!b.ok()) return b.error();
        if (b->checkpoint_id != checkpoint_id || b->session_id != session_id)
            return Error::corruption("bundle names a different checkpoint or session than its file name", Location(path));
        return b;
    }
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

Status BundleStore::write_commit(const CommitRecord& r) {
    nlohmann::json j{{"format", "ef-commit"},           {"formatVersion", 1},
                     {"checkpointId", r.checkpoint_id}, {"sessionId", r.session_id},
                     {"mode", r.mode},                   {"logicalHash", r.logical_hash},
                     {"renderedDigest", r.rendered_digest}, {"surfaceEndSeq", r.surface_end_seq}};
    auto bytes = canonical_json(j);
    if (!bytes.ok()) return bytes.error();
    auto written = write_atomically(session_dir(r.session_id), "commit-" + r.checkpoint_id + ".json", *bytes);
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
