# Writes a C++ source holding a net file's bytes, so that the default net is part of the binary:
#   cmake -DNET=path/to/file.nnue -DOUT=embedded_net.cpp -P EmbedNet.cmake
# A generated array rather than assembler (.incbin): it builds with every compiler and cross
# compiler the same way, and the path is resolved here, not at assembly time.
file(READ "${NET}" hex HEX)
if(NOT hex MATCHES "^534e4e55")
  message(FATAL_ERROR "${NET} is not a Sente net file (no SNNU header)")
endif()
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n" bytes "${bytes}")
get_filename_component(name "${NET}" NAME)
file(WRITE "${OUT}.tmp" "// Generated from ${name} by cmake/EmbedNet.cmake: do not edit.
#include \"nnue/network.hpp\"
namespace sente::nnue::embedded_data {
extern const char name[] = \"${name}\";
extern const std::size_t size = ${size};
alignas(64) extern const unsigned char bytes[] = {
${bytes}
};
static_assert(sizeof(bytes) <= MaxFileBytes, \"the embedded net is larger than any net this build runs\");
}  // namespace sente::nnue::embedded_data
")
file(RENAME "${OUT}.tmp" "${OUT}")
