// time_shell: the reference tools (jq, zstd | jq) timed as /bin/sh pipelines in a child process.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "measure.h"

namespace bm::bench {

std::optional<ShellTime> time_shell(const std::string& command, std::string& failure) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        failure = std::string("fork: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    rusage usage{};  // wait4 includes the descendants the shell waited for (jq, zstd)
    if (wait4(pid, &status, 0, &usage) != pid) {
        failure = std::string("wait4: ") + std::strerror(errno);
        return std::nullopt;
    }
    const auto t1 = std::chrono::steady_clock::now();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        failure = "`" + command + "` failed (status " + std::to_string(WEXITSTATUS(status)) + ")";
        return std::nullopt;
    }
    return ShellTime{std::chrono::duration<double>(t1 - t0).count(), cpu_seconds(usage)};
}

std::string shell_quote(const std::string& path) {
    std::string out = "'";
    for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace bm::bench
