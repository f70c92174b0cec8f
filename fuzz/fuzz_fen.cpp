// Fuzz target: the FEN reader. Whatever the bytes, reading must either refuse with a message or
// give a position that writes back to a FEN reading to the same position, whose key matches a key
// computed from scratch, and whose every legal move makes and unmakes cleanly.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/movegen.hpp"
#include "core/position.hpp"

using namespace sente;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool chess960 = data[0] & 1;  // the first byte picks the castling notation
    std::string_view fen(reinterpret_cast<const char*>(data) + 1, size - 1);

    Position pos;
    if (auto problem = pos.set_fen(fen, chess960)) {
        if (problem->empty()) std::abort();               // a refusal must say why
        if (pos.fen() != Position().fen()) std::abort();  // and leave the position as it was
        return 0;
    }
    Position again;
    if (again.set_fen(pos.fen(), chess960) || again.fen() != pos.fen() || again.key() != pos.key())
        std::abort();
    if (pos.key() != pos.compute_key()) std::abort();

    const std::string before = pos.fen();
    MoveList moves;
    generate<GenType::All>(pos, moves);
    for (Move m : moves) {
        if (!pos.is_legal(m)) std::abort();
        pos.make_move(m);
        if (pos.key() != pos.compute_key()) std::abort();
        pos.unmake_move(m);
    }
    if (pos.fen() != before) std::abort();
    return 0;
}
