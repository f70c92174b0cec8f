#include "experiments/epd_suite.hpp"

#include <algorithm>

#include "core/movegen.hpp"
#include "util/epd.hpp"

namespace sente {

namespace {

// A SAN move without check marks or annotations, for comparison.
std::string bare(std::string san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
        san.pop_back();
    return san;
}

}  // namespace

std::vector<EpdOutcome> run_epd_suite(Engine& engine, const std::string& path, const SearchLimits& limits,
                                      const std::function<void(const EpdOutcome&)>& outcome) {
    std::vector<EpdOutcome> results;
    for (const util::Epd& epd : util::read_epd(path).value_or(std::vector<util::Epd>{})) {
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
        if (auto problem = engine.set_position(o.fen, {}))
            o.skipped = "bad FEN: " + *problem;
        else if (best.empty() && avoid.empty())
            o.skipped = "no bm or am";
        else {
            // Every move the line names must be a legal move here, or the test says nothing.
            MoveList legal;
            generate<GenType::All>(engine.position(), legal);
            std::vector<std::string> moves;
            for (Move m : legal) moves.push_back(bare(engine.position().move_to_san(m)));
            for (const auto* list : {&best, &avoid})
                for (const std::string& san : *list)
                    if (o.skipped.empty() && std::find(moves.begin(), moves.end(), san) == moves.end())
                        o.skipped =
                            std::string(list == &best ? "bm " : "am ") + san + " is no legal move here";
        }
        if (o.skipped.empty()) {
            engine.new_game();
            Move played = Move::none();
            SearchCallbacks cb;
            cb.on_bestmove = [&](Move m, Move) { played = m; };
            engine.search_sync(limits, cb);
            if (played != Move::none()) {
                o.played = bare(engine.position().move_to_san(played));
                bool in_best = std::find(best.begin(), best.end(), o.played) != best.end();
                bool in_avoid = std::find(avoid.begin(), avoid.end(), o.played) != avoid.end();
                o.solved = (best.empty() || in_best) && !in_avoid;
            }
        }
        if (outcome) outcome(o);
        results.push_back(o);
    }
    return results;
}

}  // namespace sente
