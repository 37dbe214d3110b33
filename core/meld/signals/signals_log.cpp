// The named spdlog logger of the signal providers.
#include "meld/signals/signals_log.h"

#include <spdlog/spdlog.h>

namespace bm {

std::shared_ptr<spdlog::logger> signals_logger() {
    static const std::shared_ptr<spdlog::logger> logger = [] {
        if (auto existing = spdlog::get("bm.signals")) return existing;
        auto created = spdlog::default_logger()->clone("bm.signals");
        try {
            spdlog::register_logger(created);
        } catch (const spdlog::spdlog_ex&) {  // registered meanwhile by another thread
            return spdlog::get("bm.signals");
        }
        return created;
    }();
    return logger;
}

}  // namespace bm
