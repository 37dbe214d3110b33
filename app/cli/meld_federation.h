// `beliefmerge meld init|publish|serve` and the brain summary of `meld status`: a brain as a member
// of a federation (docs/meld.md "Run a federation"). Shared here: the serve lock and state file.
#pragma once

#include <QStringList>

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace bm::meld {
class SignalEngine;
}

namespace bm::cli {

// The lexical provider's signal engine, which brains opened by the CLI adjudicate with.
std::shared_ptr<const meld::SignalEngine> lexical_engine();

int meld_init(const QStringList& args);
int meld_publish(const QStringList& args);
int meld_serve(const QStringList& args);
// `meld status --brain DIR [--json]` without a CLAIM: claims, links, lag, last digest round.
int meld_summary(const std::string& brain_dir, bool json);

// DIR/serve.lock, held (flock) by the one process that writes the brain: `meld serve`, or a local
// `meld publish`. Returns the open descriptor (kept until exit), or nullopt when another holds it.
std::optional<int> lock_brain(const std::string& brain_dir);
// Whether a process holds the brain's lock now.
bool brain_is_locked(const std::string& brain_dir);

// DIR/serve.json: what `meld serve` last reported (pid, NATS URL, lag, digest rounds), or null.
inline constexpr const char* kServeStateFile = "serve.json";
nlohmann::json read_serve_state(const std::string& brain_dir);

}  // namespace bm::cli
