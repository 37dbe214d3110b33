// Hugging Face byte-level BPE tokenizer.json: parsing and the merge-rank counter (see hf_tokenizer.h).
#include "pack/hf_tokenizer.h"

#include <array>
#include <filesystem>
#include <unordered_map>
#include <vector>

#include "pack/bpe_merge.h"
#include "pack/byte_rank_map.h"
#include "pack/pretokenizer.h"
#include "pack/unicode_classes.h"
#include "pack/read_text_file.h"
#include "util/utf8.h"

namespace bm {
namespace {

using nlohmann::json;

constexpr const char* kSupportedHint =
    "supported: byte-level BPE (model.type BPE, no normalizer, ByteLevel or Split+ByteLevel pre-tokenizer)";

struct ByteLevelTables {
    std::array<uint32_t, 256> to_code_point{};
    std::unordered_map<uint32_t, unsigned char> to_byte;
    ByteLevelTables() {
        uint32_t extra = 256;
        for (uint32_t b = 0; b < 256; ++b) {
            const bool printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
            to_code_point[b] = printable ? b : extra++;
            to_byte[to_code_point[b]] = static_cast<unsigned char>(b);
        }
    }
};
const ByteLevelTables& byte_level() {
    static const ByteLevelTables tables;
    return tables;
}

// The raw bytes a byte-level vocabulary string stands for; nullopt when a character is outside the map.
std::optional<std::string> byte_level_decode(std::string_view s) {
    if (!is_valid_utf8(s)) return std::nullopt;
    std::string out;
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    while (p < end) {
        const CodePoint cp = decode_utf8(p, end);
        auto it = byte_level().to_byte.find(cp.value);
        if (it == byte_level().to_byte.end()) return std::nullopt;
        out += static_cast<char>(it->second);
        p += cp.length;
    }
    return out;
}

struct HfModel {
    ByteRankMap ids;                                   // token bytes → id
    std::array<uint32_t, 256> byte_ids{};              // single byte → id
    std::unordered_map<uint64_t, uint64_t> pair_rank;  // (left id, right id) → (rank << 32 | merged id)
    PretokenPattern pattern = PretokenPattern::kGpt2;
    bool add_prefix_space = false;
    bool ignore_merges = false;
};

struct HfPairs {
    const HfModel& model;
    bool pair(const BpeSymbol& left, const BpeSymbol& right, uint32_t, uint32_t& rank, uint32_t& merged) const {
        auto it = model.pair_rank.find((uint64_t(left.id) << 32) | right.id);
        if (it == model.pair_rank.end()) return false;
        rank = static_cast<uint32_t>(it->second >> 32);
        merged = static_cast<uint32_t>(it->second);
        return true;
    }
};

class HfBpeCounter final : public TokenCounter {
public:
    HfBpeCounter(HfModel model, std::string name) : m_model(std::move(model)), m_name("bpe:" + std::move(name)) {}

    size_t count(std::string_view text) const override {
        std::string owned;
        if (first_invalid_utf8(text) != std::string_view::npos) text = owned = replace_invalid_utf8(text);
        if (m_model.add_prefix_space && !text.empty() && text.front() != ' ') text = owned = " " + std::string(text);
        size_t tokens = 0;
        for (size_t pos = 0; pos < text.size();) {
            const size_t end = next_pretoken(m_model.pattern, text, pos);
            tokens += count_piece(reinterpret_cast<const unsigned char*>(text.data()) + pos, end - pos);
            pos = end;
        }
        return tokens;
    }
    std::string name() const override { return m_name; }

private:
    size_t count_piece(const unsigned char* piece, size_t n) const {
        if (n == 1 || (m_model.ignore_merges && m_model.ids.find(piece, n))) return 1;
        const HfPairs pairs{m_model};
        std::vector<BpeSymbol> sym(n);
        for (size_t i = 0; i < n; ++i) sym[i] = {static_cast<uint32_t>(i), m_model.byte_ids[piece[i]]};
        if (n <= kBpeQuadraticLimit) return bpe_merge_count_small(pairs, sym.data(), n, static_cast<uint32_t>(n));
        return bpe_merge_count_large(pairs, std::move(sym), static_cast<uint32_t>(n));
    }

    HfModel m_model;
    std::string m_name;
};

Error unsupported(const std::string& file, const std::string& field, const std::string& what) {
    return Error::unsupported(what, Location(file, 0, -1, field), kSupportedHint);
}
Error invalid(const std::string& file, const std::string& field, const std::string& what) {
    return Error::invalid_input(what, Location(file, 0, -1, field), "the tokenizer.json is damaged; fetch it again");
}

bool null_or(const json& obj, const char* key, const json& allowed) {
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() || *it == allowed;
}

// Reads a ByteLevel pre-tokenizer object into `model`; `regex_allowed` says whether use_regex may be on.
Status read_byte_level(const json& pt, const std::string& file, const std::string& field, HfModel& model,
                       bool outer_regex) {
    model.add_prefix_space = pt.value("add_prefix_space", false);
    const bool use_regex = pt.value("use_regex", true);
    if (outer_regex && use_regex)
        return unsupported(file, field + ".use_regex", "ByteLevel with use_regex after a Split is not supported");
    if (!outer_regex && !use_regex)
        return unsupported(file, field + ".use_regex", "ByteLevel without a regex and without a Split is not supported");
    if (!outer_regex) model.pattern = PretokenPattern::kGpt2;
    return {};
}

Status read_pre_tokenizer(const json& doc, const std::string& file, HfModel& model) {
    auto it = doc.find("pre_tokenizer");
    if (it == doc.end() || !it->is_object()) return unsupported(file, "pre_tokenizer", "missing or null pre_tokenizer");
    const json& pt = *it;
    const std::string type = pt.value("type", "");
    if (type == "ByteLevel") return read_byte_level(pt, file, "pre_tokenizer", model, false);
    if (type != "Sequence") return unsupported(file, "pre_tokenizer.type", "pre-tokenizer " + type + " is not supported");
    auto items = pt.find("pretokenizers");
    if (items == pt.end() || !items->is_array() || items->size() != 2 || !(*items)[0].is_object() || !(*items)[1].is_object())
        return unsupported(file, "pre_tokenizer.pretokenizers", "expected [Split, ByteLevel]");
    const json& split = (*items)[0];
    if (split.value("type", "") != "Split")
        return unsupported(file, "pre_tokenizer.pretokenizers[0].type", "expected Split");
    if (split.value("behavior", "") != "Isolated" || split.value("invert", false))
        return unsupported(file, "pre_tokenizer.pretokenizers[0].behavior", "only Isolated, not inverted, is supported");
    auto pattern = split.find("pattern");
    if (pattern == split.end() || !pattern->is_object() || !pattern->contains("Regex") || !(*pattern)["Regex"].is_string())
        return unsupported(file, "pre_tokenizer.pretokenizers[0].pattern", "expected {\"Regex\": ...}");
    auto known = pretoken_pattern_from_regex((*pattern)["Regex"].get<std::string>());
    if (!known)
        return unsupported(file, "pre_tokenizer.pretokenizers[0].pattern.Regex",
                           "split regex not supported: " + (*pattern)["Regex"].get<std::string>());
    model.pattern = *known;
    if ((*items)[1].value("type", "") != "ByteLevel")
        return unsupported(file, "pre_tokenizer.pretokenizers[1].type", "expected ByteLevel");
    return read_byte_level((*items)[1], file, "pre_tokenizer.pretokenizers[1]", model, true);
}

Status read_vocab(const json& bpe, const std::string& file, HfModel& model,
                  std::unordered_map<std::string, uint32_t>& by_string) {
    auto vocab = bpe.find("vocab");
    if (vocab == bpe.end() || !vocab->is_object()) return invalid(file, "model.vocab", "missing vocab object");
    by_string.reserve(vocab->size());
    for (auto it = vocab->begin(); it != vocab->end(); ++it) {
        if (!it.value().is_number_unsigned() || it.value().get<uint64_t>() >= kNoRankValue)
            return invalid(file, "model.vocab[\"" + it.key() + "\"]", "id is not a non-negative 32-bit integer");
        const auto id = it.value().get<uint32_t>();
        by_string.emplace(it.key(), id);
        // Entries outside the byte-level alphabet (added tokens with spaces, say) never match text.
        if (auto bytes = byte_level_decode(it.key()); bytes && !bytes->empty() && bytes->size() <= ByteRankMap::kMaxKeyBytes)
            model.ids.insert(*bytes, id);
    }
    for (uint32_t b = 0; b < 256; ++b) {
        std::string key;
        const uint32_t cp = byte_level_code_point(static_cast<unsigned char>(b));
        key = cp < 0x80 ? std::string(1, static_cast<char>(cp))
                        : std::string{static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
        auto found = by_string.find(key);
        if (found == by_string.end())
            return unsupported(file, "model.vocab", "no token for byte " + std::to_string(b) + " (not a byte-level vocabulary)");
        model.byte_ids[b] = found->second;
    }
    return {};
}

Status read_merges(const json& bpe, const std::string& file, HfModel& model,
                   const std::unordered_map<std::string, uint32_t>& by_string) {
    auto merges = bpe.find("merges");
    if (merges == bpe.end() || !merges->is_array()) return invalid(file, "model.merges", "missing merges array");
    model.pair_rank.reserve(merges->size());
    for (size_t i = 0; i < merges->size(); ++i) {
        const json& m = (*merges)[i];
        const std::string field = "model.merges[" + std::to_string(i) + "]";
        std::string left, right;
        if (m.is_string()) {
            const std::string& s = m.get_ref<const std::string&>();
            const size_t sp = s.find(' ');
            if (sp == std::string::npos || s.find(' ', sp + 1) != std::string::npos)
                return invalid(file, field, "expected \"LEFT RIGHT\" with one space");
            left = s.substr(0, sp);
            right = s.substr(sp + 1);
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            left = m[0].get<std::string>();
            right = m[1].get<std::string>();
        } else {
            return invalid(file, field, "expected a string \"LEFT RIGHT\" or a pair [\"LEFT\", \"RIGHT\"]");
        }
        auto l = by_string.find(left), r = by_string.find(right), merged = by_string.find(left + right);
        if (l == by_string.end() || r == by_string.end())
            return invalid(file, field, "merge of a token that is not in model.vocab");
        if (merged == by_string.end()) return invalid(file, field, "merged token is not in model.vocab");
        // The first listing of a pair wins, as in the tokenizers library.
        model.pair_rank.emplace((uint64_t(l->second) << 32) | r->second, (uint64_t(i) << 32) | merged->second);
    }
    return {};
}

}  // namespace

uint32_t byte_level_code_point(unsigned char byte) { return byte_level().to_code_point[byte]; }

Result<std::unique_ptr<TokenCounter>> parse_hf_tokenizer(std::string_view text, const std::string& file,
                                                        const std::string& name) {
    auto parsed = parse_json_text(text, file);
    if (!parsed) return parsed.error();
    const json& doc = *parsed;
    if (!doc.is_object()) return invalid(file, "", "not a JSON object");
    auto bpe = doc.find("model");
    if (bpe == doc.end() || !bpe->is_object()) return invalid(file, "model", "missing model object");
    if (bpe->value("type", "BPE") != "BPE")
        return unsupported(file, "model.type", "model type " + bpe->value("type", "") + " is not BPE");
    if (auto n = doc.find("normalizer"); n != doc.end() && !n->is_null())
        return unsupported(file, "normalizer", "normalizers are not supported (counts would differ)");
    if (!null_or(*bpe, "dropout", 0.0)) return unsupported(file, "model.dropout", "BPE dropout is not supported");
    if (!null_or(*bpe, "continuing_subword_prefix", "") || !null_or(*bpe, "end_of_word_suffix", ""))
        return unsupported(file, "model.continuing_subword_prefix", "subword prefixes/suffixes are not byte-level BPE");
    HfModel model;
    model.ignore_merges = bpe->value("ignore_merges", false);
    if (Status s = read_pre_tokenizer(doc, file, model); !s) return s.error();
    std::unordered_map<std::string, uint32_t> by_string;
    if (Status s = read_vocab(*bpe, file, model, by_string); !s) return s.error();
    if (Status s = read_merges(*bpe, file, model, by_string); !s) return s.error();
    std::unique_ptr<TokenCounter> counter = std::make_unique<HfBpeCounter>(std::move(model), name);
    return counter;
}

Result<std::unique_ptr<TokenCounter>> load_hf_tokenizer(const std::string& path) {
    auto text = read_text_file(path);
    if (!text) return text.error();
    const std::filesystem::path p(path);
    std::string name = p.stem().string();
    if (name == "tokenizer" && p.has_parent_path() && !p.parent_path().filename().empty())
        name = p.parent_path().filename().string();
    return parse_hf_tokenizer(*text, path, name);
}

}  // namespace bm
