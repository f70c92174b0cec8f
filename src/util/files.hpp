// Files: names as the user gives them, and files a command writes at the end of its work, checked
// before the work begins.
#pragma once

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sente::util {

// What ends a folder's name in a path: on Windows either slash, elsewhere '/' alone (a backslash
// is a letter of a name there).
#ifdef _WIN32
inline constexpr const char* FolderSeparators = "/\\";
#else
inline constexpr const char* FolderSeparators = "/";
#endif

// The last part of a path, its file's name ("KRvK.rtbw" of "tb/KRvK.rtbw"), read from the text alone.
std::string file_name(const std::string& path);

// A file's name as the user gave it (a UCI option, an argument, a line of a file), for the file
// system. Elsewhere than on Windows the bytes are the name. On Windows a GUI may send a name in
// UTF-8 or in the system's ANSI code page (as older GUIs do): bytes that are valid UTF-8 are read
// as UTF-8, any others in the ANSI code page. (program_arguments gives the command line in UTF-8.)
std::filesystem::path native_path(const std::string& path);
// std::fopen of such a name.
std::FILE* open_file(const std::string& path, const char* mode);
// Such a name as a library that opens files by a narrow name reads it (Fathom): on Windows in the
// ANSI code page, or, for a name that code page cannot spell, the short (8.3) name the file system
// keeps for it where it keeps one, or nothing where it keeps none (often so on drives other than
// the system's); elsewhere the name itself.
std::optional<std::string> narrow_path(const std::string& path);

// The program's arguments. On Windows in UTF-8, from the system's UTF-16 command line split by
// the system's rules (argv holds them in the ANSI code page, which may have no spelling for a
// file's name, and split by the C library's, which differ on rare quoting). Elsewhere argv's.
std::vector<std::string> program_arguments(int argc, char** argv);

// Why `path` cannot be written, or nothing: it names a folder, its folder does not exist, or no file
// can be made there. Checked by making and removing PATH.part, the name the writers give their work
// in progress (one already there is left as it is); PATH itself is not touched.
std::optional<std::string> unwritable(const std::string& path);

}  // namespace sente::util
