#include "util/files.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace sente::util {

std::optional<std::string> unwritable(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) return std::string("an output file needs a name");
    std::error_code error;
    if (fs::is_directory(path, error)) return path + " is a folder, not a file";
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::is_directory(folder, error))
        return "cannot write " + path + ": no folder " + folder.string();
    const std::string probe = path + ".part";
    const bool existed = fs::exists(probe, error);
    if (!std::ofstream(probe, std::ios::app)) return "cannot write " + path + " (no file can be made there)";
    if (!existed) fs::remove(probe, error);
    return std::nullopt;
}

}  // namespace sente::util
