// Exporting checkpoint bundles (SPEC §12): verbatim copies of verified bundles into another store.
//
// Each selected bundle is verified first; only a verified bundle is copied, byte for byte (a
// compressed one stays compressed), with its commit record, into <dest>/<escaped session>/, so the
// destination is itself a store that `beliefmerge verify` accepts. A file already at the
// destination with other bytes is never replaced. The report lists every bundle with its state and
// is written beside them as <dest>/verification-report.json.
// Thread-safety: one call per store at a time (it may run on a worker thread).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fold/bundle_store.h"

namespace bm {

struct ExportedBundle {
    BundleEntry entry;
    VerifyState state = VerifyState::kMissing;
    std::string reason;     // why it was not copied (corrupt, missing, write failure)
    std::string copied_to;  // the destination path; empty when not copied
};

struct ExportReport {
    std::string destination;
    std::vector<ExportedBundle> bundles;
    std::string report_error;  // the report file could not be written (the copies stand)
    size_t copied() const;
    // {destination, copied, refused, bundles:[{checkpointId, sessionId, source, state, reason?, copiedTo?}]}
    nlohmann::json to_json() const;
};

// REQUIRES: every entry came from `store` (list/list_all/find).
ExportReport export_bundles(BundleStore& store, const std::vector<BundleEntry>& entries, const std::string& destination,
                            FileEnv& env = *posix_file_env());

}  // namespace bm
