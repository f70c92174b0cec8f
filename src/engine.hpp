// The Engine owns everything a game needs: the position with its history, the options and (later)
// the search threads and hash table. The UCI layer translates text into calls on it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/perft.hpp"
#include "core/position.hpp"

namespace sente {

class Engine {
public:
    static constexpr int MaxThreads = 256;
    static constexpr int MaxHashMb = 65536;
    static constexpr int DefaultHashMb = 16;

    const Position& position() const { return position_; }

    // Sets the position from a FEN and a list of moves in UCI notation. On any error (bad FEN,
    // illegal or malformed move) returns the problem and keeps the previous position.
    [[nodiscard]] std::optional<std::string> set_position(std::string_view fen,
                                                          const std::vector<std::string>& moves);

    void set_chess960(bool on);
    bool chess960() const { return chess960_; }
    void set_threads(int n) { threads_ = n; }
    int threads() const { return threads_; }
    void set_hash_mb(int mb) { hash_mb_ = mb; }
    int hash_mb() const { return hash_mb_; }

    // Perft from the current position with the engine's thread count; hash_mb 0 means no table.
    PerftResult perft(int depth, int hash_mb = 0) const;

private:
    Position position_;
    bool chess960_ = false;
    int threads_ = 1;
    int hash_mb_ = DefaultHashMb;
};

}  // namespace sente
