// Byte order and checksums of Sente's files: little-endian whatever the host's order, and FNV-1a
// in its 32-bit (game files) and 64-bit (nets, the trainer's checkpoints) forms.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sente::util {

// Reads an unsigned little-endian number of sizeof(T) bytes at p.
template <typename T>
constexpr T read_le(const std::uint8_t* p) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= T(T(p[i]) << (8 * i));
    return v;
}

// Appends v as sizeof(T) little-endian bytes.
template <typename T>
void put_le(std::vector<std::uint8_t>& out, T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}

constexpr std::uint32_t fnv1a32(std::span<const std::uint8_t> bytes) {
    std::uint32_t h = 2166136261u;
    for (std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
    return h;
}

constexpr std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001B3ULL;
    return h;
}

}  // namespace sente::util
