// Standalone fuzz driver: runs the target over every file of the given corpus paths, then (with
// --mutate-seconds N) over seeded mutations of them for N seconds (the mutation sequence is
// seeded; how far it gets depends on the machine's speed). On a crash the input being run is written
// to `fuzz-crash-input` (or $BM_FUZZ_ARTIFACT) before the signal is re-raised, so it can be replayed.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace fs = std::filesystem;

namespace {

// The input under test, for the crash handler (async-signal-safe: plain pointer and size).
const char* g_current_data = nullptr;
size_t g_current_size = 0;
const char* g_artifact_path = "fuzz-crash-input";

void save_input_and_reraise(int sig) {
    int fd = ::open(g_artifact_path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd >= 0) {
        size_t done = 0;
        while (done < g_current_size) {
            ssize_t n = ::write(fd, g_current_data + done, g_current_size - done);
            if (n <= 0) break;
            done += static_cast<size_t>(n);
        }
        ::close(fd);
        const char msg[] = "fuzz driver: crash; input saved to ";
        (void)!::write(2, msg, sizeof msg - 1);
        (void)!::write(2, g_artifact_path, std::strlen(g_artifact_path));
        (void)!::write(2, "\n", 1);
    }
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void install_crash_handler() {
    if (const char* p = std::getenv("BM_FUZZ_ARTIFACT"); p && *p) g_artifact_path = p;
    for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGILL, SIGBUS}) std::signal(sig, save_input_and_reraise);
}

void run_one(const std::string& input) {
    g_current_data = input.data();
    g_current_size = input.size();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
}

std::string mutate(const std::string& seed, const std::vector<std::string>& corpus, std::mt19937_64& rng) {
    std::string s = seed;
    int edits = 1 + static_cast<int>(rng() % 8);
    for (int e = 0; e < edits; ++e) {
        size_t pos = s.empty() ? 0 : rng() % s.size();
        switch (rng() % 7) {
            case 0: if (!s.empty()) s[pos] = static_cast<char>(rng()); break;              // byte flip
            case 1: s.insert(pos, 1, "{}[]\",:\n\\0"[rng() % 10]); break;                  // JSON syntax
            case 2: if (!s.empty()) s.erase(pos, 1 + rng() % 16); break;                   // delete
            case 3: s.resize(pos); break;                                                  // truncate
            case 4: { const auto& o = corpus[rng() % corpus.size()];                       // splice
                      if (!o.empty()) { size_t a = rng() % o.size(); s.insert(pos, o.substr(a, rng() % 64)); } break; }
            case 5: s.insert(pos, std::string(1 + rng() % 4, "\xC3\xFF\x80\xED"[rng() % 4])); break;  // bad UTF-8
            case 6: if (!s.empty()) { size_t a = rng() % s.size(); s.insert(pos, s.substr(a, rng() % 128)); } break;
        }
    }
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    double mutate_seconds = 0;
    std::vector<std::string> corpus;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--mutate-seconds" && i + 1 < argc) {
            mutate_seconds = std::stod(argv[++i]);
            continue;
        }
        std::vector<fs::path> files;
        if (fs::is_directory(a)) {
            for (const auto& e : fs::recursive_directory_iterator(a))
                if (e.is_regular_file() && e.file_size() < (4 << 20)) files.push_back(e.path());
        } else {
            files.push_back(a);
        }
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            std::ifstream in(f, std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            corpus.push_back(ss.str());
        }
    }
    if (corpus.empty()) {
        std::cerr << "fuzz driver: empty corpus\n";
        return 2;
    }
    install_crash_handler();
    for (const auto& c : corpus) run_one(c);
    size_t runs = corpus.size();
    if (mutate_seconds > 0) {
        std::mt19937_64 rng(0x5eed);
        auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(mutate_seconds);
        while (std::chrono::steady_clock::now() < deadline) {
            run_one(mutate(corpus[rng() % corpus.size()], corpus, rng));
            ++runs;
        }
    }
    std::cout << "fuzz driver: " << runs << " inputs, " << corpus.size() << " seeds, no crash\n";
    return 0;
}
