// Test support: the built `beliefmerge` binary run to completion with its output captured, or
// spawned in the background (a `meld serve`) and signalled by pid; spawned processes die with the
// test binary (PR_SET_PDEATHSIG).
#pragma once

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bm::meld::clitest {

struct CliRun {
    std::string out, err;
    int status = -1;
};

inline std::string slurp(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Forks and execs `args` with stdout and stderr redirected to the files; returns the pid.
inline pid_t spawn(std::vector<std::string> args, const std::string& out, const std::string& err) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (!std::freopen(out.c_str(), "a", stdout) || !std::freopen(err.c_str(), "a", stderr)) ::_exit(126);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    return pid;
}

// Runs `args` to completion; `scratch` names the prefix of the capture files.
inline CliRun run(const std::vector<std::string>& args, const std::string& scratch) {
    const std::string out = scratch + ".out", err = scratch + ".err";
    std::remove(out.c_str());
    std::remove(err.c_str());
    const pid_t pid = spawn(args, out, err);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {slurp(out), slurp(err), WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// Sends `sig` and waits up to `seconds` for the exit; the exit status, or -1 (then it is killed).
inline int signal_and_wait(pid_t pid, int sig, double seconds = 10) {
    ::kill(pid, sig);
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (std::chrono::steady_clock::now() < end) {
        if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return -1;
}

}  // namespace bm::meld::clitest
