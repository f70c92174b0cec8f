// Files and folders the tests write. Each name carries the test process's id, so that two runs of
// the suite at once (two builds' ctest passes) never share one, and a TempPath removes what it names
// when it goes out of scope, after a failed REQUIRE too.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace sente::test {

inline std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("sente-test-" + std::to_string(::getpid()) + "-" + name);
}

class TempPath {
public:
    // Nothing is left at the path from an earlier run that was killed.
    explicit TempPath(const std::string& name) : path_(temp_path(name)) { clear(); }
    ~TempPath() { clear(); }
    TempPath(const TempPath&) = delete;
    TempPath& operator=(const TempPath&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string string() const { return path_.string(); }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    void clear() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::filesystem::path path_;
};

}  // namespace sente::test
