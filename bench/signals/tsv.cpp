// TSV readers for the evaluation sets; columns are found by their header names.
#include "tsv.h"

#include <cstdlib>
#include <fstream>
#include <map>

namespace bm::bench {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
        out.push_back(line.substr(start, tab - start));
    out.push_back(line.substr(start));
    if (!out.empty() && !out.back().empty() && out.back().back() == '\r') out.back().pop_back();
    return out;
}

using Row = std::map<std::string, std::string>;

Result<std::vector<Row>> read_rows(const std::string& path,
                                   const std::vector<std::string>& columns) {
    std::ifstream in(path);
    if (!in)
        return Error::not_found("cannot open " + path, Location(path),
                                "pass --data DIR with the shared data folder (sts/, nli/)");
    std::string line;
    std::getline(in, line);
    const std::vector<std::string> header = split_tabs(line);
    std::map<std::string, size_t> index;
    for (const std::string& column : columns) {
        size_t i = 0;
        while (i < header.size() && header[i] != column) ++i;
        if (i == header.size())
            return Error::invalid_input("missing column " + column, Location(path, 1, -1, column));
        index[column] = i;
    }
    std::vector<Row> rows;
    for (int64_t line_no = 2; std::getline(in, line); ++line_no) {
        if (line.empty()) continue;
        const std::vector<std::string> fields = split_tabs(line);
        Row row;
        for (const auto& [column, i] : index) {
            if (i >= fields.size())
                return Error::invalid_input("too few fields", Location(path, line_no, -1, column));
            row[column] = fields[i];
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace

Result<std::vector<TextPair>> read_sts(const std::string& path) {
    Result<std::vector<Row>> rows = read_rows(path, {"sentence1", "sentence2", "score"});
    if (!rows.ok()) return rows.error();
    std::vector<TextPair> out;
    for (Row& row : *rows)
        out.push_back({std::move(row["sentence1"]),
                       std::move(row["sentence2"]),
                       {},
                       std::strtod(row["score"].c_str(), nullptr)});
    return out;
}

Result<std::vector<TextPair>> read_nli(const std::string& path) {
    Result<std::vector<Row>> rows = read_rows(path, {"gold_label", "sentence1", "sentence2"});
    if (!rows.ok()) return rows.error();
    std::vector<TextPair> out;
    for (Row& row : *rows)
        if (row["gold_label"] != "-")
            out.push_back({std::move(row["sentence1"]), std::move(row["sentence2"]),
                           std::move(row["gold_label"]), 0});
    return out;
}

}  // namespace bm::bench
