#include "search/syzygy_check.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <span>
#include <system_error>

#include "util/bytes.hpp"
#include "util/city_hash.hpp"
#include "util/files.hpp"

namespace sente::syzygy {

namespace {

// Between the folders of a path list.
#ifdef _WIN32
constexpr char PathSeparator = ';';
#else
constexpr char PathSeparator = ':';
#endif

// The first four bytes of a WDL table and of a DTZ table.
constexpr std::uint8_t WdlMagic[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr std::uint8_t DtzMagic[4] = {0xD7, 0x66, 0x0C, 0xA5};

constexpr std::size_t ChecksumBytes = 16;
constexpr std::size_t ChunkBytes = std::size_t(1) << 24;  // the generator's 16 MiB

struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// Whether `s` ends with `suffix`, which is given in lower case, in any case.
bool ends_with_any_case(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size()
           && std::equal(suffix.begin(), suffix.end(), s.end() - std::ptrdiff_t(suffix.size()),
                         [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

// The folders of a path, in order, empty ones left out.
std::vector<std::string> folders_of(const std::string& paths) {
    std::vector<std::string> folders;
    std::size_t start = 0;
    while (start <= paths.size()) {
        std::size_t end = paths.find(PathSeparator, start);
        if (end == std::string::npos) end = paths.size();
        if (end > start) folders.push_back(paths.substr(start, end - start));
        start = end + 1;
    }
    return folders;
}

}  // namespace

std::string fathom_paths(const std::string& paths, std::vector<std::string>& unnamed) {
    std::string narrow;
    for (const std::string& folder : folders_of(paths)) {
        const std::optional<std::string> name = util::narrow_path(folder);
        if (!name) {
            unnamed.push_back(folder);
            continue;
        }
        if (!narrow.empty()) narrow += PathSeparator;
        narrow += *name;
    }
    return narrow;
}

std::vector<std::string> not_folders(const std::string& paths) {
    std::vector<std::string> missing;
    for (const std::string& folder : folders_of(paths)) {
        std::error_code error;
        if (!std::filesystem::is_directory(util::native_path(folder), error)) missing.push_back(folder);
    }
    return missing;
}

std::string not_folders_text(const std::string& paths) {
    std::string text;
    for (const std::string& folder : not_folders(paths)) text += (text.empty() ? "" : ", ") + folder;
    return text;
}

std::vector<std::string> table_files(const std::string& paths) {
    std::vector<std::string> files;
    for (const std::string& folder : folders_of(paths)) {
        std::vector<std::string> here;
        std::error_code error;
        for (std::filesystem::directory_iterator it(util::native_path(folder), error), last;
             !error && it != last; it.increment(error)) {
            try {
                // The folder as given, and the file's name: a table's is ASCII. (A name that does
                // not convert to text throws, and is no table's.)
                std::string path = folder;
#ifdef _WIN32
                // Always a separator: a folder's name in a double-byte code page may end in a byte
                // that reads as a backslash, and the system takes two separators for one.
                path += '\\';
#else
                if (!folder.ends_with('/')) path += '/';
#endif
                path += it->path().filename().string();
                const std::string name = table_name(path, true);
                std::error_code kind;
                if (name.empty() || it->is_directory(kind)) continue;
                // Fathom opens the file by its own spelling of the name: one in another case is
                // opened where the file system takes that spelling for it.
                std::error_code same;
                if (name == util::file_name(path)
                    || std::filesystem::equivalent(it->path().parent_path() / name, it->path(), same))
                    here.push_back(path);
            } catch (const std::exception&) {
                // not a name a table has
            }
        }
        std::sort(here.begin(), here.end());
        files.insert(files.end(), here.begin(), here.end());
    }
    return files;
}

std::string table_name(const std::string& path, bool any_case) {
    std::string name = util::file_name(path);
    const std::size_t dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0) return {};
    if (any_case) {
        // No piece letter is a V, so any v is the one between the sides.
        for (std::size_t i = 0; i < name.size(); ++i) {
            const auto c = static_cast<unsigned char>(name[i]);
            name[i] = char(i > dot ? std::tolower(c) : std::toupper(c) == 'V' ? 'v' : std::toupper(c));
        }
    }
    const std::string_view ending = std::string_view(name).substr(0, dot);
    const std::string_view extension = std::string_view(name).substr(dot);
    if (extension != ".rtbw" && extension != ".rtbz") return {};
    // KRvK, KQPvKR, ...: a king on each side, one 'v', pieces in capitals.
    if (std::count(ending.begin(), ending.end(), 'v') != 1 || ending.front() != 'K'
        || ending.find("vK") == std::string_view::npos)
        return {};
    for (char c : ending)
        if (c != 'v' && std::string_view("KQRBNP").find(c) == std::string_view::npos) return {};
    return name;
}

int table_pieces(const std::string& path, bool any_case) {
    const std::string name = table_name(path, any_case);
    return name.empty() ? 0 : int(name.find('.')) - 1;
}

std::optional<TableDamage> check_table_file(const std::string& path, bool whole) {
    const std::string name = util::file_name(path);
    auto passed_over = [&](const std::string& what) { return TableDamage{name + " " + what, false}; };
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(util::native_path(path), error);
    std::unique_ptr<std::FILE, CloseFile> file(error ? nullptr : util::open_file(path, "rb"));
    if (!file) return TableDamage{name + " cannot be read", false, false};
    std::uint8_t magic[4] = {};
    if (std::fread(magic, 1, sizeof magic, file.get()) != sizeof magic)
        return passed_over("is too short for a table (" + std::to_string(size) + " bytes)");
    const bool wdl = ends_with_any_case(path, ".rtbw");
    if (!std::equal(std::begin(magic), std::end(magic), wdl ? WdlMagic : DtzMagic))
        return passed_over(std::string("is not a Syzygy ") + (wdl ? "WDL" : "DTZ")
                           + " table (its first bytes)");
    // The tables, padded to 64 bytes, then the checksum.
    if (size % 64 != ChecksumBytes)
        return passed_over("is cut short or corrupt: " + std::to_string(size)
                           + " bytes, not a multiple of 64 and 16 for the checksum");
    if (!whole) return std::nullopt;

    // Each 16 MiB of the tables hashed alone, then the hashes hashed together.
    const std::uintmax_t data = size - ChecksumBytes;
    std::vector<std::uint8_t> chunk(std::size_t(std::min<std::uintmax_t>(data, ChunkBytes))), hashes;
    std::rewind(file.get());
    for (std::uintmax_t done = 0; done < data;) {
        const auto n = std::size_t(std::min<std::uintmax_t>(ChunkBytes, data - done));
        if (std::fread(chunk.data(), 1, n, file.get()) != n) return passed_over("cannot be read to its end");
        for (std::uint64_t h : util::city_hash_crc256(std::span(chunk.data(), n))) util::put_le(hashes, h);
        done += n;
    }
    std::uint8_t stored[ChecksumBytes];
    if (std::fread(stored, 1, sizeof stored, file.get()) != sizeof stored)
        return passed_over("cannot be read to its end");
    const util::Hash128 sum = util::city_hash_crc128(hashes);
    if (sum.low != util::read_le<std::uint64_t>(stored)
        || sum.high != util::read_le<std::uint64_t>(stored + 8))
        return TableDamage{name + " is corrupt: its contents do not match its checksum", true};
    return std::nullopt;
}

}  // namespace sente::syzygy
