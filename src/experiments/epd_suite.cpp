#include "experiments/epd_suite.hpp"

#include <algorithm>

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
        if (!engine.set_position(o.fen, {}) && (!best.empty() || !avoid.empty())) {
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
