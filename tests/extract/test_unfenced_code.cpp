// split_sentences (core/extract/sentence_tokens.cpp) ends a sentence at a period typed without its space, reads hard-wrapped
// prose across its line breaks, and sets unfenced code aside: a header over a lone "("
// through its close, Python def/class headers and Markdown-indented lines (session 17, the 2024 OpenHands
// evaluation tasks that paste a schema and a code template into the user's message).
#include <gtest/gtest.h>

#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"

namespace bm {
namespace {

std::string sentences_of(const std::string& text) {
    std::string s;
    for (const Sentence& sentence : split_sentences(text))
        s += text.substr(sentence.begin, sentence.end - sentence.begin) + "|";
    return s;
}

std::string requests_of(const std::string& text) {
    std::string s;
    for (const Sentence& sentence : split_sentences(text))
        for (const ClauseMatch& m : match_requests(text, sentence.tokens, true)) s += m.key + " = " + m.value + "\n";
    return s;
}

TEST(UnfencedCode, SqlSchemaBlockIsNotARequest) {
    const std::string task = "You are a SQL expert.\n\nCREATE TABLE frpm\n(\n    CDSCode TEXT not null,\n"
                             "    foreign key (CDSCode) references schools (CDSCode)\n);\n\nCreate a file named 0.py.";
    EXPECT_EQ(sentences_of(task), "You are a SQL expert.|Create a file named 0.py.|");
    EXPECT_EQ(requests_of(task).find("table"), std::string::npos) << requests_of(task);
}

TEST(UnfencedCode, IndentedTemplateAndPythonBodyAreSetAside) {
    EXPECT_EQ(sentences_of("Follow the template below:\n\n    import sqlite3\n    def run(db):\n        return 1\n\nThen run it."),
              "Follow the template below:|Then run it.|");
    EXPECT_EQ(sentences_of("# Problem\ndef truncate(number):\n    return number % 1.0 + 1.0\n\nFix it."),
              "# Problem|Fix it.|");
}

TEST(UnfencedCode, ProseListsAndIndentedProseAfterTextStay) {
    // Indented list items and a continuation line right under prose are prose.
    EXPECT_EQ(sentences_of("Steps:\n    - add the tests\n    1. run them"), "Steps:|- add the tests|1.|run them|");
    EXPECT_EQ(sentences_of("Please add a flag\n    and document it."), "Please add a flag|and document it.|");
    // A message written wholly indented (a prompt from an indented template string, as swarm-js sends) is
    // prose: indentation counts past the text's own.
    EXPECT_EQ(sentences_of("\n                I would like to return a christmas tree.\n            "),
              "I would like to return a christmas tree.|");
    EXPECT_EQ(sentences_of("    Follow the template:\n\n        import os\n\n    Then run it."), "Follow the template:|Then run it.|");
    // A parenthesis that is never closed is no block (a lone "(" holds no words).
    EXPECT_EQ(sentences_of("Do this\n(\nand that"), "Do this|and that|");
}

TEST(UnfencedCode, AnIndentedExampleRightUnderItsLeadInIsCodeWhenItReadsAsCode) {
    // A task template's example under "… like this:" with no blank line between (session 18, OpenHands'
    // logic_reasoning task): its lines are code, so neither "import sys" nor "answer, flag, …" is a request.
    const std::string task = "An example would be look like this:\n    <execute_ipython>\n    import sys\n"
                             "    answer, flag, error_message = engine.run(programs)\n    </execute_ipython>\n\n"
                             "Please send the answer through message.";
    EXPECT_EQ(sentences_of(task), "An example would be look like this:|Please send the answer through message.|");
    EXPECT_EQ(requests_of(task).find("import"), std::string::npos) << requests_of(task);
    // Indented prose under a lead-in stays prose (no line of it reads as code), and so do list items.
    EXPECT_EQ(sentences_of("Note:\n    restart the server after the change"), "Note:|restart the server after the change|");
    EXPECT_EQ(sentences_of("Steps:\n    - run it (once)"), "Steps:|- run it (once)|");
}

TEST(SentenceSplit, APeriodTypedWithoutItsSpaceStillEndsTheSentence) {
    EXPECT_EQ(sentences_of("Write the SQL in one line.And write a new file named 0.py."),
              "Write the SQL in one line.|And write a new file named 0.py.|");
    EXPECT_EQ(sentences_of("Import os.Path and pkg.Config here."), "Import os.Path and pkg.Config here.|");
}

// A prompt filled at 80 columns: the break inside a sentence is no boundary, so "no reference solution is
// accessible" keeps its "no". A short line, a line that ends a sentence or a label, a paragraph far past any fill
// width, and a next line that opens with a capital, a list mark or a blank line each end where they end.
TEST(SentenceSplit, HardWrappedProseIsOneSentenceAcrossItsLineBreaks) {
    EXPECT_EQ(sentences_of("Work only from the repository checkout in this workspace; no reference\n"
                           "solution is accessible here.\nNext line."),
              "Work only from the repository checkout in this workspace;|no reference\nsolution is accessible here.|"
              "Next line.|");
    EXPECT_EQ(sentences_of("Your final summary must report requirement coverage counts, including at\n"
                           "   least the total number reviewed."),
              "Your final summary must report requirement coverage counts, including at\n   least the total number "
              "reviewed.|");
    EXPECT_EQ(sentences_of("host localhost\nport 8080"), "host localhost|port 8080|");
    EXPECT_EQ(sentences_of("The build finished and every one of the tests passed here\nthen we stop"),
              "The build finished and every one of the tests passed here\nthen we stop|");
    EXPECT_EQ(sentences_of("Every requirement below is a task for this run of the harness:\nfix the docs"),
              "Every requirement below is a task for this run of the harness:|fix the docs|");
    EXPECT_EQ(sentences_of("The build finished and every one of the tests passed here\nThen we stop"),
              "The build finished and every one of the tests passed here|Then we stop|");
    EXPECT_EQ(sentences_of("The build finished and every one of the tests passed here\n- then we stop"),
              "The build finished and every one of the tests passed here|- then we stop|");
    EXPECT_EQ(sentences_of("The build finished and every one of the tests passed here\n\nthen we stop"),
              "The build finished and every one of the tests passed here|then we stop|");
    // Records are not prose: a listing's row, a log line with a timestamp, columns; and a tool's output never joins.
    EXPECT_EQ(sentences_of("drwxr-xr-x  2 root root 4096 Jan  1 00:00 migrations_and_more_things\nthe config is broken"),
              "drwxr-xr-x  2 root root 4096 Jan  1 00:00 migrations_and_more_things|the config is broken|");
    EXPECT_EQ(sentences_of("2024-01-01 12:00:00 WARN cache layer disabled since no redis host set\nthe database is ok"),
              "2024-01-01 12:00:00 WARN cache layer disabled since no redis host set|the database is ok|");
    std::string tool_text = "The build finished and every one of the tests passed here\nthen we stop";
    std::string got;
    for (const Sentence& sentence : split_sentences(tool_text, /*join_wrapped_lines=*/false))
        got += tool_text.substr(sentence.begin, sentence.end - sentence.begin) + "|";
    EXPECT_EQ(got, "The build finished and every one of the tests passed here|then we stop|");
    const std::string paragraph(130, 'x');
    EXPECT_EQ(sentences_of("It logs " + paragraph + " everything\nsecond, sort it"),
              "It logs " + paragraph + " everything|second, sort it|");
}

}  // namespace
}  // namespace bm
