// Files a command writes at the end of its work, checked before the work begins.
#pragma once

#include <optional>
#include <string>

namespace sente::util {

// Why `path` cannot be written, or nothing: it names a folder, its folder does not exist, or no file
// can be made there. Checked by making and removing PATH.part, the name the writers give their work
// in progress (one already there is left as it is); PATH itself is not touched.
std::optional<std::string> unwritable(const std::string& path);

}  // namespace sente::util
