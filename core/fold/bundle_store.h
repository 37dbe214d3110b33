// BundleStore: checkpoint bundles as immutable files, published atomically and verified on read.
//
// Layout: <root>/<escaped sessionId>/bundle-<checkpointId>.json (or .json.zst), with commit records
// commit-<checkpointId>.json beside them. publish = serialise → temp file in the same directory →
// write → fsync → rename (never replacing) → fsync the directory → read back and verify. A bundle
// id is derived from its content, so publishing an existing id with different bytes is refused
// (immutability) and identical content is idempotent. Files are 0600, directories 0700; temp files
// (".tmp-*") are never listed as bundles. The files are the truth: any index rebuilds from them.
// Thread-safety: one BundleStore per thread; concurrent publishers of the same id are safe (the
// rename refuses to replace).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fold/bundle.h"
#include "fold/file_env.h"
#include "fold/state_delta.h"
#include "util/result.h"

namespace bm {

struct BundleEntry {
    std::string session_id;     // as stored in the bundle's directory name (unescaped)
    std::string checkpoint_id;
    std::string path;
    bool compressed = false;
};

enum class VerifyState { kVerified, kCorrupt, kMissing };
const char* verify_state_name(VerifyState state);

struct Verification {
    VerifyState state = VerifyState::kMissing;
    std::string reason;  // for corrupt and missing
};

// Written after the bundle is durable; a commit record names a bundle that must exist and verify.
struct CommitRecord {
    std::string checkpoint_id;
    std::string session_id;
    std::string mode;
    std::string logical_hash;
    std::string rendered_digest;
    int64_t surface_end_seq = 0;  // last seq the checkpoint shadows
};

struct PublishResult {
    std::string path;
    bool already_present = false;  // identical bundle was there: idempotent publish
};

class BundleStore {
public:
    explicit BundleStore(std::string root, std::shared_ptr<FileEnv> env = posix_file_env(), bool compress = false);

    const std::string& root() const { return m_root; }
    // OK when root() is a checkpoint store: a directory holding index.sqlite, or a session directory
    // with a bundle or commit record. Otherwise InvalidInput naming root(): readers (search, recall)
    // refuse it before they create anything there.
    Status check_is_store() const;
    std::string session_dir(const std::string& session_id) const;

    // REQUIRES: `bundle` was sealed (seal_bundle).
    Result<PublishResult> publish(const CheckpointBundle& bundle);
    // publish() of several sealed bundles of one session as one group (group_write.h): each as
    // durable and verified as alone, one directory fsync for all. Results in the given order.
    Result<std::vector<PublishResult>> publish_group(const std::vector<const CheckpointBundle*>& bundles);
    // Reads and verifies; kCorruption when any check fails, kNotFound when absent. A V2 bundle's full
    // state is rebuilt from its chain of bases (state_chain.cpp) and checked against its digests.
    Result<CheckpointBundle> read(const std::string& session_id, const std::string& checkpoint_id);
    // Finds a checkpoint in any session directory.
    Result<CheckpointBundle> read(const std::string& checkpoint_id);
    Verification verify(const BundleEntry& entry);
    // Bundles of one session, sorted by checkpoint id; temp files and foreign names ignored.
    Result<std::vector<BundleEntry>> list(const std::string& session_id);
    // Every bundle of every session.
    Result<std::vector<BundleEntry>> list_all();
    std::optional<BundleEntry> find(const std::string& checkpoint_id);
    Status remove(const std::string& session_id, const std::string& checkpoint_id);

    Status write_commit(const CommitRecord& record);
    // write_commit() of several records of one session as one group.
    Status write_commits(const std::vector<CommitRecord>& records);
    Result<std::vector<CommitRecord>> commits(const std::string& session_id);
    // Leftover temp files of interrupted publishes (never bundles).
    std::vector<std::string> stale_temp_files();
    // Removes the temp files whose writer process is gone (a live writer's are kept) and returns
    // their paths; publish() does this once per session directory and store object.
    Result<std::vector<std::string>> remove_stale_temp_files();

    // Directory name for a session id: [A-Za-z0-9._-] kept, everything else %XX.
    static std::string escape_session(const std::string& session_id);
    static std::string unescape_session(const std::string& name);

private:
    Result<std::string> load_bytes(const std::string& path, bool compressed);
    // The stored file of a checkpoint (plain or .zst): its path and bytes; nullopt when neither exists.
    struct StoredFile {
        std::string path, bytes;
    };
    Result<std::optional<StoredFile>> load_stored_file(const std::string& session_id, const std::string& checkpoint_id);
    // Fills a decoded V2 bundle's full state from its chain (state_chain.cpp).
    Status rebuild_state(CheckpointBundle& bundle);
    struct StoredState;
    Result<StoredState> read_stored_state(const std::string& session_id, const std::string& checkpoint_id);
    struct CachedState {
        std::string checkpoint_id;
        StateJson state;
        size_t depth = 0;
    };
    const CachedState* cached_state(const std::string& checkpoint_id) const;
    void remember_state(const std::string& checkpoint_id, const StateJson& state, size_t depth);
    std::vector<CachedState> m_state_cache;  // the last few rebuilt states, newest last
    // Removes the dead writers' temp files of one directory.
    Result<std::vector<std::string>> remove_dead_temps(const std::string& dir);

    std::string m_root;
    std::shared_ptr<FileEnv> m_env;
    bool m_compress;
    std::set<std::string> m_cleaned_dirs;
};

}  // namespace bm
