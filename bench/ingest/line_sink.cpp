// One JSON record per line, written through a 1 MB stdio buffer.
#include "line_sink.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace bm::bench {

LineSink::LineSink(const std::string& path) : m_file(std::fopen(path.c_str(), "wb")), m_path(path) {
    if (!m_file) throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
    std::setvbuf(m_file, nullptr, _IOFBF, 1 << 20);
}

LineSink::~LineSink() {
    if (m_file) std::fclose(m_file);
}

void LineSink::line(const ojson& record) {
    m_scratch = record.dump();
    m_scratch += '\n';
    if (std::fwrite(m_scratch.data(), 1, m_scratch.size(), m_file) != m_scratch.size())
        throw std::runtime_error("write failed on " + m_path + ": " + std::strerror(errno));
    m_bytes += m_scratch.size();
}

void LineSink::close() {
    if (!m_file) return;
    const bool ok = std::fclose(m_file) == 0;
    m_file = nullptr;
    if (!ok) throw std::runtime_error("closing " + m_path + " failed: " + std::strerror(errno));
}

}  // namespace bm::bench
