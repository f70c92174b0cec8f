#include "search/table_memory.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <new>

#ifdef _WIN32
#ifndef NOMINMAX  // (MinGW's C++ library defines it)
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace sente::table_memory {

namespace {

constexpr std::size_t Megabyte = 1024 * 1024;

#ifndef _WIN32
std::optional<std::size_t> limit_of(int resource) {
    rlimit limit{};
    if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    return std::size_t(limit.rlim_cur);
}
#endif

}  // namespace

void* map_zeroed(std::size_t bytes) {
#ifdef _WIN32
    // Committed pages read as zero and are backed by physical memory when first touched; the
    // commit itself fails at once when the system cannot grant it.
    return VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
#else
    // No MAP_NORESERVE: the kernel's own overcommit policy decides whether such a table can be had.
    const bool align = bytes % HugePage == 0;
    const std::size_t span = align ? bytes + HugePage : bytes;
    void* memory = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    if (!align) return memory;
    // Keep the huge-page-aligned part only, so that every 2 MB of the table can be one huge page.
    const auto start = reinterpret_cast<std::uintptr_t>(memory);
    const std::uintptr_t aligned = (start + HugePage - 1) & ~std::uintptr_t(HugePage - 1);
    if (aligned > start) munmap(memory, aligned - start);
    if (const std::size_t tail = start + span - (aligned + bytes); tail > 0)
        munmap(reinterpret_cast<void*>(aligned + bytes), tail);
    return reinterpret_cast<void*>(aligned);
#endif
}

void unmap(void* memory, std::size_t bytes) {
    if (!memory) return;
#ifdef _WIN32
    (void)bytes;
    VirtualFree(memory, 0, MEM_RELEASE);
#else
    munmap(memory, bytes);
#endif
}

void advise_huge_pages(void* memory, std::size_t bytes) {
    (void)memory, (void)bytes;
#ifdef MADV_HUGEPAGE
    madvise(memory, bytes, MADV_HUGEPAGE);  // advice: ignored where unsupported
#endif
}

namespace {
std::size_t whole_huge_pages(std::size_t bytes) { return (bytes + HugePage - 1) / HugePage * HugePage; }
}  // namespace

void* map_object(std::size_t bytes) {
    void* memory = map_zeroed(whole_huge_pages(bytes));
    if (!memory) throw std::bad_alloc();
    return memory;
}

void advise_object(void* memory, std::size_t bytes, bool collapse) {
    bytes = whole_huge_pages(bytes);
    advise_huge_pages(memory, bytes);
    if (!collapse) return;
#ifdef __linux__
    // The few small pages the constructor touched would keep their 2 MB from becoming a huge page
    // until the kernel's background scan gets to it: collapse them now (Linux 6.1 on; advice only).
    constexpr int Collapse = 25;  // MADV_COLLAPSE; older headers lack it, older kernels refuse it
    madvise(memory, bytes, Collapse);
#endif
}

bool can_map(std::size_t bytes) {
    void* memory = map_zeroed(bytes);
    unmap(memory, bytes);
    return memory != nullptr;
}

void unmap_object(void* memory, std::size_t bytes) { unmap(memory, whole_huge_pages(bytes)); }

bool populate(void* memory, std::size_t bytes) {
#ifndef _WIN32
    constexpr int PopulateWrite = 23;  // MADV_POPULATE_WRITE, Linux 5.14 on; older headers lack it
    int result;
    do result = madvise(memory, bytes, PopulateWrite);
    while (result != 0 && errno == EINTR);  // a signal meanwhile: what is backed stays, go on
    if (result == 0) return true;
    // An older kernel without the advice (EINVAL) or a sandbox that refuses the call (ENOSYS,
    // EPERM) leaves the writes below to back the pages; any other answer (ENOMEM above all) is the
    // system's refusal.
    if (errno != EINVAL && errno != ENOSYS && errno != EPERM) return false;
#endif
    // Elsewhere a write to every page: an atomic or-with-zero, which a concurrent write cannot lose.
    constexpr std::size_t Page = 4096;
    auto* base = static_cast<unsigned char*>(memory);
    for (std::size_t at = 0; at < bytes; at += Page)
        std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(base + at))
            .fetch_or(0, std::memory_order_relaxed);
    return true;
}

std::size_t usable_mb(std::optional<std::size_t> physical, std::optional<std::size_t> address_space,
                      std::optional<std::size_t> data_size) {
    std::optional<std::size_t> least;
    for (auto bytes : {physical, address_space, data_size})
        if (bytes) least = std::min(least.value_or(*bytes), *bytes);
    if (!least) return std::size_t(-1);
    return std::max<std::size_t>(1, *least / 2 / Megabyte);
}

std::size_t usable_mb() {
#ifdef _WIN32
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    std::optional<std::size_t> physical;
    if (GlobalMemoryStatusEx(&status)) physical = std::size_t(status.ullTotalPhys);
    return usable_mb(physical, std::nullopt, std::nullopt);
#else
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    std::optional<std::size_t> physical;
    if (pages > 0 && page_size > 0) physical = std::size_t(pages) * std::size_t(page_size);
    return usable_mb(physical, limit_of(RLIMIT_AS), limit_of(RLIMIT_DATA));
#endif
}

std::optional<std::string> hold_to_usable(int& mb, int least) {
    const std::size_t usable = usable_mb();
    if (std::size_t(mb) <= usable) return std::nullopt;
    std::string note =
        std::to_string(mb) + " is more than half this machine's memory: " + std::to_string(usable) + " MB";
    mb = int(std::max<std::size_t>(usable, std::size_t(least)));
    return note;
}

}  // namespace sente::table_memory
