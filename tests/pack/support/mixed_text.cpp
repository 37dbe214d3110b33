// Generators of deterministic mixed-language test text (see mixed_text.h).
#include "mixed_text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace bm::testing {
namespace {

struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    size_t below(size_t n) { return static_cast<size_t>(next() % n); }
    template <typename T, size_t N>
    const T& pick(const T (&items)[N]) { return items[below(N)]; }
};

const char* const kEnglish[] = {
    "the", "merge", "of", "two", "branches", "keeps", "every", "claim", "with", "its", "evidence", "and",
    "a", "reviewer", "can", "trace", "value", "back", "to", "message", "that", "asserted", "it", "database",
    "host", "is", "production", "server", "configuration", "retracted", "because", "premise", "was", "wrong",
    "tokenizer", "budget", "never", "exceeds", "banner", "trusted", "untrusted", "external", "Alice", "Bob",
    "London", "Kubernetes", "PostgreSQL", "don't", "isn't", "we'll", "they're", "I've", "you'd", "it's",
    "DON'T", "WE'LL", "THEY'RE", "I'M", "She'S", "antidisestablishmentarianism", "internationalization",
    "e.g.", "i.e.", "U.S.", "naïve", "café", "résumé", "coöperate", "Zürich", "São", "Paulo", "Ångström",
};
const char* const kChinese[] = {
    "合并", "两个", "分支", "保留", "每个", "主张", "及其", "证据", "审阅者", "可以", "追溯", "到", "断言",
    "它的", "消息", "数据库", "主机", "是", "生产", "服务器", "配置", "被撤回", "因为", "前提", "错误",
    "分词器", "预算", "从不", "超过", "横幅", "可信", "不可信", "外部", "北京", "上海", "深度学习", "模型",
    "的", "了", "在", "我们", "他们", "这个", "那个", "问题", "答案", "龘", "𠮷", "鱻", "燚",
};
const char* const kChinesePunct[] = {"，", "。", "！", "？", "：", "；", "、", "（", "）", "《", "》", "“", "”"};
const char* const kEnglishPunct[] = {",", ".", "!", "?", ":", ";", " -", " —", "...", "'", "\"", " (", ")"};
const char* const kCode[] = {
    "#include <vector>\n", "int main(int argc, char** argv) {\n", "    return 0;\n", "}\n",
    "    for (size_t i = 0; i < n; ++i) sum += v[i];\n", "def count_tokens(text: str) -> int:\n",
    "    return len(enc.encode(text))\n", "\tif (x != nullptr && *x >= 0x7F) { y <<= 2; }\n",
    "const config = { host: \"db-3.prod\", port: 5432, retries: 3 };\n", "SELECT id, name FROM claims WHERE rank >= 2;\n",
    "{\"role\":\"assistant\",\"content\":\"The host is prod-db-3.\",\"ts\":1732945123}\n",
    "        // TODO(bm): handle CRLF\r\n", "    x = [1, 2, 3, 4_000_000, 3.14159, -2e-10]\n",
    "git commit -m 'Fix: tokenizer handles \\r\\n'\n", "https://example.com/path/to?query=1&x=%20y#frag\n",
    "    \n", "\n\n\n", "  \t  \n", "fn main() { println!(\"{}\", \"héllo\"); }\n", "$ echo $HOME && ls -la ~/.cache\n",
};
const char* const kEdge[] = {
    "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "❤️", "∑∫√∞", "αβγ δέλτα", "Привет, мир", "مرحبا بالعالم", "नमस्ते दुनिया",
    "こんにちは世界", "안녕하세요", "١٢٣٤٥", "１２３４５", "²³¹", "ⅫⅣ", "½¾", "e\u0301", "\u00A0nbsp\u00A0", "\u3000全角空格",
    "'ſ", "'S", "'LL", "'Re", "   ", "\t\t", "\r\n", "\r\r\n\n", " \n ", "\u2028", "\u200B", "ﬁ", "…", "™", "\x7F",
};

std::string english_paragraph(SplitMix64& rng) {
    std::string s;
    const size_t sentences = 1 + rng.below(6);
    for (size_t k = 0; k < sentences; ++k) {
        const size_t words = 3 + rng.below(18);
        for (size_t w = 0; w < words; ++w) {
            std::string word = rng.pick(kEnglish);
            if (w == 0 && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 32);
            if (rng.below(20) == 0) word = std::to_string(rng.next() % (rng.below(2) ? 100 : 100000000));
            s += (w ? " " : "") + word;
            if (rng.below(9) == 0) s += rng.pick(kEnglishPunct);
        }
        s += rng.below(4) ? ". " : "? ";
    }
    s += rng.below(3) ? "\n\n" : "\n";
    return s;
}

std::string chinese_paragraph(SplitMix64& rng) {
    std::string s;
    const size_t phrases = 4 + rng.below(30);
    for (size_t k = 0; k < phrases; ++k) {
        s += rng.pick(kChinese);
        if (rng.below(5) == 0) s += rng.pick(kChinesePunct);
        if (rng.below(25) == 0) s += " GPT-4 ";
        if (rng.below(30) == 0) s += std::to_string(rng.below(2030));
    }
    s += "。\n";
    return s;
}

std::string code_block(SplitMix64& rng) {
    std::string s = rng.below(2) ? "```cpp\n" : "";
    const size_t lines = 2 + rng.below(12);
    for (size_t k = 0; k < lines; ++k) {
        std::string line = rng.pick(kCode);
        if (rng.below(8) == 0) line = std::string(rng.below(12), ' ') + line;
        s += line;
    }
    if (s.rfind("```", 0) == 0) s += "```\n";
    return s;
}

std::string edge_run(SplitMix64& rng) {
    std::string s;
    const size_t n = 1 + rng.below(8);
    for (size_t k = 0; k < n; ++k) {
        s += rng.pick(kEdge);
        if (rng.below(2)) s += rng.below(2) ? " " : "x";
    }
    return s;
}

}  // namespace

std::vector<std::string> make_mixed_documents(size_t min_total_bytes, uint64_t seed) {
    SplitMix64 rng{seed};
    std::vector<std::string> docs;
    size_t total = 0;
    while (total < min_total_bytes) {
        const size_t target = 200 + rng.below(8 * 1024);
        std::string doc;
        while (doc.size() < target) {
            switch (rng.below(10)) {
                case 0: case 1: case 2: case 3: doc += english_paragraph(rng); break;
                case 4: case 5: case 6: doc += chinese_paragraph(rng); break;
                case 7: case 8: doc += code_block(rng); break;
                default: doc += edge_run(rng); break;
            }
        }
        total += doc.size();
        docs.push_back(std::move(doc));
    }
    return docs;
}

std::vector<std::string> edge_case_documents() {
    std::vector<std::string> docs = {
        "", " ", "  ", "\n", "\r\n", "\r\n\r\n", "a\r\nb", "   hello", "hello   ", "hello   world", "\t\tx", "x\n\n\n y",
        " \n \n ", "I'M HERE", "DON'T", "WE'LL'VE'D", "'s", "'S", "'ſ", "'ſtop", "it's", "'''", "''s", " 'tis",
        "12345678", " 12345", "x1234y", "٣٤٥٦", "１２３", "²³⁴", "😀", "😀😀😀", " 😀", "👨‍👩‍👧‍👦", "🇯🇵🇺🇸", "e\u0301e\u0301",
        "中文测试。", "。。。", "!!!\n\n", " !!!\r\n", "a  \n\n  b", "   \n", "\u3000\u3000x", "\u00A0x", "\u2028\u2029",
        std::string(5000, ' '), std::string(3000, 'a'), std::string(2000, '\n'), std::string(1000, '!'),
        "\xFF", "a\xFFz", "\xC3", "\xE4\xB8", "ab\xF0\x9F\x98", "\xED\xA0\x80", "\xC0\xAF", "\xF4\x90\x80\x80", "x\x80\x80y",
        "<|endoftext|> is text here", "ĠHello", "\x01\x02\x1F", "ſ", "\u212A",
    };
    std::string long_word;
    for (int k = 0; k < 400; ++k) long_word += "Supercalifragilistic";
    docs.push_back(long_word);
    return docs;
}

std::vector<std::string> shared_data_documents(const std::string& shared_data_dir, size_t max_total_bytes) {
    std::vector<std::string> docs;
    const auto sessions = std::filesystem::path(shared_data_dir) / "sessions";
    std::error_code ec;
    if (!std::filesystem::is_directory(sessions, ec)) return docs;
    std::vector<std::filesystem::path> files;
    for (auto it = std::filesystem::recursive_directory_iterator(sessions, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file()) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    size_t total = 0;
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        const std::string text = body.str();
        if (total + text.size() > max_total_bytes) break;
        total += text.size();
        docs.push_back(text);
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) docs.push_back(line);
    }
    return docs;
}

}  // namespace bm::testing
