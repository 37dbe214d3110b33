// Token counter selection: estimator, cached vocabulary or tokenizer file (see token_counter_factory.h).
#include "pack/token_counter_factory.h"

#include <cstdlib>
#include <filesystem>

#include "pack/bpe_counter.h"
#include "pack/hf_tokenizer.h"
#include "pack/read_text_file.h"
#include "pack/token_estimator.h"

namespace bm {

std::string tokenizer_cache_dir() {
    if (const char* dir = std::getenv("BELIEFMERGE_TOKENIZER_CACHE"); dir && *dir) return dir;
    std::filesystem::path base;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home) base = std::filesystem::path(home) / ".cache";
    else base = ".cache";
    return (base / "beliefmerge" / "tokenizers").string();
}

std::string find_cached_tokenizer(std::string_view name) {
    std::error_code ec;
    for (const char* ext : {".json", ".tiktoken"}) {
        const auto path = std::filesystem::path(tokenizer_cache_dir()) / (std::string(name) + ext);
        if (std::filesystem::is_regular_file(path, ec)) return path.string();
    }
    return {};
}

std::string default_tokenizer_spec() {
    if (const char* spec = std::getenv("BELIEFMERGE_TOKENIZER"); spec && *spec) return spec;
    return "auto";
}

Result<std::unique_ptr<TokenCounter>> open_token_counter(std::string_view spec) {
    if (spec == "estimate" || spec == "estimate:v1") return make_token_estimator();
    if (spec == "auto") return find_cached_tokenizer("cl100k_base").empty() ? make_token_estimator()
                                                                            : open_token_counter("cl100k_base");
    std::string path(spec);
    const bool looks_like_name = !spec.empty() && spec.find('/') == std::string_view::npos &&
                                 spec.find('.') == std::string_view::npos;
    if (looks_like_name) {
        path = find_cached_tokenizer(spec);
        if (path.empty())
            return Error::not_found("tokenizer \"" + std::string(spec) + "\" is not in the cache " + tokenizer_cache_dir(),
                                    Location(std::string(spec)),
                                    "run: bash fetch_tokenizers.sh (scripts/ in the source tree, share/beliefmerge/ when installed) for cl100k_base, give a file path, or use \"estimate\"");
    }
    auto text = read_text_file(path);
    if (!text) return text.error();
    const size_t first = text->find_first_not_of(" \t\r\n");
    if (first == std::string::npos || (*text)[first] != '{') return load_tiktoken_counter(path);
    auto doc = parse_json_text(*text, path);
    if (!doc) return doc.error();
    if (doc->is_object() && doc->contains("bpe_ranks")) return load_tiktoken_counter(path);
    return load_hf_tokenizer(path);
}

}  // namespace bm
