// Test support for the NATS transport tests: the real nats-server processes of
// bench/common/nats_process.h (shared with `bench partition-heal`) under the tests' natstest names.
#pragma once

#include "nats_process.h"

namespace bm::meld::natstest {

using bench::free_port;
using bench::nats_server_binary;
using bench::NatsCluster;
using bench::NatsServer;
using bench::port_accepts;

// A fresh temporary directory for one test's servers.
inline std::filesystem::path temp_dir(const std::string& tag) { return bench::nats_temp_dir(tag); }

}  // namespace bm::meld::natstest

#define BM_SKIP_WITHOUT_NATS_SERVER()                                                                   \
    do {                                                                                                \
        if (::bm::meld::natstest::nats_server_binary().empty())                                         \
            GTEST_SKIP() << "nats-server is not installed (Debian package nats-server): NATS test skipped"; \
    } while (0)
