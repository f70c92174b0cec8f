// Fills the attack tables before main.
#include "core/attacks.hpp"

#include <array>
#include <vector>

namespace sente {
namespace attacks_detail {

SliderSquare RookSquares[64];
SliderSquare BishopSquares[64];
Bitboard PawnAttacks[2][64];
Bitboard KnightAttacks[64];
Bitboard KingAttacks[64];
Bitboard RookRays[64];
Bitboard BishopRays[64];
Bitboard Between[64][64];
Bitboard Line[64][64];

namespace {

// Fancy magic tables: the sum over squares of 2^(relevant bits).
constexpr std::size_t RookTableSize = 102400;
constexpr std::size_t BishopTableSize = 5248;

// Multipliers found by find_magic() below from its fixed seed, recorded here because the search
// takes about 150 ms, too long for every start of the engine. A test re-derives and checks them.
constexpr Bitboard RookMagics[64] = {
    0x008003400050A080ULL, 0x0940009000C0E001ULL, 0x0100081100402000ULL, 0x1080100004080081ULL,
    0x0080080080040002ULL, 0x5100080400010002ULL, 0x2400030810518406ULL, 0x2080024080182100ULL,
    0x0020802040008001ULL, 0x8648400040201001ULL, 0xC002802000801000ULL, 0x4D11002010000902ULL,
    0x0008808008008400ULL, 0x0404808024000200ULL, 0x1560808200800100ULL, 0x0020800080004100ULL,
    0x1480004000200056ULL, 0x0900444010002000ULL, 0x1020030012204100ULL, 0x00900100100D0020ULL,
    0x0010808004000800ULL, 0x0401010004000208ULL, 0x004804001002A118ULL, 0x00390A00041046A1ULL,
    0x000083A280004000ULL, 0x00A0400040201004ULL, 0x8001001100402000ULL, 0x3101002100081005ULL,
    0x0002080100041100ULL, 0x0880040080800200ULL, 0x4000100400010802ULL, 0x080162920008C304ULL,
    0x0140400022800080ULL, 0x2080804000802010ULL, 0x2040100088802000ULL, 0x1000800802801000ULL,
    0xA808002004040040ULL, 0x2241000401000208ULL, 0x0001000401000200ULL, 0x00040CA042000401ULL,
    0x00A3024080030024ULL, 0x4800200050004000ULL, 0x0020021100230041ULL, 0x1084082042020010ULL,
    0x9800080004008080ULL, 0x094A000400028080ULL, 0x000E000408020001ULL, 0x00090408A5420001ULL,
    0x1008800021084100ULL, 0x00008029004A0600ULL, 0x080C900480200380ULL, 0x0040210008100100ULL,
    0x0408000900051100ULL, 0x20D4000200800480ULL, 0x0240508801020400ULL, 0x000804C41100A200ULL,
    0x8100204100820012ULL, 0x0020810414244001ULL, 0x8102750840200101ULL, 0x0008210008EC1001ULL,
    0x0042012008100402ULL, 0x2202000801100402ULL, 0x0008100820922104ULL, 0x80820888210C0042ULL};
constexpr Bitboard BishopMagics[64] = {
    0x0002108C08048820ULL, 0x00210421104103C1ULL, 0x031010C193000831ULL, 0x2011040082080011ULL,
    0x002424200A000000ULL, 0x2021010840884000ULL, 0x00A1041054440080ULL, 0x0841840100A22010ULL,
    0x0001101001480080ULL, 0x0191108401040820ULL, 0x0420D04102222000ULL, 0x0000040418908410ULL,
    0x0080020210180400ULL, 0x8206009010880000ULL, 0x01000C0208030804ULL, 0x0000904444142000ULL,
    0x0008202048019800ULL, 0x0008480401440402ULL, 0x80CA09100400C048ULL, 0x9108028082004504ULL,
    0x0004021211203800ULL, 0x0001004020884020ULL, 0x040880424410A800ULL, 0x0002404211008810ULL,
    0x2010402004090240ULL, 0x202658000A100C02ULL, 0x0248080081021220ULL, 0x0022080004004108ULL,
    0x0A41001001004021ULL, 0x0302020004110084ULL, 0x002101000C240120ULL, 0x4800420C11110100ULL,
    0x1208045080052084ULL, 0x841202108A831004ULL, 0x084A020208010800ULL, 0x00084008202A0200ULL,
    0x00440040109C0100ULL, 0x0044090A02804800ULL, 0x0502080208004200ULL, 0x0C02060600024050ULL,
    0x00010150121CC014ULL, 0x160044100400C800ULL, 0x0403008041001010ULL, 0x2000402033060800ULL,
    0x0004400810400202ULL, 0x0C0220004C800500ULL, 0x0114082CC1110400ULL, 0x0004010041143204ULL,
    0x200108211049000EULL, 0x1040828C10020480ULL, 0x0201104044108020ULL, 0x0080182020882200ULL,
    0x00100008D0240140ULL, 0x0214211489020446ULL, 0x0040101400B080C4ULL, 0x0021044100410240ULL,
    0x440912C210142001ULL, 0x4000484104100212ULL, 0x2406044602010410ULL, 0x0000100316104404ULL,
    0x1000020012020204ULL, 0x1001008604080200ULL, 0x1002604430420240ULL, 0x4440240840802080ULL};

Bitboard RookMagicTable[RookTableSize];
Bitboard BishopMagicTable[BishopTableSize];
#if defined(SENTE_USE_PEXT)
Bitboard RookPextTable[RookTableSize];
Bitboard BishopPextTable[BishopTableSize];
#endif

constexpr std::array<std::array<int, 2>, 4> RookSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<std::array<int, 2>, 4> BishopSteps{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

Bitboard ray_attacks(const std::array<std::array<int, 2>, 4>& steps, Square s, Bitboard occ) {
    Bitboard result = 0;
    for (auto [df, dr] : steps) {
        int f = file_of(s) + df, r = rank_of(s) + dr;
        while (on_board(f, r)) {
            Bitboard b = square_bb(make_square(f, r));
            result |= b;
            if (occ & b) break;
            f += df;
            r += dr;
        }
    }
    return result;
}

Bitboard leaper_attacks(Square s, std::initializer_list<std::array<int, 2>> steps) {
    Bitboard result = 0;
    for (auto [df, dr] : steps)
        if (on_board(file_of(s) + df, rank_of(s) + dr))
            result |= square_bb(make_square(file_of(s) + df, rank_of(s) + dr));
    return result;
}

// xorshift64*: small, fast and fully determined by its seed.
struct Prng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    // Few set bits make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Every subset of a mask (carry-rippler enumeration).
std::vector<Bitboard> subsets(Bitboard mask) {
    std::vector<Bitboard> result;
    Bitboard subset = 0;
    do {
        result.push_back(subset);
        subset = (subset - mask) & mask;
    } while (subset);
    return result;
}

Bitboard relevant_mask(PieceType slider, Square s) {
    // Edge squares never block anything further along the ray, so they are not relevant.
    Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s)))
                     | ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    return ray_attacks(slider == Rook ? RookSteps : BishopSteps, s, 0) & ~edges;
}

void init_slider(PieceType slider, SliderSquare* squares, const Bitboard* magics, Bitboard* magic_table,
                 [[maybe_unused]] Bitboard* pext_table) {
    const auto& steps = slider == Rook ? RookSteps : BishopSteps;
    std::size_t offset = 0;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        SliderSquare& e = squares[sq];
        e.mask = relevant_mask(slider, s);
        e.magic = magics[sq];
        e.shift = 64 - unsigned(popcount(e.mask));
        e.magic_table = magic_table + offset;
        e.pext_table = nullptr;
#if defined(SENTE_USE_PEXT)
        e.pext_table = pext_table + offset;
#endif
        auto occupancies = subsets(e.mask);
        for (Bitboard occ : occupancies) {
            Bitboard attacks = ray_attacks(steps, s, occ);
            e.magic_table[e.magic_index(occ)] = attacks;
#if defined(SENTE_USE_PEXT)
            e.pext_table[_pext_u64(occ, e.mask)] = attacks;
#endif
        }
        offset += occupancies.size();
    }
}

void init_leapers() {
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        PawnAttacks[White][sq] = leaper_attacks(s, {{-1, 1}, {1, 1}});
        PawnAttacks[Black][sq] = leaper_attacks(s, {{-1, -1}, {1, -1}});
        KnightAttacks[sq] =
            leaper_attacks(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
        KingAttacks[sq] =
            leaper_attacks(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
    }
}

void init_lines() {
    for (int a = 0; a < 64; ++a) {
        RookRays[a] = ray_attacks(RookSteps, Square(a), 0);
        BishopRays[a] = ray_attacks(BishopSteps, Square(a), 0);
    }
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            Square sa = Square(a), sb = Square(b);
            Between[a][b] = Line[a][b] = 0;
            if (a == b) continue;
            for (PieceType slider : {Bishop, Rook}) {
                const auto& steps = slider == Rook ? RookSteps : BishopSteps;
                if (ray_attacks(steps, sa, 0) & square_bb(sb)) {
                    Line[a][b] = (ray_attacks(steps, sa, 0) & ray_attacks(steps, sb, 0)) | square_bb(sa)
                                 | square_bb(sb);
                    Between[a][b] =
                        ray_attacks(steps, sa, square_bb(sb)) & ray_attacks(steps, sb, square_bb(sa));
                }
            }
        }
}

struct Initialiser {
    Initialiser() {
        init_leapers();
        init_slider(Rook, RookSquares, RookMagics, RookMagicTable,
#if defined(SENTE_USE_PEXT)
                    RookPextTable
#else
                    nullptr
#endif
        );
        init_slider(Bishop, BishopSquares, BishopMagics, BishopMagicTable,
#if defined(SENTE_USE_PEXT)
                    BishopPextTable
#else
                    nullptr
#endif
        );
        init_lines();
    }
} const initialiser;

}  // namespace

Bitboard reference_attacks(PieceType slider, Square s, Bitboard occ) {
    if (slider == Queen) return ray_attacks(RookSteps, s, occ) | ray_attacks(BishopSteps, s, occ);
    return ray_attacks(slider == Rook ? RookSteps : BishopSteps, s, occ);
}

Bitboard magic_attacks(PieceType slider, Square s, Bitboard occ) {
    Bitboard result = 0;
    if (slider == Rook || slider == Queen) {
        const SliderSquare& e = RookSquares[s];
        result |= e.magic_table[e.magic_index(occ)];
    }
    if (slider == Bishop || slider == Queen) {
        const SliderSquare& e = BishopSquares[s];
        result |= e.magic_table[e.magic_index(occ)];
    }
    return result;
}

Bitboard pext_attacks(PieceType slider, Square s, Bitboard occ) {
#if defined(SENTE_USE_PEXT)
    Bitboard result = 0;
    if (slider == Rook || slider == Queen)
        result |= RookSquares[s].pext_table[_pext_u64(occ, RookSquares[s].mask)];
    if (slider == Bishop || slider == Queen)
        result |= BishopSquares[s].pext_table[_pext_u64(occ, BishopSquares[s].mask)];
    return result;
#else
    return magic_attacks(slider, s, occ);
#endif
}

std::vector<Bitboard> find_magics(PieceType slider) {
    const auto& steps = slider == Rook ? RookSteps : BishopSteps;
    Prng prng{0x5E47E5E47E5E47E5ULL};
    std::vector<Bitboard> found;
    std::vector<Bitboard> table;
    std::vector<int> epoch;
    int attempt = 0;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        Bitboard mask = relevant_mask(slider, s);
        unsigned shift = 64 - unsigned(popcount(mask));
        auto occupancies = subsets(mask);
        std::vector<Bitboard> references;
        for (Bitboard occ : occupancies) references.push_back(ray_attacks(steps, s, occ));
        std::size_t size = occupancies.size();
        table.assign(size, 0);
        epoch.assign(size, 0);
        // Try sparse random multipliers until one maps every subset to a slot without a
        // destructive collision (two subsets with different attacks in one slot).
        Bitboard magic = 0;
        for (std::size_t i = 0; i < size;) {
            do {
                magic = prng.sparse();
            } while (popcount((mask * magic) >> 56) < 6);
            ++attempt;
            for (i = 0; i < size; ++i) {
                std::size_t idx = ((occupancies[i] & mask) * magic) >> shift;
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    table[idx] = references[i];
                } else if (table[idx] != references[i]) {
                    break;
                }
            }
        }
        found.push_back(magic);
    }
    return found;
}

Bitboard recorded_magic(PieceType slider, Square s) {
    return slider == Rook ? RookMagics[s] : BishopMagics[s];
}

}  // namespace attacks_detail
}  // namespace sente
