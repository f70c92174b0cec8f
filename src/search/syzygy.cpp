#include "search/syzygy.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <set>

#include "core/movegen.hpp"
#include "search/syzygy_check.hpp"

#ifdef SENTE_HAVE_FATHOM
#include <tbprobe.h>
#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>
#endif
#endif

namespace sente::syzygy {

#ifdef SENTE_HAVE_FATHOM

namespace {

std::atomic<int> loaded_pieces{0};  // read by searching threads, written by init

// Fathom opens a table the first time it is probed, and Debian's libfathom is built without the
// lock that would let two threads do that at once (it calls no mutex function): two search threads
// reaching an unopened table together both open it, one's allocation is lost and the other may
// read a table half set up. Every call into Fathom therefore holds this lock. Probes are rare next
// to nodes (positions of few pieces, SyzygyProbeDepth deep), so the lock is seldom contended.
std::mutex fathom_lock;

// The position as Fathom takes it: bitboards with a1 = bit 0, as Sente's.
struct FathomBoards {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned ep;
    bool white_to_move;
};

FathomBoards boards_of(const Position& pos) {
    return {pos.pieces(White),
            pos.pieces(Black),
            pos.pieces(King),
            pos.pieces(Queen),
            pos.pieces(Rook),
            pos.pieces(Bishop),
            pos.pieces(Knight),
            pos.pieces(Pawn),
            pos.ep_square() == NoSquare ? 0u : unsigned(pos.ep_square()),
            pos.side_to_move() == White};
}

bool probeable(const Position& pos) {
    return loaded_pieces > 0 && pos.castling_rights() == 0 && popcount(pos.pieces()) <= loaded_pieces;
}

// Fathom's promotion codes: 1 queen, 2 rook, 3 bishop, 4 knight.
PieceType promotion_of(unsigned code) {
    switch (code) {
        case 1:
            return Queen;
        case 2:
            return Rook;
        case 3:
            return Bishop;
        default:
            return Knight;
    }
}

// The tables whose contents loading checks whole: up to four pieces, a few megabytes in all (the
// five-piece tables are about a gigabyte, the six-piece ones 150).
constexpr int WholeCheckPieces = 4;

// The damaged table files of `paths` that Fathom would open: the first whose contents it would
// read as they are (a right start and size, a wrong checksum), and what is wrong with the others,
// which it passes over. Of a table in several folders Fathom opens the first copy that opens, in
// the path's order, and never looks at the later ones.
struct Damage {
    std::optional<std::string> harmful;
    std::string passed_over;  // "; not used: A (why), B (why)", or empty
};
Damage damaged_tables(const std::string& paths) {
    Damage damage;
    std::set<std::string> opened;  // by the name Fathom opens them by
    for (const std::string& file : table_files(paths)) {
        const std::string name = table_name(file, true);
        if (opened.contains(name)) continue;
        const std::optional<TableDamage> problem =
            check_table_file(file, table_pieces(name) <= WholeCheckPieces);
        if (!problem || problem->opens) opened.insert(name);
        if (!problem) continue;
        if (problem->harmful) {
            damage.harmful = problem->what;
            break;
        }
        damage.passed_over += (damage.passed_over.empty() ? "; not used: " : ", ") + problem->what;
    }
    return damage;
}

// Closes every table Fathom has open. Debian's Fathom (of August 2019) reports each table it
// unmaps on Linux as a failure, `munmap: ` and a stale error, because it tests munmap's result the
// wrong way round; releasing prints nothing else, so its standard error goes to /dev/null for the
// while. (Scanning a new path stays audible: it reports cut table files.)
void release_tables() {
#ifndef _WIN32
    // dup3 where there is one: Android's filter of system calls refuses dup2 on x86-64.
    auto redirect = [](int from, int to) {
#ifdef __linux__
        return ::dup3(from, to, 0) >= 0;
#else
        return ::dup2(from, to) >= 0;
#endif
    };
    std::fflush(stderr);
    const int saved = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    const bool quiet = saved >= 0 && null >= 0 && redirect(null, STDERR_FILENO);
    tb_init("");
    std::fflush(stderr);
    if (quiet) redirect(saved, STDERR_FILENO);
    if (null >= 0) ::close(null);
    if (saved >= 0) ::close(saved);
#else
    tb_init("");
#endif
}

}  // namespace

bool available() { return true; }

std::string init(const std::string& paths) {
    // tb_init("") releases the tables opened before (tb_free would release Fathom's own tables
    // too, and a later tb_init would use them freed).
    const std::lock_guard lock(fathom_lock);
    loaded_pieces = 0;
    release_tables();
    if (paths.empty() || paths == "<empty>") return "Syzygy: no tablebases";
    // Fathom trusts its files, and a changed byte can crash it: every file's start and size are
    // checked first, and the small tables' contents against their checksums.
    Damage damage;
    std::string unseen;
    try {
        damage = damaged_tables(paths);
        // A folder mistyped among several would otherwise go unnoticed.
        unseen = not_folders_text(paths);
    } catch (const std::exception& e) {
        // A name the file system cannot take (on Windows, one that does not convert), say.
        return "Syzygy: cannot look through " + paths + " (" + e.what() + "); no tablebases loaded";
    }
    if (damage.harmful)
        return "Syzygy: " + *damage.harmful + "; no tablebases loaded from " + paths + " (sente tbcheck "
               + paths + " checks every file)";
    std::vector<std::string> unnamed;
    const std::string narrow = fathom_paths(paths, unnamed);
    if (!tb_init(narrow.c_str())) return "Syzygy: could not read the tablebases in " + paths;
    loaded_pieces = int(TB_LARGEST);
    if (!unseen.empty()) unseen = " (no such folder: " + unseen + ")";
    for (const std::string& folder : unnamed)
        unseen += " (" + folder
                  + " not used: the tablebase code cannot open a folder named in letters outside this "
                    "system's code page where the drive keeps no short names; move the tables to a "
                    "folder named in plain letters)";
    if (loaded_pieces == 0) return "Syzygy: no tablebases found in " + paths + unseen + damage.passed_over;
    const std::string by_size =
        loaded_pieces > WholeCheckPieces
            ? "; tables of " + std::to_string(WholeCheckPieces + 1)
                  + " or more pieces were checked by start and size only (sente tbcheck " + paths
                  + " reads them whole)"
            : "";
    return "Syzygy: tablebases of up to " + std::to_string(loaded_pieces.load()) + " pieces found in " + paths
           + unseen + damage.passed_over + by_size;
}

int largest() { return loaded_pieces; }

std::optional<int> probe_wdl(const Position& pos) {
    if (!probeable(pos) || pos.rule50() != 0) return std::nullopt;
    const FathomBoards b = boards_of(pos);
    const std::lock_guard lock(fathom_lock);
    const unsigned r = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
                                    b.pawns, 0, 0, b.ep, b.white_to_move);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    return int(r) - 2;  // TB_LOSS (0) .. TB_WIN (4)
}

std::optional<RootRanking> rank_root_moves(const Position& pos, bool rule50) {
    if (!probeable(pos)) return std::nullopt;
    const FathomBoards b = boards_of(pos);
    // Large (a few kilobytes of move lists): kept off the caller's stack.
    auto results = std::make_unique<TbRootMoves>();
    bool by_dtz = true;
    // Asked as if the position had occurred before: Fathom then ranks a win by its distance to
    // zeroing, where otherwise every win inside the fifty-move rule ranks alike. The wins are made
    // one rank again below, with that distance kept as their order (RankedMove::progress): left to
    // the evaluation, the choice among them may never mate with a bishop and a knight.
    constexpr bool ShortestWin = true;
    std::unique_lock lock(fathom_lock);
    int ok = tb_probe_root_dtz(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                               unsigned(pos.rule50()), 0, b.ep, b.white_to_move, ShortestWin, rule50,
                               results.get());
    if (!ok) {
        by_dtz = false;
        ok = tb_probe_root_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                               unsigned(pos.rule50()), 0, b.ep, b.white_to_move, rule50, results.get());
    }
    lock.unlock();
    if (!ok || results->size == 0) return std::nullopt;

    // Fathom's ranks: higher is better (a win, the safer the surer within the fifty-move rule);
    // its score is a mate-like value for a win or loss that counts, a few pawns at most for one
    // the rule spoils, which is a draw here.
    constexpr int Decisive = TB_VALUE_MATE - TB_MAX_MATE_PLY - 1;
    auto value_of = [](int score) {
        return score >= Decisive ? VALUE_TB_WIN : score <= -Decisive ? -VALUE_TB_WIN : VALUE_DRAW;
    };
    MoveList legal;
    generate<GenType::All>(pos, legal);
    RootRanking ranking;
    ranking.by_dtz = by_dtz;
    int best_rank = -1000000;
    for (unsigned i = 0; i < results->size; ++i) {
        const TbRootMove& tm = results->moves[i];
        const Square from = Square(TB_MOVE_FROM(tm.move)), to = Square(TB_MOVE_TO(tm.move));
        const unsigned promotes = TB_MOVE_PROMOTES(tm.move);
        for (Move m : legal) {
            if (m.from() != from || m.to() != to) continue;
            if ((m.kind() == Move::Promotion) != (promotes != 0)) continue;
            if (promotes && m.promotion() != promotion_of(promotes)) continue;
            ranking.moves.push_back({m, int(tm.tbRank), value_of(int(tm.tbScore))});
            if (int(tm.tbRank) > best_rank)
                best_rank = int(tm.tbRank), ranking.value = ranking.moves.back().value;
            break;
        }
    }
    // Every legal move must have been ranked, or the tables disagree with the move generator.
    if (ranking.moves.size() != legal.size()) return std::nullopt;

    // The wins that count, ranked by DTZ (Fathom's rank 1000 less the distance to zeroing and the
    // fifty-move count), become one rank, their distance beyond the shortest one's their progress.
    constexpr int WinRank = 1000;
    constexpr int MaxProgressSteps = MAX_PLY - 8;  // keeps the scores inside the band of wins
    if (by_dtz && ranking.value == VALUE_TB_WIN)
        for (RankedMove& r : ranking.moves)
            if (r.value == VALUE_TB_WIN) {
                r.progress = VALUE_TB_WIN - std::clamp(best_rank - r.rank, 0, MaxProgressSteps);
                r.rank = WinRank;
            }
    return ranking;
}

#else  // no Fathom: the options exist, the tables never load.

bool available() { return false; }

std::string init(const std::string& paths) {
    if (paths.empty() || paths == "<empty>") return "Syzygy: no tablebases";
    return "Syzygy: this build has no tablebase support (it needs Debian's libfathom-dev when built)";
}

int largest() { return 0; }

std::optional<int> probe_wdl(const Position&) { return std::nullopt; }

std::optional<RootRanking> rank_root_moves(const Position&, bool) { return std::nullopt; }

#endif

Value wdl_to_value(int wdl, int ply, bool rule50) {
    const int decisive = rule50 ? 2 : 1;  // with the rule, only a plain win or loss decides
    if (wdl >= decisive) return VALUE_TB_WIN - ply;
    if (wdl <= -decisive) return -VALUE_TB_WIN + ply;
    return VALUE_DRAW;
}

}  // namespace sente::syzygy
