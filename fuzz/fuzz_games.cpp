// Fuzz target: the readers of training games, Sente's own game files and the PGN files fastchess
// and cutechess-cli write (OpenBench's data generation returns such files from volunteers'
// machines), which the trainers read. The first byte picks the reader; the rest is the file.
// Whatever the bytes, reading must end; a refusal or a skipped game must say why; and every game
// handed out must replay move by move through legal moves from a start position that reads back,
// with a result of 0, 1 or 2. A game of a game file must also be the very bytes it was read from,
// as the writer encodes it.
#include <unistd.h>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/movegen.hpp"
#include "core/position.hpp"
#include "datagen/gamefile.hpp"
#include "datagen/pgn.hpp"

using namespace sente;

namespace {

// What a comment's score may be: 1000 pawns, beyond which the reader takes it for no score.
constexpr int MaxPgnScore = 100'000;

// The input as a file, which both readers take: one per process, written anew for each input and
// removed when the process ends.
const std::string& input_path() {
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("sente-fuzz-games-" + std::to_string(::getpid())))
            .string();
    return path;
}

const std::string& input_file(const std::uint8_t* data, std::size_t size) {
    const std::string& path = input_path();  // made first, so that it outlives the removal
    static const bool removed_at_exit = std::atexit([] { std::remove(input_path().c_str()); }) == 0;
    (void)removed_at_exit;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file || (size && std::fwrite(data, 1, size, file) != size) || std::fclose(file) != 0) std::abort();
    return path;
}

bool legal(const Position& pos, Move move) {
    MoveList moves;
    generate<GenType::All>(pos, moves);
    for (Move m : moves)
        if (m == move) return pos.is_legal(m);
    return false;
}

// A start position that reads, and moves each legal in turn.
template <typename Plies, typename MoveOf>
void check_replays(const std::string& fen, bool chess960, int result, const Plies& plies, MoveOf move_of) {
    if (result < 0 || result > 2) std::abort();
    Position pos;
    if (pos.set_fen(fen, chess960)) std::abort();
    for (const auto& ply : plies) {
        if (!legal(pos, move_of(ply))) std::abort();
        pos.make_move(move_of(ply));
    }
}

void read_game_file(const std::string& path, const std::uint8_t* bytes, std::size_t size) {
    games::Reader reader(path);
    std::uint64_t start = 0;
    while (auto game = reader.next()) {
        check_replays(game->start_fen, game->chess960, game->result, game->plies,
                      [](const games::Ply& ply) { return ply.move; });
        if (!games::result_fits(game->result, game->end)) std::abort();
        const std::vector<std::uint8_t> record = games::encode(*game);
        const std::uint64_t end = reader.good_bytes();
        if (end > size || end - start != record.size()) std::abort();
        for (std::size_t i = 0; i < record.size(); ++i)
            if (record[i] != bytes[start + i]) std::abort();
        start = end;
    }
    if (reader.good_bytes() != start) std::abort();
    if (start < size && reader.error().empty()) std::abort();  // bytes left unread must be named
}

void read_pgn(const std::string& path) {
    games::PgnReader reader(path);
    while (auto game = reader.next()) {
        check_replays(game->start_fen, game->chess960, game->result, game->plies,
                      [](const games::PgnPly& ply) { return ply.move; });
        for (const games::PgnPly& ply : game->plies)
            if (ply.score && (*ply.score < -MaxPgnScore || *ply.score > MaxPgnScore)) std::abort();
    }
    if (reader.skipped() > 0 && reader.first_skip().empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string& path = input_file(data + 1, size - 1);
    if (data[0] & 1)
        read_game_file(path, data + 1, size - 1);
    else
        read_pgn(path);
    return 0;
}
