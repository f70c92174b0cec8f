// Memory for the hash table straight from the operating system: zero by construction, so that a new
// table needs no clearing, and backed by physical memory when and where the table says.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace sente::table_memory {

constexpr std::size_t HugePage = 2 * 1024 * 1024;

// Zero-filled memory of `bytes` (a multiple of 64), aligned to a huge page when `bytes` is a
// multiple of one, or nullptr. Nothing is touched: a request the system cannot grant fails at once,
// and a granted one costs nothing until it is written.
void* map_zeroed(std::size_t bytes);
void unmap(void* memory, std::size_t bytes);

// Asks for huge pages (Linux transparent huge pages); advice only.
void advise_huge_pages(void* memory, std::size_t bytes);

// Memory for an object read all over at every node (a search thread's statistics), for its class's
// operator new: whole huge pages of zeroed memory. Throws std::bad_alloc when there is none.
// advise_object() then asks for huge pages there, so that its reads cost fewer TLB misses where
// the system has huge pages: once the object is at work, not when it is made, because a huge page
// is backed whole at its first touch, and a pool of hundreds of objects would wait for all of them
// (in a virtual machine whose host backs fresh memory, seconds for 256 search threads). With
// `collapse` it also collapses what the constructor touched into huge pages where the kernel can
// (Linux 6.1 on): a synchronous call that waits on every other thread's, so only for the one
// thread that keeps the clock (a pool of 256 threads on 2 cores, collapsing together, once held
// a search 15 s past its time).
void* map_object(std::size_t bytes);
void advise_object(void* memory, std::size_t bytes, bool collapse);
void unmap_object(void* memory, std::size_t bytes);

// Backs the pages of [memory, memory + bytes) without changing a byte of them, so that threads
// may read and write (relaxed atomics, as the table does) while it runs. False when the system
// has no memory to back them with (rather than waking an out-of-memory killer).
bool populate(void* memory, std::size_t bytes);

// Whether `bytes` of fresh memory could be had now (mapped and at once released, nothing touched):
// what the system's limits on address space and committed memory leave.
bool can_map(std::size_t bytes);

// The largest table worth asking for, in MB: half of what the process can have, the least of the
// machine's physical memory and its address-space and data-size limits (a table near them would
// swap or leave nothing for the rest of the process). Unbounded if none of them is known.
std::size_t usable_mb();
// The same rule from given limits in bytes (nullopt: unknown or unlimited).
std::size_t usable_mb(std::optional<std::size_t> physical, std::optional<std::size_t> address_space,
                      std::optional<std::size_t> data_size);

// A command's own table of `mb` MB (perft's, research's) held to usable_mb(), as the Hash option's
// is, but not below `least`: the note for the user when it was ("N is more than half this
// machine's memory: U MB"), or nothing.
std::optional<std::string> hold_to_usable(int& mb, int least);

}  // namespace sente::table_memory
