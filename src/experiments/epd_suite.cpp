#include "experiments/epd_suite.hpp"

#include <algorithm>
#include <tuple>

namespace sente {

namespace {

// A SAN move without check marks or annotations, for comparison.
std::string bare(std::string san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
        san.pop_back();
    return san;
}

}  // namespace

EpdOutcome run_epd_test(Engine& engine, const util::Epd& epd, const SearchLimits& limits) {
    EpdOutcome o;
    o.fen = epd.fen();
    o.line = epd.line;
    std::vector<std::string> best, avoid;
    for (const util::EpdOperation& op : epd.operations) {
        for (const std::string& operand : op.operands) {
            if (op.opcode == "bm")
                best.push_back(bare(operand));
            else if (op.opcode == "am")
                avoid.push_back(bare(operand));
            else if (op.opcode == "id")
                o.id += (o.id.empty() ? "" : " ") + operand;
        }
    }
    // Every move the line names must be a legal move here, or the test says nothing. Suites write
    // SAN in more than one way (0-0, e8Q, Nbd7 where Nd7 would do), and some UCI notation (g1f3,
    // e7e8q): each is read as the move it names.
    std::vector<Move> best_moves, avoid_moves;
    if (auto problem = engine.set_position(o.fen, {}))
        o.skipped = "bad FEN: " + *problem;
    else if (best.empty() && avoid.empty())
        o.skipped = "no bm or am";
    for (const auto& [names, moves, opcode] :
         {std::tuple{&best, &best_moves, "bm "}, std::tuple{&avoid, &avoid_moves, "am "}})
        for (const std::string& name : *names) {
            if (!o.skipped.empty()) break;
            const Position& pos = engine.position();
            bool ambiguous = false;
            Move m = pos.parse_san_move(name, &ambiguous);
            if (m == Move::none() && !ambiguous) m = pos.parse_uci_move(name);
            if (m != Move::none())
                moves->push_back(m);
            else
                o.skipped = opcode + name
                            + (ambiguous ? " is ambiguous here (more than one legal move)"
                                         : " is no legal move here");
        }
    if (o.skipped.empty()) {
        engine.new_game();
        Move played = Move::none();
        SearchCallbacks cb;
        cb.on_bestmove = [&](Move m, Move) { played = m; };
        engine.search_sync(limits, cb);
        if (played != Move::none()) {
            o.played = bare(engine.position().move_to_san(played));
            auto named = [&](const std::vector<Move>& moves) {
                return std::find(moves.begin(), moves.end(), played) != moves.end();
            };
            o.solved = (best_moves.empty() || named(best_moves)) && !named(avoid_moves);
        }
    }
    return o;
}

}  // namespace sente
