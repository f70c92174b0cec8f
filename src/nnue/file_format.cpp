#include "nnue/file_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "util/bytes.hpp"
#include "util/files.hpp"

namespace sente::nnue {

namespace {

std::uint32_t read_u32(const unsigned char* p) { return util::read_le<std::uint32_t>(p); }
std::int16_t read_i16(const unsigned char* p) { return std::int16_t(util::read_le<std::uint16_t>(p)); }

constexpr unsigned char Magic[4] = {'S', 'N', 'N', 'U'};

// The header's eight words after the magic, as a shape writes them.
struct Header {
    std::uint32_t version, architecture, hidden, qa, qb, scale, buckets_field;
};

Header header_of(Shape s) {
    return {FormatVersion,
            s.mirrored ? ArchitectureMirroredBuckets : ArchitecturePlain,
            std::uint32_t(s.hidden),
            QA,
            QB,
            OutputScale,
            s.mirrored ? std::uint32_t(s.output_buckets) : 0};
}

std::string supported_sizes() {
    std::string text;
    for (int n : HiddenSizes) text += (text.empty() ? "" : ", ") + std::to_string(n);
    return text;
}

}  // namespace

std::string describe(Shape s) {
    return "768 -> " + std::to_string(s.hidden) + (s.mirrored ? " mirrored" : "") + ", "
           + std::to_string(s.output_buckets) + " output bucket" + (s.output_buckets > 1 ? "s" : "");
}

LoadResult load(std::span<const unsigned char> bytes) {
    auto refuse = [](std::string why) { return LoadResult{nullptr, std::move(why)}; };
    if (bytes.size() < 4 || std::memcmp(bytes.data(), Magic, 4) != 0)
        return refuse("not a Sente net file (no SNNU header)");
    if (bytes.size() < HeaderBytes)
        return refuse("the net file has " + std::to_string(bytes.size()) + " bytes, shorter than its "
                      + std::to_string(HeaderBytes) + "-byte header (cut short?)");
    auto field = [&](int i) { return read_u32(bytes.data() + 4 + 4 * i); };
    auto mismatch = [&](const char* name, std::uint32_t value, const std::string& expected) {
        return refuse("the net's " + std::string(name) + " is " + std::to_string(value)
                      + ", this build reads " + expected);
    };
    const Header h{field(0), field(1), field(2), field(3), field(4), field(5), field(6)};
    if (h.version != FormatVersion)
        return mismatch("format version", h.version, std::to_string(FormatVersion));
    if (h.architecture != ArchitecturePlain && h.architecture != ArchitectureMirroredBuckets)
        return mismatch("architecture", h.architecture,
                        "1 ((768 -> N) x 2 -> 1) and 2 (the same, mirrored by the king's file, with output "
                        "buckets)");
    Shape shape;
    shape.hidden = int(std::min<std::uint32_t>(h.hidden, 1u << 20));
    if (!shape.supported()) return mismatch("hidden size", h.hidden, supported_sizes());
    if (h.qa != QA) return mismatch("QA", h.qa, std::to_string(QA));
    if (h.qb != QB) return mismatch("QB", h.qb, std::to_string(QB));
    if (h.scale != OutputScale) return mismatch("output scale", h.scale, std::to_string(OutputScale));
    if (h.architecture == ArchitecturePlain) {
        if (h.buckets_field != 0) return mismatch("reserved field", h.buckets_field, "0");
    } else {
        if (h.buckets_field < 1 || h.buckets_field > std::uint32_t(MaxOutputBuckets))
            return mismatch("output bucket count", h.buckets_field,
                            "1 to " + std::to_string(MaxOutputBuckets));
        shape.mirrored = true;
        shape.output_buckets = int(h.buckets_field);
    }
    const std::size_t expected = file_bytes(shape);
    if (bytes.size() != expected)
        return refuse("the net file has " + std::to_string(bytes.size()) + " bytes, its header says "
                      + std::to_string(expected)
                      + (bytes.size() < expected ? " (cut short?)" : " (data after its end?)"));
    const std::size_t body = expected - 8;
    if (util::fnv1a64(bytes.first(body)) != util::read_le<std::uint64_t>(bytes.data() + body))
        return refuse("the net file's checksum does not match its contents (corrupted?)");

    auto net = std::make_unique<Network>(shape);
    const unsigned char* p = bytes.data() + HeaderBytes;
    for (std::int16_t& w : net->feature_weights) w = read_i16(p), p += 2;
    for (std::int16_t& b : net->feature_bias) b = read_i16(p), p += 2;
    for (std::int16_t& w : net->output_weights) w = read_i16(p), p += 2;
    for (std::int32_t& b : net->output_bias) b = std::int32_t(read_u32(p)), p += 4;
    return {std::move(net), {}};
}

LoadResult load_file(const std::string& path) {
    // Only a regular file of a plausible size is read: not a device, a pipe or a huge file.
    // A name with a NUL in it would open the file named by its part before the NUL; other control
    // characters would reach the GUI in every message that names the net.
    if (std::ranges::any_of(path, [](char c) { return (unsigned char)c < 32 || c == 127; }))
        return {nullptr, "a net file's name cannot hold a control character"};
    std::error_code error;
    const std::filesystem::path native = util::native_path(path);
    const bool exists = std::filesystem::exists(native, error);
    if (error) return {nullptr, "cannot open the net file " + path + " (" + error.message() + ")"};
    if (!exists) return {nullptr, "cannot open the net file " + path + " (no such file)"};
    if (!std::filesystem::is_regular_file(native, error)) return {nullptr, path + " is not a regular file"};
    const auto size = std::filesystem::file_size(native, error);
    if (error) return {nullptr, "cannot read the size of the net file " + path};
    if (size > MaxFileBytes)
        return {nullptr, path + ": the net file has " + std::to_string(size)
                             + " bytes, more than any net this build reads (" + std::to_string(MaxFileBytes)
                             + ")"};
    std::ifstream in(native, std::ios::binary);
    if (!in) return {nullptr, "cannot open the net file " + path + " (" + std::strerror(errno) + ")"};
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return {nullptr, "cannot read the net file " + path};
    LoadResult r = load(bytes);
    if (!r.net) r.error = path + ": " + r.error;
    return r;
}

std::vector<unsigned char> encode(const Network& net) {
    std::vector<unsigned char> out(Magic, Magic + 4);
    const Header h = header_of(net.shape);
    for (std::uint32_t v : {h.version, h.architecture, h.hidden, h.qa, h.qb, h.scale, h.buckets_field})
        util::put_le(out, v);
    for (const WeightArray* a : {&net.feature_weights, &net.feature_bias, &net.output_weights})
        for (std::int16_t w : *a) util::put_le(out, std::uint16_t(w));
    for (std::int32_t b : net.output_bias) util::put_le(out, std::uint32_t(b));
    util::put_le(out, util::fnv1a64(out));
    return out;
}

}  // namespace sente::nnue
