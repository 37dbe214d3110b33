// nats-server processes for tests and benches: fork/exec, signals by pid, loopback port probes.
#include "nats_process.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace bm::bench {

namespace {
sockaddr_in loopback(int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    return a;
}
}  // namespace

std::string nats_server_binary() {
    for (const char* p : {"/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"})
        if (::access(p, X_OK) == 0) return p;
    return {};
}

int free_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(0);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

bool port_accepts(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

std::filesystem::path nats_temp_dir(const std::string& tag) {
    std::string tmpl = (std::filesystem::temp_directory_path() / ("bm-nats-" + tag + "-XXXXXX")).string();
    char* made = ::mkdtemp(tmpl.data());
    return made ? std::filesystem::path(made) : std::filesystem::path(tmpl);
}

NatsServer::NatsServer(std::string name, std::filesystem::path dir, int cluster_port, std::vector<int> routes,
                       std::string cluster_name, std::vector<std::string> extra_args)
    : m_name(std::move(name)), m_dir(std::move(dir)), m_port(free_port()), m_cluster_port(cluster_port),
      m_routes(std::move(routes)), m_cluster_name(std::move(cluster_name)), m_extra_args(std::move(extra_args)) {
    std::filesystem::create_directories(m_dir);
    start();
}

NatsServer::~NatsServer() {
    kill_now();
    std::error_code ec;
    std::filesystem::remove_all(m_dir, ec);
}

void NatsServer::start() {
    std::vector<std::string> args = {nats_server_binary(), "-js", "-a", "127.0.0.1", "-p", std::to_string(m_port),
                                     "-n", m_name, "-sd", (m_dir / "store").string(), "-l", (m_dir / "server.log").string()};
    if (m_cluster_port) {
        args.insert(args.end(), {"--cluster_name", m_cluster_name, "--cluster",
                                 "nats://127.0.0.1:" + std::to_string(m_cluster_port)});
        std::string routes;
        for (int r : m_routes) routes += (routes.empty() ? "" : ",") + std::string("nats://127.0.0.1:") + std::to_string(r);
        if (!routes.empty()) args.insert(args.end(), {"--routes", routes});
    }
    args.insert(args.end(), m_extra_args.begin(), m_extra_args.end());
    m_pid = ::fork();
    if (m_pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a crashed parent takes its servers with it
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
}

bool NatsServer::wait_ready(double seconds) const {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        if (port_accepts(m_port)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

void NatsServer::stop() { ::kill(m_pid, SIGSTOP); }
void NatsServer::resume() { ::kill(m_pid, SIGCONT); }

void NatsServer::kill_now() {
    if (m_pid <= 0) return;
    ::kill(m_pid, SIGKILL);
    ::waitpid(m_pid, nullptr, 0);
    m_pid = -1;
}

void NatsServer::restart() {
    kill_now();
    start();
}

std::string NatsServer::url() const { return "nats://127.0.0.1:" + std::to_string(m_port); }

NatsCluster::NatsCluster(const std::string& tag, int size, const std::string& cluster_name) {
    std::vector<int> cluster_ports;
    for (int i = 0; i < size; ++i) cluster_ports.push_back(free_port());
    for (int i = 0; i < size; ++i) {
        std::vector<int> routes;
        for (int k = 0; k < size; ++k)
            if (k != i) routes.push_back(cluster_ports[k]);
        const std::string name = tag + "-n" + std::to_string(i);
        nodes.push_back(std::make_unique<NatsServer>(name, nats_temp_dir(name), cluster_ports[i], routes, cluster_name));
    }
}

bool NatsCluster::ready(double seconds) const {
    for (const auto& n : nodes)
        if (!n->wait_ready(seconds)) return false;
    return true;
}

}  // namespace bm::bench
