#include "engine.hpp"

namespace sente {

std::optional<std::string> Engine::set_position(std::string_view fen,
                                                const std::vector<std::string>& moves) {
    Position next;
    if (auto error = next.set_fen(fen, chess960_)) return error;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = next.parse_uci_move(moves[i]);
        if (m == Move::none())
            return "move " + std::to_string(i + 1) + " '" + moves[i] + "' is not legal in "
                 + next.fen();
        next.make_move(m);
    }
    position_ = std::move(next);
    return std::nullopt;
}

void Engine::set_chess960(bool on) {
    chess960_ = on;
    position_.set_chess960(on);
}

PerftResult Engine::perft(int depth, int hash_mb) const {
    return perft_divide(position_, {.depth = depth, .threads = threads_, .hash_mb = std::size_t(hash_mb)});
}

}  // namespace sente
