// The named spdlog logger of the signal providers ("bm.signals").
#pragma once

#include <memory>

#include <spdlog/logger.h>

namespace bm {

// The "bm.signals" logger: the registered one if the application registered it, else a clone of
// spdlog's default logger registered under that name on first use. Thread-safe.
std::shared_ptr<spdlog::logger> signals_logger();

}  // namespace bm
