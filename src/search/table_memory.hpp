// Memory for the hash table straight from the operating system: zero by construction, backed page
// by page as it is first written, and asked for huge pages only where asking cannot stall.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sente::table_memory {

constexpr std::size_t HugePage = 2 * 1024 * 1024;

// Zero-filled memory of `bytes` (a multiple of 64), aligned to a huge page when `bytes` is a
// multiple of one, or nullptr. Nothing is touched: a request the system cannot grant fails at once,
// and a granted one costs nothing until it is written.
void* map_zeroed(std::size_t bytes);
void unmap(void* memory, std::size_t bytes);

// Hands the pages back so that they read as zero again and are backed anew on the next write.
// False where the system has no such call (Windows): the caller then writes the zeros itself.
bool discard(void* memory, std::size_t bytes);

// What to ask of Linux's transparent huge pages for memory whose page faults must never stall.
enum class HugePages : std::uint8_t {
    Ask,     // advise huge pages: a fault takes one if it is free and never compacts memory to make one
    Leave,   // give no advice: only advised memory would make its faults compact memory
    Refuse,  // advise against: every huge page fault would compact memory first
};
HugePages stall_free_huge_pages();
// The same decision from the texts of /sys/kernel/mm/transparent_hugepage/enabled and .../defrag,
// in the kernel's format (the setting in force in brackets: "always defer [madvise] never").
HugePages stall_free_huge_pages(std::string_view enabled, std::string_view defrag);
void set_huge_pages(void* memory, std::size_t bytes, HugePages choice);

// The largest table worth asking for, in MB: half of what the process can have, the least of the
// machine's physical memory and its address-space and data-size limits (a table near them would
// swap or leave nothing for the rest of the process). Unbounded if none of them is known.
std::size_t usable_mb();
// The same rule from given limits in bytes (nullopt: unknown or unlimited).
std::size_t usable_mb(std::optional<std::size_t> physical, std::optional<std::size_t> address_space,
                      std::optional<std::size_t> data_size);

}  // namespace sente::table_memory
