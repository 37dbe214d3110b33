// The node + npm tiktoken reference runner (see tiktoken_reference.h).
#include "tiktoken_reference.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pack/token_counter_factory.h"

namespace bm::testing {

std::string tiktoken_node_modules() {
    const auto dir = std::filesystem::path(tokenizer_cache_dir()) / "node" / "node_modules";
    std::error_code ec;
    return std::filesystem::exists(dir / "tiktoken" / "package.json", ec) ? dir.string() : std::string();
}

std::string tiktoken_missing_reason() {
    if (std::system("node --version >/dev/null 2>&1") != 0) return "node is not installed";
    if (tiktoken_node_modules().empty())
        return "npm tiktoken is not in " + tokenizer_cache_dir() + "/node; run: bash scripts/fetch_tokenizers.sh";
    return {};
}

Result<NodeTiktokenRun> run_node_tiktoken(const std::vector<std::string>& documents, int repeat,
                                          const std::string& script) {
    char path[] = "/tmp/bm_tiktoken_docs_XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) return Error::io("mkstemp failed", Location(path));
    close(fd);
    {
        std::ofstream out(path, std::ios::binary);
        for (const auto& d : documents) out << d.size() << '\n' << d;
        if (!out) return Error::io("cannot write documents", Location(path));
    }
    const std::string command = "NODE_PATH='" + tiktoken_node_modules() + "' node '" + script + "' '" + path + "' " +
                                std::to_string(repeat);
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return Error::io("cannot start node", Location(script));
    std::string output;
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, pipe)) > 0) output.append(chunk, got);
    const int status = pclose(pipe);
    std::filesystem::remove(path);
    if (status != 0) return Error::io("node exited with status " + std::to_string(status), Location(script), command);
    NodeTiktokenRun run;
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("ms ", 0) == 0) run.encode_ms = std::stod(line.substr(3));
        else if (!line.empty()) run.counts.push_back(std::stoull(line));
    }
    if (run.counts.size() != documents.size())
        return Error::internal("node printed " + std::to_string(run.counts.size()) + " counts for " +
                               std::to_string(documents.size()) + " documents");
    return run;
}

}  // namespace bm::testing
