// Claude Code's project folders, imported by size and mtime.
#include "inject/claude_transcripts.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "ingest/ingest.h"
#include "store/approvals.h"
#include "store/workspace.h"

namespace bm {

namespace fs = std::filesystem;

std::string claude_project_folder_name(const std::string& cwd) {
    std::string name = cwd;
    for (char& c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) c = '-';
    return name;
}

std::string claude_projects_root() {
    if (const char* env = std::getenv("BELIEFMERGE_CLAUDE_PROJECTS"); env && *env) return env;
    const char* home = std::getenv("HOME");
    return std::string(home ? home : "") + "/.claude/projects";
}

Result<TranscriptImport> import_project_transcripts(const std::string& workspace,
                                                    const std::string& folder,
                                                    const std::string& skip) {
    TranscriptImport out;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return out;
    std::vector<std::string> files;
    fs::directory_iterator it(folder, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code file_ec;
        if (it->is_regular_file(file_ec) && it->path().extension() == ".jsonl") files.push_back(it->path().string());
    }
    if (ec) out.problems.push_back(folder + ": cannot list the transcripts folder: " + ec.message());  // the rest still imports
    ec.clear();
    std::sort(files.begin(), files.end());
    const std::string skipped =
        skip.empty() ? std::string() : fs::weakly_canonical(skip, ec).string();
    auto marks = ApprovalStore::open(workspace);
    if (!marks) return marks.error();
    std::unique_ptr<Workspace> ws;  // opened only when a file has to be read
    for (const auto& file : files) {
        if (!skipped.empty() && fs::weakly_canonical(file, ec).string() == skipped) continue;
        struct stat st {};
        if (::stat(file.c_str(), &st) != 0) continue;  // removed meanwhile
        const TranscriptMark now{
            file, static_cast<int64_t>(st.st_size),
            static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
        auto last = (*marks)->mark(file);
        if (!last) return last.error();
        if (*last && (*last)->size == now.size && (*last)->mtime_ns == now.mtime_ns) {
            out.unchanged.push_back(file);
            continue;
        }
        if (!ws) {
            auto opened = Workspace::open(workspace);
            if (!opened) return opened.error();
            ws = std::move(opened).value();
        }
        ReadResult r = read_file(file);
        for (const auto& e : r.errors) out.problems.push_back(e.to_string());
        auto report = ws->import(r);
        if (!report) return report.error();
        if (auto st2 = (*marks)->set_mark(now); !st2) return st2.error();
        out.imported.push_back(file);
    }
    return out;
}

}  // namespace bm
