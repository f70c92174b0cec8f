#include "nnue/network.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "nnue/simd.hpp"
#include "search/table_memory.hpp"

namespace sente::nnue {

namespace {

// Little-endian reading and writing, whatever the host's byte order.
std::uint32_t read_u32(const unsigned char* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16
           | std::uint32_t(p[3]) << 24;
}
std::uint64_t read_u64(const unsigned char* p) { return read_u32(p) | std::uint64_t(read_u32(p + 4)) << 32; }
std::int16_t read_i16(const unsigned char* p) { return std::int16_t(std::uint16_t(p[0] | p[1] << 8)); }

void put_u32(std::vector<unsigned char>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back((unsigned char)(v >> (8 * i)));
}
void put_u64(std::vector<unsigned char>& out, std::uint64_t v) {
    put_u32(out, std::uint32_t(v));
    put_u32(out, std::uint32_t(v >> 32));
}
void put_i16(std::vector<unsigned char>& out, std::int16_t v) {
    out.push_back((unsigned char)(std::uint16_t(v) & 0xFF));
    out.push_back((unsigned char)(std::uint16_t(v) >> 8));
}

constexpr unsigned char Magic[4] = {'S', 'N', 'N', 'U'};

// The header's fields after the magic, in order, with what this build reads.
struct HeaderField {
    const char* name;
    std::uint32_t expected;
};
constexpr HeaderField Fields[] = {
    {"format version", FormatVersion},
    {"architecture", ArchitectureScrelu},
    {"hidden size", HiddenSize},
    {"QA", QA},
    {"QB", QB},
    {"output scale", OutputScale},
    {"reserved field", 0},
};

}  // namespace

std::uint64_t fnv1a64(std::span<const unsigned char> bytes) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char b : bytes) h = (h ^ b) * 0x100000001B3ULL;
    return h;
}

LoadResult load(std::span<const unsigned char> bytes) {
    auto refuse = [](std::string why) { return LoadResult{nullptr, std::move(why)}; };
    if (bytes.size() < HeaderBytes || std::memcmp(bytes.data(), Magic, 4) != 0)
        return refuse("not a Sente net file (no SNNU header)");
    for (std::size_t i = 0; i < std::size(Fields); ++i) {
        const std::uint32_t value = read_u32(bytes.data() + 4 + 4 * i);
        if (value != Fields[i].expected)
            return refuse("the net's " + std::string(Fields[i].name) + " is " + std::to_string(value)
                          + ", this build reads " + std::to_string(Fields[i].expected));
    }
    if (bytes.size() != FileBytes)
        return refuse("the net file has " + std::to_string(bytes.size()) + " bytes, its header says "
                      + std::to_string(FileBytes) + (bytes.size() < FileBytes ? " (cut short?)" : ""));
    const std::size_t body = FileBytes - 8;
    if (fnv1a64(bytes.first(body)) != read_u64(bytes.data() + body))
        return refuse("the net file's checksum does not match its contents (corrupted?)");

    auto net = std::make_unique<Network>();
    const unsigned char* p = bytes.data() + HeaderBytes;
    for (std::int16_t& w : net->feature_weights) w = read_i16(p), p += 2;
    for (std::int16_t& b : net->feature_bias) b = read_i16(p), p += 2;
    for (std::int16_t& w : net->output_weights) w = read_i16(p), p += 2;
    net->output_bias = std::int32_t(read_u32(p));
    return {std::move(net), {}};
}

void* Network::operator new(std::size_t bytes) { return table_memory::map_object(bytes); }
void Network::operator delete(void* memory, std::size_t bytes) { table_memory::unmap_object(memory, bytes); }

LoadResult load_file(const std::string& path) {
    // Only a regular file of a plausible size is read: not a device, a pipe or a huge file.
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return {nullptr, "cannot open the net file " + path + " (no such file)"};
    if (!std::filesystem::is_regular_file(path, error)) return {nullptr, path + " is not a regular file"};
    const auto size = std::filesystem::file_size(path, error);
    if (error) return {nullptr, "cannot read the size of the net file " + path};
    if (size > 2 * FileBytes)
        return {nullptr, path + ": the net file has " + std::to_string(size)
                             + " bytes, this build reads nets of " + std::to_string(FileBytes)};
    std::ifstream in(path, std::ios::binary);
    if (!in) return {nullptr, "cannot open the net file " + path};
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return {nullptr, "cannot read the net file " + path};
    LoadResult r = load(bytes);
    if (!r.net) r.error = path + ": " + r.error;
    return r;
}

std::vector<unsigned char> encode(const Network& net) {
    std::vector<unsigned char> out(Magic, Magic + 4);
    for (const HeaderField& f : Fields) put_u32(out, f.expected);
    for (std::int16_t w : net.feature_weights) put_i16(out, w);
    for (std::int16_t b : net.feature_bias) put_i16(out, b);
    for (std::int16_t w : net.output_weights) put_i16(out, w);
    put_u32(out, std::uint32_t(net.output_bias));
    put_u64(out, fnv1a64(out));
    return out;
}

Value output(const Network& net, const Accumulator& acc, Color side_to_move) {
    const std::int64_t sum =
        std::int64_t(simd::screlu_dot<HiddenSize>(acc.values[side_to_move], net.output_weights, QA))
        + simd::screlu_dot<HiddenSize>(acc.values[~side_to_move], net.output_weights + HiddenSize, QA);
    const std::int64_t scaled = (sum + net.output_bias) * OutputScale / OutputUnit;
    return Value(scaled);
}

}  // namespace sente::nnue
