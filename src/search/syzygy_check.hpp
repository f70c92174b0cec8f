// Whether Syzygy table files are whole. Fathom trusts its files: one changed byte in a table can
// crash it or give a wrong result. Every published table file ends with a checksum of the rest
// (16 bytes after a multiple of 64: CityHashCrc128 over the CityHashCrc256 of each 16 MiB), so a
// file can be held to it: `sente tbcheck` checks every file of a path, and loading a path checks
// each file's start and size, and the whole of the small tables (syzygy.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sente::syzygy {

// The table files (*.rtbw, *.rtbz) in the folders of `paths`, separated as SyzygyPath separates
// them, each folder's in name order: the files Fathom opens. A name in another case than Fathom's
// ("krvk.rtbw") is one of them where the file system finds it by Fathom's name, as Windows', macOS's
// and a FAT drive's do.
std::vector<std::string> table_files(const std::string& paths);

// `paths` as Fathom must be given them: each folder's name in the form the file system takes from
// a library that opens files by narrow names (util::narrow_path; on Windows, the ANSI code page).
// A folder that has no such name (on Windows only) is left out and added to `unnamed`.
std::string fathom_paths(const std::string& paths, std::vector<std::string>& unnamed);

// The folders of `paths` that are no folder (missing, or a file), for the message of a load.
std::vector<std::string> not_folders(const std::string& paths);
// The same, as a list for a message ("A, B"), or empty.
std::string not_folders_text(const std::string& paths);

// A table file's name spelt as Fathom spells table names ("KRvK.rtbw": a king on each side, a 'v'
// between them, the pieces in capitals), or empty for another name; with `any_case`, "krvk.RTBW"
// is read as KRvK.rtbw. (The order of the pieces is not checked.)
std::string table_name(const std::string& path, bool any_case = false);
// The pieces of the ending a table file's name gives ("KRvK.rtbw": 3), or 0 for another name.
int table_pieces(const std::string& path, bool any_case = false);

// What is wrong with a table file: it cannot be read, is not a WDL or DTZ table (its first four
// bytes), has the wrong size for one (cut short or grown), or, with `whole`, its contents differ
// from its checksum. Fathom passes over a file it cannot open or whose size is wrong, and a probe
// of one with the wrong first bytes fails; the last kind it reads as it is, and that is the
// harmful one.
struct TableDamage {
    std::string what;   // "KRvK.rtbw is corrupt: ..."
    bool harmful;       // the start and size are right and the contents are not
    bool opens = true;  // the file opens: Fathom takes it, and no copy in a later folder
};
std::optional<TableDamage> check_table_file(const std::string& path, bool whole);

}  // namespace sente::syzygy
