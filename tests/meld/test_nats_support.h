// Test support for the NATS transport tests: real nats-server processes (JetStream on) on free
// loopback ports in temporary directories, killed by pid on teardown even when a test fails (and
// by the kernel, PR_SET_PDEATHSIG, if the test binary itself dies).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace bm::meld::natstest {

inline std::string nats_server_binary() {
    for (const char* p : {"/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"})
        if (::access(p, X_OK) == 0) return p;
    return {};
}

// A loopback TCP port nobody listens on right now.
inline int free_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

inline bool port_accepts(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

// One nats-server process. The destructor kills it (SIGKILL by pid) and removes its directory.
class NatsServer {
public:
    NatsServer(std::string name, std::filesystem::path dir, int cluster_port = 0, std::vector<int> routes = {})
        : m_name(std::move(name)), m_dir(std::move(dir)), m_port(free_port()), m_cluster_port(cluster_port),
          m_routes(std::move(routes)) {
        std::filesystem::create_directories(m_dir);
        start();
    }
    ~NatsServer() {
        kill_now();
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    NatsServer(const NatsServer&) = delete;
    NatsServer& operator=(const NatsServer&) = delete;

    void start() {
        std::vector<std::string> args = {nats_server_binary(), "-js", "-a", "127.0.0.1", "-p", std::to_string(m_port),
                                         "-n", m_name, "-sd", (m_dir / "store").string(), "-l", (m_dir / "server.log").string()};
        if (m_cluster_port) {
            args.insert(args.end(), {"--cluster_name", "meldtest", "--cluster",
                                     "nats://127.0.0.1:" + std::to_string(m_cluster_port)});
            std::string routes;
            for (int r : m_routes) routes += (routes.empty() ? "" : ",") + std::string("nats://127.0.0.1:") + std::to_string(r);
            if (!routes.empty()) args.insert(args.end(), {"--routes", routes});
        }
        m_pid = ::fork();
        if (m_pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a crashed test binary takes its servers with it
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
    }
    // Waits until the client port accepts connections; false after `seconds`.
    bool wait_ready(double seconds = 10) const {
        const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < end) {
            if (port_accepts(m_port)) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return false;
    }
    void stop() { ::kill(m_pid, SIGSTOP); }  // a partition: the process is frozen, its sockets stay open
    void resume() { ::kill(m_pid, SIGCONT); }
    void kill_now() {
        if (m_pid <= 0) return;
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
        m_pid = -1;
    }
    // Restarts after kill_now() on the same ports and store (a crashed node coming back).
    void restart() {
        kill_now();
        start();
    }

    std::string url() const { return "nats://127.0.0.1:" + std::to_string(m_port); }
    pid_t pid() const { return m_pid; }
    const std::filesystem::path& dir() const { return m_dir; }

private:
    std::string m_name;
    std::filesystem::path m_dir;
    int m_port;
    int m_cluster_port;
    std::vector<int> m_routes;
    pid_t m_pid = -1;
};

// A fresh temporary directory for one test's servers.
inline std::filesystem::path temp_dir(const std::string& tag) {
    std::string tmpl = (std::filesystem::temp_directory_path() / ("bm-nats-" + tag + "-XXXXXX")).string();
    char* made = ::mkdtemp(tmpl.data());
    return made ? std::filesystem::path(made) : std::filesystem::path(tmpl);
}

}  // namespace bm::meld::natstest

#define BM_SKIP_WITHOUT_NATS_SERVER()                                                                   \
    do {                                                                                                \
        if (::bm::meld::natstest::nats_server_binary().empty())                                         \
            GTEST_SKIP() << "nats-server is not installed (Debian package nats-server): NATS test skipped"; \
    } while (0)
