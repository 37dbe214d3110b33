// Real nats-server processes (JetStream on) on free loopback ports in temporary directories, for
// the NATS tests and `bench partition-heal`: started by fork/exec, stopped (SIGSTOP: a partition)
// and resumed by pid, killed by pid on destruction (and by the kernel, PR_SET_PDEATHSIG, if the
// process that started them dies).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace bm::bench {

// The nats-server executable (Debian package nats-server), or "" when it is not installed.
std::string nats_server_binary();

// A loopback TCP port nobody listens on right now.
int free_port();

// Whether something accepts TCP connections on 127.0.0.1:`port`.
bool port_accepts(int port);

// A fresh temporary directory (bm-nats-<tag>-XXXXXX under the system temp directory).
std::filesystem::path nats_temp_dir(const std::string& tag);

// One nats-server process. The destructor kills it (SIGKILL by pid) and removes its directory.
class NatsServer {
public:
    // With `cluster_port`, the server joins cluster `cluster_name` and routes to `routes`.
    // `extra_args` go to nats-server as they are (authorization, TLS).
    NatsServer(std::string name, std::filesystem::path dir, int cluster_port = 0, std::vector<int> routes = {},
               std::string cluster_name = "meldtest", std::vector<std::string> extra_args = {});
    ~NatsServer();
    NatsServer(const NatsServer&) = delete;
    NatsServer& operator=(const NatsServer&) = delete;

    void start();
    // Waits until the client port accepts connections; false after `seconds`.
    bool wait_ready(double seconds = 10) const;
    void stop();    // a partition: SIGSTOP, the process is frozen, its sockets stay open
    void resume();  // SIGCONT
    void kill_now();
    // Restarts after kill_now() on the same ports and store (a crashed node coming back).
    void restart();

    std::string url() const;
    int port() const { return m_port; }
    pid_t pid() const { return m_pid; }
    const std::filesystem::path& dir() const { return m_dir; }

private:
    std::string m_name;
    std::filesystem::path m_dir;
    int m_port;
    int m_cluster_port;
    std::vector<int> m_routes;
    std::string m_cluster_name;
    std::vector<std::string> m_extra_args;
    pid_t m_pid = -1;
};

// `size` nats-server processes routed to each other (a full mesh) as one JetStream cluster,
// node i named <tag>-n<i>, each in its own temporary directory.
struct NatsCluster {
    std::vector<std::unique_ptr<NatsServer>> nodes;

    explicit NatsCluster(const std::string& tag, int size = 3, const std::string& cluster_name = "meldtest");
    // Every node accepts client connections (false after `seconds` per node).
    bool ready(double seconds = 10) const;
};

}  // namespace bm::bench
