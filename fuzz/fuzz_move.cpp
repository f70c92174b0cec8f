// Fuzz target: the UCI move reader. The input is a list of words read as moves from a set of
// positions rich in castling, promotions and en passant, in both castling notations. A word is
// either refused or a legal move that writes back to the same text, and playing the accepted
// moves one after another never breaks the position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/position.hpp"

using namespace sente;

namespace {

constexpr const char* Positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t count = sizeof(Positions) / sizeof(Positions[0]);
    const char* fen = Positions[data[0] % count];
    const bool chess960 = (data[0] / count) & 1;
    Position pos;
    if (pos.set_fen(fen, chess960)) std::abort();  // the list itself is valid

    std::istringstream words(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    for (std::string word; words >> word;) {
        Move m = pos.parse_uci_move(word);
        if (m == Move::none()) continue;
        if (!pos.is_legal(m)) std::abort();
        if (pos.parse_uci_move(pos.move_to_uci(m)) != m) std::abort();
        const std::string before = pos.fen();
        pos.make_move(m);
        pos.unmake_move(m);
        if (pos.fen() != before) std::abort();
        pos.make_move(m);
        if (pos.key() != pos.compute_key()) std::abort();
    }
    return 0;
}
