#include "experiments/epd_suite.hpp"

#include <fstream>
#include <sstream>

namespace sente {

namespace {

// A SAN move without check marks or annotations, for comparison.
std::string bare(std::string san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
        san.pop_back();
    return san;
}

}  // namespace

std::vector<EpdOutcome> run_epd_suite(Engine& engine, const std::string& path, int movetime_ms,
                                      const std::function<void(const EpdOutcome&)>& outcome) {
    std::vector<EpdOutcome> results;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string board, side, castling, ep;
        fields >> board >> side >> castling >> ep;
        EpdOutcome o;
        o.fen = board + ' ' + side + ' ' + castling + ' ' + ep;
        std::string rest;
        std::getline(fields, rest);

        // Operations: `opcode operand...;`
        std::vector<std::string> best, avoid;
        std::istringstream ops(rest);
        for (std::string op; std::getline(ops, op, ';');) {
            std::istringstream words(op);
            std::string code;
            words >> code;
            for (std::string w; words >> w;) {
                if (code == "bm")
                    best.push_back(bare(w));
                else if (code == "am")
                    avoid.push_back(bare(w));
                else if (code == "id")
                    o.id += (o.id.empty() ? "" : " ") + w;
            }
        }
        if (!o.id.empty() && o.id.front() == '"') o.id = o.id.substr(1, o.id.size() - 2);

        if (!engine.set_position(o.fen, {}) && (!best.empty() || !avoid.empty())) {
            engine.new_game();
            SearchLimits limits;
            limits.movetime = movetime_ms;
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
