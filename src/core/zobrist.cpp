// Fills the Zobrist keys before main from a splitmix64 stream with a fixed seed.
#include "core/zobrist.hpp"

#include "core/splitmix.hpp"

namespace sente::zobrist {

Key PieceSquare[12][64];
Key SideToMove;
Key Castling[4];
Key EnPassantFile[8];

namespace {

struct Initialiser {
    Initialiser() {
        SplitMix64 rng{0x53656E7465ULL};
        for (auto& piece : PieceSquare)
            for (Key& k : piece) k = rng.next();
        SideToMove = rng.next();
        for (Key& k : Castling) k = rng.next();
        for (Key& k : EnPassantFile) k = rng.next();
    }
} const initialiser;

}  // namespace

Key castling_key(unsigned rights) {
    Key k = 0;
    for (int i = 0; i < 4; ++i)
        if (rights & (1u << i)) k ^= Castling[i];
    return k;
}

}  // namespace sente::zobrist
