#include "util/files.hpp"

#include <algorithm>
#include <fstream>
#include <string_view>
#include <system_error>

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <shellapi.h>  // (after windows.h, which it needs)
#endif

namespace sente::util {

#ifdef _WIN32
namespace {

// The text in the code page, as UTF-16; nothing where `flags` refuse it.
std::optional<std::wstring> widen(const std::string& text, UINT code_page, DWORD flags) {
    if (text.empty()) return std::wstring();
    const int length = MultiByteToWideChar(code_page, flags, text.data(), int(text.size()), nullptr, 0);
    if (length <= 0) return std::nullopt;
    std::wstring wide(std::size_t(length), L'\0');
    MultiByteToWideChar(code_page, flags, text.data(), int(text.size()), wide.data(), length);
    return wide;
}

// The UTF-16 text in the code page; nothing where the conversion fails or, with `lossy` given, where
// a character has no spelling there.
std::optional<std::string> from_wide(std::wstring_view wide, UINT code_page, DWORD flags, BOOL* lossy) {
    if (wide.empty()) return std::string();
    const int length =
        WideCharToMultiByte(code_page, flags, wide.data(), int(wide.size()), nullptr, 0, nullptr, lossy);
    if (length <= 0 || (lossy && *lossy)) return std::nullopt;
    std::string narrow(std::size_t(length), '\0');
    WideCharToMultiByte(code_page, flags, wide.data(), int(wide.size()), narrow.data(), length, nullptr,
                        lossy);
    return narrow;
}

// The UTF-16 text in the ANSI code page; nothing where a character has no spelling there.
std::optional<std::string> to_ansi(std::wstring_view wide) {
    // (Windows' "use Unicode UTF-8" setting: every character has a spelling, and the flag and the
    // lossy report are refused for this code page.)
    if (GetACP() == CP_UTF8) return from_wide(wide, CP_UTF8, 0, nullptr);
    BOOL lossy = FALSE;
    return from_wide(wide, CP_ACP, WC_NO_BEST_FIT_CHARS, &lossy);
}

}  // namespace

std::filesystem::path native_path(const std::string& path) {
    if (std::all_of(path.begin(), path.end(), [](char c) { return (unsigned char)c < 128; }))
        return std::filesystem::path(path);
    if (auto wide = widen(path, CP_UTF8, MB_ERR_INVALID_CHARS)) return std::filesystem::path(*wide);
    return std::filesystem::path(widen(path, CP_ACP, 0).value_or(std::wstring()));
}

std::FILE* open_file(const std::string& path, const char* mode) {
    const std::wstring wide_mode(mode, mode + std::char_traits<char>::length(mode));
    return _wfopen(native_path(path).c_str(), wide_mode.c_str());
}

std::vector<std::string> program_arguments(int argc, char** argv) {
    int count = 0;
    LPWSTR* wide = CommandLineToArgvW(GetCommandLineW(), &count);
    if (!wide) return std::vector<std::string>(argv, argv + argc);
    std::vector<std::string> arguments;
    for (int i = 0; i < count; ++i) arguments.push_back(from_wide(wide[i], CP_UTF8, 0, nullptr).value_or(""));
    LocalFree(wide);
    return arguments;
}

std::optional<std::string> narrow_path(const std::string& path) {
    const std::wstring wide = native_path(path).wstring();
    if (auto ansi = to_ansi(wide)) return *ansi;
    const DWORD length = GetShortPathNameW(wide.c_str(), nullptr, 0);
    if (length > 0) {
        std::wstring short_name(length, L'\0');
        const DWORD written = GetShortPathNameW(wide.c_str(), short_name.data(), length);
        if (written > 0 && written < length) {
            short_name.resize(written);
            if (auto ansi = to_ansi(short_name)) return *ansi;
        }
    }
    return std::nullopt;
}
#else
std::filesystem::path native_path(const std::string& path) { return std::filesystem::path(path); }

std::FILE* open_file(const std::string& path, const char* mode) { return std::fopen(path.c_str(), mode); }

std::optional<std::string> narrow_path(const std::string& path) { return path; }

std::vector<std::string> program_arguments(int argc, char** argv) { return {argv, argv + argc}; }
#endif

std::string file_name(const std::string& path) {
    const std::size_t cut = path.find_last_of(FolderSeparators);
    return cut == std::string::npos ? path : path.substr(cut + 1);
}

std::optional<std::string> unwritable(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) return std::string("an output file needs a name");
    std::error_code error;
    const fs::path native = native_path(path);
    if (fs::is_directory(native, error)) return path + " is a folder, not a file";
    const fs::path folder = native.parent_path();
    if (!folder.empty() && !fs::is_directory(folder, error)) {
        // The folder's name as given: the path up to its last separator.
        const std::size_t name = path.size() - file_name(path).size();
        return "cannot write " + path + ": no folder " + path.substr(0, name == 0 ? 0 : name - 1);
    }
    const std::string probe = path + ".part";
    const fs::path native_probe = native_path(probe);
    const bool existed = fs::exists(native_probe, error);
    if (!std::ofstream(native_probe, std::ios::app))
        return "cannot write " + path + " (no file can be made there)";
    if (!existed) fs::remove(native_probe, error);
    return std::nullopt;
}

}  // namespace sente::util
