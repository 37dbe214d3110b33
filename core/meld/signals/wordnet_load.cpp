// Parsing the WordNet 3.0 database files (wndb(5) format) into a WordNet value.
#include <algorithm>
#include <filesystem>
#include <utility>

#include "meld/signals/mapped_file.h"
#include "meld/signals/wordnet.h"

namespace bm {

namespace {

constexpr const char* kPosFileName[kWordPosCount] = {"noun", "verb", "adj", "adv"};
constexpr const char* kInstallHint =
    "install the Debian package wordnet-base (apt-get install wordnet-base), or point the "
    "provider at a WordNet 3.0 dict directory";

// Splits a line into space-separated fields, in place, without allocating per field.
class Fields {
public:
    explicit Fields(std::string_view line) : m_rest(line) {}
    std::string_view next() {
        const char* p = m_rest.data();
        const char* end = p + m_rest.size();
        while (p < end && *p == ' ') ++p;
        const char* start = p;
        while (p < end && *p != ' ') ++p;
        m_rest = std::string_view(p, static_cast<size_t>(end - p));
        return std::string_view(start, static_cast<size_t>(p - start));
    }

private:
    std::string_view m_rest;
};

bool parse_uint(std::string_view s, int base, uint32_t& out) {
    if (s.empty()) return false;
    uint32_t v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return false;
        v = v * static_cast<uint32_t>(base) + static_cast<uint32_t>(d);
    }
    out = v;
    return true;
}

std::optional<WordPos> pos_from_char(char c) {
    switch (c) {
        case 'n':
            return WordPos::kNoun;
        case 'v':
            return WordPos::kVerb;
        case 'a':
        case 's':
            return WordPos::kAdjective;
        case 'r':
            return WordPos::kAdverb;
        default:
            return std::nullopt;
    }
}

// Lowercases s into buffer (reused between calls) and returns a view of it.
std::string_view lowercase(std::string_view s, std::string& buffer) {
    buffer.assign(s);
    for (char& c : buffer)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return buffer;
}

}  // namespace

// Builds a WordNet in three passes: data files (synsets, raw pointers), then pointer resolution,
// then index files (sense order), exceptions and tag counts.
class WordNetLoader {
public:
    explicit WordNetLoader(std::filesystem::path dir) : m_dir(std::move(dir)), m_wn(new WordNet()) {
        m_wn->m_lemmas.reserve(160000);  // WordNet 3.0: 147,306 lemmas among ~150,000 words
        m_wn->m_synsets.reserve(120000);
        m_wn->m_synset_words.reserve(210000);
        m_wn->m_senses.reserve(210000);
    }

    Result<std::shared_ptr<const WordNet>> run() {
        // Check every required file before parsing any, so the error names the first missing one.
        for (const char* kind : {"index.", "data."})
            for (const char* pos : kPosFileName)
                if (!std::filesystem::exists(m_dir / (std::string(kind) + pos)))
                    return missing(std::string(kind) + pos);
        for (const char* pos : kPosFileName)
            if (!std::filesystem::exists(m_dir / (std::string(pos) + ".exc")))
                return missing(std::string(pos) + ".exc");

        for (int p = 0; p < kWordPosCount; ++p)
            if (Status s = load_data(static_cast<WordPos>(p)); !s.ok()) return s.error();
        resolve_pointers();
        for (int p = 0; p < kWordPosCount; ++p)
            if (Status s = load_index(static_cast<WordPos>(p)); !s.ok()) return s.error();
        for (int p = 0; p < kWordPosCount; ++p)
            if (Status s = load_exceptions(static_cast<WordPos>(p)); !s.ok()) return s.error();
        load_tag_counts();  // optional: sense order falls back to noun, verb, adjective, adverb
        m_wn->m_lemmas.resize(m_wn->m_words.size());
        for (uint32_t w = 0; w < m_wn->m_lemmas.size(); ++w)
            m_wn->m_lemma_count += m_wn->senses_of(w) ? 1 : 0;
        return std::shared_ptr<const WordNet>(m_wn.release());
    }

private:
    struct RawPointer {
        SynsetId from;
        WordPos to_pos;
        uint32_t to_offset;
    };

    Error missing(const std::string& name) const {
        const std::string path = (m_dir / name).string();
        return Error::not_found("WordNet file " + name + " is missing", Location(path),
                                kInstallHint);
    }

    uint32_t intern(std::string_view word) { return m_wn->m_words.intern(word); }

    WordNet::LemmaSenses& lemma_senses(uint32_t word) {
        if (word >= m_wn->m_lemmas.size())
            m_wn->m_lemmas.resize(std::max<size_t>(word + 1, m_wn->m_lemmas.size() * 2));
        return m_wn->m_lemmas[word];
    }

    // The synset at a byte offset of a POS's data file (offsets ascend in file order).
    std::optional<SynsetId> synset_at(WordPos pos, uint32_t offset) const {
        const std::vector<uint32_t>& offsets = m_offsets[static_cast<int>(pos)];
        auto it = std::lower_bound(offsets.begin(), offsets.end(), offset);
        if (it == offsets.end() || *it != offset) return std::nullopt;
        return m_first_synset[static_cast<int>(pos)] + static_cast<SynsetId>(it - offsets.begin());
    }

    Status load_data(WordPos pos) {
        const std::string name = std::string("data.") + kPosFileName[static_cast<int>(pos)];
        Result<MappedFile> file = MappedFile::open(m_dir / name);
        if (!file.ok()) return file.error();
        std::string_view rest = file->text();
        int64_t line_no = 0;
        m_first_synset[static_cast<int>(pos)] = static_cast<SynsetId>(m_wn->m_synsets.size());
        while (!rest.empty()) {
            const size_t eol = std::min(rest.find('\n'), rest.size());
            std::string_view line = rest.substr(0, eol);
            rest.remove_prefix(std::min(eol + 1, rest.size()));
            ++line_no;
            if (!line.empty() && line[0] == ' ') {  // licence header lines start with spaces
                if (const size_t at = line.find("WordNet ");
                    at != std::string_view::npos && m_wn->m_version == "unknown") {
                    Fields f(line.substr(at + 8));
                    const std::string_view version = f.next();
                    if (!version.empty() && version[0] >= '0' && version[0] <= '9')
                        m_wn->m_version = version;
                }
                continue;
            }
            if (line.empty()) continue;
            if (!parse_synset(pos, line))
                return Error::corruption("malformed synset record",
                                         Location((m_dir / name).string(), line_no),
                                         "reinstall wordnet-base");
        }
        return {};
    }

    // synset_offset lex_filenum ss_type w_cnt word lex_id [...] p_cnt [ptr...] ... | gloss
    bool parse_synset(WordPos file_pos, std::string_view line) {
        Fields f(line);  // read up to the pointers; the frames and the gloss after them are skipped
        uint32_t offset = 0, word_count = 0, pointer_count = 0, ignored = 0;
        if (!parse_uint(f.next(), 10, offset) || !parse_uint(f.next(), 10, ignored)) return false;
        const std::string_view ss_type = f.next();
        if (ss_type.size() != 1 || !pos_from_char(ss_type[0])) return false;
        if (!parse_uint(f.next(), 16, word_count) || word_count == 0) return false;

        const SynsetId id = static_cast<SynsetId>(m_wn->m_synsets.size());
        WordNet::Synset synset;
        synset.pos = file_pos;
        synset.word_begin = static_cast<uint32_t>(m_wn->m_synset_words.size());
        synset.word_count = static_cast<uint16_t>(word_count);
        for (uint32_t i = 0; i < word_count; ++i) {
            std::string_view word = f.next();
            if (word.empty() || f.next().empty()) return false;  // word, lex_id
            if (const size_t paren = word.find('('); paren != std::string_view::npos)
                word = word.substr(0, paren);  // adjective syntactic markers: (a) (p) (ip)
            m_wn->m_synset_words.push_back(intern(lowercase(word, m_lower)));
        }
        if (!parse_uint(f.next(), 10, pointer_count)) return false;
        for (uint32_t i = 0; i < pointer_count; ++i) {
            const std::string_view symbol = f.next(), target = f.next(), pos = f.next(),
                                   words = f.next();
            uint32_t to_offset = 0, source_target = 0;
            if (pos.size() != 1 || !parse_uint(target, 10, to_offset) ||
                !parse_uint(words, 16, source_target))
                return false;
            const std::optional<WordPos> to_pos = pos_from_char(pos[0]);
            if (!to_pos) return false;
            if (symbol == "!" || symbol == "@" || symbol == "@i") {
                RawPointer ptr{id, *to_pos, to_offset};
                (symbol == "!" ? m_antonym_pointers : m_hypernym_pointers).push_back(ptr);
            }
        }
        std::vector<uint32_t>& offsets = m_offsets[static_cast<int>(file_pos)];
        if (!offsets.empty() && offsets.back() >= offset) return false;  // the file must ascend
        offsets.push_back(offset);
        m_wn->m_synsets.push_back(synset);
        return true;
    }

    void resolve_pointers() {
        // Hypernyms: the pointers were recorded in synset order, so each synset's form one run.
        std::vector<WordNet::Synset>& synsets = m_wn->m_synsets;
        for (const RawPointer& p : m_hypernym_pointers) {
            const std::optional<SynsetId> to = synset_at(p.to_pos, p.to_offset);
            if (!to) continue;
            WordNet::Synset& from = synsets[p.from];
            if (from.hyper_count == 0)
                from.hyper_begin = static_cast<uint32_t>(m_wn->m_hypernyms.size());
            m_wn->m_hypernyms.push_back(*to);
            ++from.hyper_count;
        }
        // Antonyms are lexical (word to word) in WordNet; extend them to every word of both
        // synsets.
        std::vector<uint64_t>& pairs = m_wn->m_antonym_pairs;
        for (const RawPointer& p : m_antonym_pointers) {
            const std::optional<SynsetId> to = synset_at(p.to_pos, p.to_offset);
            if (!to) continue;
            const WordNet::Synset& a = synsets[p.from];
            const WordNet::Synset& b = synsets[*to];
            for (uint32_t i = 0; i < a.word_count; ++i)
                for (uint32_t j = 0; j < b.word_count; ++j) {
                    const uint64_t wa = m_wn->m_synset_words[a.word_begin + i];
                    const uint64_t wb = m_wn->m_synset_words[b.word_begin + j];
                    if (wa == wb) continue;
                    pairs.push_back(wa << 32 | wb);
                    pairs.push_back(wb << 32 | wa);
                }
        }
        std::sort(pairs.begin(), pairs.end());
        pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    }

    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset [...]
    Status load_index(WordPos pos) {
        const std::string name = std::string("index.") + kPosFileName[static_cast<int>(pos)];
        Result<MappedFile> file = MappedFile::open(m_dir / name);
        if (!file.ok()) return file.error();
        std::string_view rest = file->text();
        int64_t line_no = 0;
        const int p = static_cast<int>(pos);
        while (!rest.empty()) {
            const size_t eol = std::min(rest.find('\n'), rest.size());
            std::string_view line = rest.substr(0, eol);
            rest.remove_prefix(std::min(eol + 1, rest.size()));
            ++line_no;
            if (line.empty() || line[0] == ' ') continue;
            Fields f(line);
            const std::string_view lemma = f.next();
            f.next();  // pos
            uint32_t synset_count = 0, pointer_count = 0, ignored = 0;
            bool ok =
                parse_uint(f.next(), 10, synset_count) && parse_uint(f.next(), 10, pointer_count);
            for (uint32_t i = 0; ok && i < pointer_count; ++i) ok = !f.next().empty();
            ok = ok && parse_uint(f.next(), 10, ignored) && parse_uint(f.next(), 10, ignored);
            WordNet::LemmaSenses& senses = lemma_senses(intern(lemma));
            senses.sense_begin[p] = static_cast<uint32_t>(m_wn->m_senses.size());
            for (uint32_t i = 0; ok && i < synset_count; ++i) {
                uint32_t offset = 0;
                ok = parse_uint(f.next(), 10, offset);
                const std::optional<SynsetId> synset = ok ? synset_at(pos, offset) : std::nullopt;
                ok = synset.has_value();
                if (ok) m_wn->m_senses.push_back(*synset);
            }
            if (!ok)
                return Error::corruption("malformed index record",
                                         Location((m_dir / name).string(), line_no),
                                         "reinstall wordnet-base");
            senses.sense_count[p] = static_cast<uint16_t>(synset_count);
        }
        return {};
    }

    // inflected_form base_form [base_form...]
    Status load_exceptions(WordPos pos) {
        const std::string name = std::string(kPosFileName[static_cast<int>(pos)]) + ".exc";
        Result<MappedFile> file = MappedFile::open(m_dir / name);
        if (!file.ok()) return file.error();
        std::string_view rest = file->text();
        while (!rest.empty()) {
            const size_t eol = std::min(rest.find('\n'), rest.size());
            Fields f(rest.substr(0, eol));
            rest.remove_prefix(std::min(eol + 1, rest.size()));
            const std::string_view form = f.next();
            if (form.empty()) continue;
            std::vector<std::string>& bases =
                m_wn->m_exceptions[static_cast<int>(pos)][std::string(form)];
            for (std::string_view base = f.next(); !base.empty(); base = f.next())
                if (base != form) bases.emplace_back(base);
        }
        return {};
    }

    // sense_key sense_number tag_cnt, where sense_key =
    // lemma%ss_type:lex_filenum:lex_id:head:head_id
    void load_tag_counts() {
        Result<MappedFile> file = MappedFile::open(m_dir / "cntlist.rev");
        if (!file.ok()) return;
        std::string_view rest = file->text();
        while (!rest.empty()) {
            const size_t eol = std::min(rest.find('\n'), rest.size());
            Fields f(rest.substr(0, eol));
            rest.remove_prefix(std::min(eol + 1, rest.size()));
            const std::string_view key = f.next();
            f.next();
            uint32_t count = 0;
            const size_t percent = key.find('%');
            if (percent == std::string_view::npos || percent + 1 >= key.size() ||
                !parse_uint(f.next(), 10, count))
                continue;
            static constexpr int kSsTypeToPos[6] = {-1, 0, 1, 2, 3, 2};  // 1 n, 2 v, 3 a, 4 r, 5 s
            const int ss_type = key[percent + 1] - '0';
            if (ss_type < 1 || ss_type > 5) continue;
            const uint32_t id = m_wn->word_id(key.substr(0, percent));
            if (id < m_wn->m_lemmas.size())
                m_wn->m_lemmas[id].tag_count[kSsTypeToPos[ss_type]] += count;
        }
    }

    std::filesystem::path m_dir;
    std::unique_ptr<WordNet> m_wn;
    std::vector<uint32_t>
        m_offsets[kWordPosCount];                 // byte offsets of each POS's synsets, ascending
    SynsetId m_first_synset[kWordPosCount] = {};  // the id of each POS's first synset
    std::string m_lower;                          // reused by lowercase()
    std::vector<RawPointer> m_hypernym_pointers;
    std::vector<RawPointer> m_antonym_pointers;
};

Result<std::shared_ptr<const WordNet>> WordNet::load(const std::string& dir) {
    return WordNetLoader(dir).run();
}

}  // namespace bm
