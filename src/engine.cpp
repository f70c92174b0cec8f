#include "engine.hpp"

#include <chrono>
#include <thread>

#include "search/syzygy.hpp"

namespace sente {

namespace {

// The embedded net lives as long as the program: shared without an owner.
std::shared_ptr<const nnue::Network> embedded_net() {
    return std::shared_ptr<const nnue::Network>(&nnue::embedded(), [](const nnue::Network*) {});
}

}  // namespace

Engine::Engine(TranspositionTable::Populate populate)
    : net_(embedded_net()), eval_file_(nnue::embedded_name()), tt_(populate), threads_(tt_) {
    tt_.resize(DefaultHashMb);
}

Engine::~Engine() {
    threads_.stop();
    threads_.wait();
}

std::optional<std::string> Engine::set_position(std::string_view fen, const std::vector<std::string>& moves,
                                                std::string* note) {
    Position next;
    if (auto error = next.set_fen(fen, chess960_, note)) return error;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = next.parse_uci_move(moves[i]);
        if (m == Move::none())
            return "move " + std::to_string(i + 1) + " '" + moves[i] + "' is not legal in " + next.fen();
        next.make_move(m);
    }
    position_ = std::move(next);
    return std::nullopt;
}

void Engine::set_position(const Position& pos) {
    position_ = pos;
    position_.set_chess960(chess960_);
}

void Engine::set_chess960(bool on) {
    chess960_ = on;
    position_.set_chess960(on);
}

// Starting hundreds of threads while a large table is being backed would wait on the backing for
// every thread's stack and tables: the backing pauses meanwhile.
int Engine::set_threads(int n) {
    threads_.wait();
    tt_.pause_backing();
    const int started = threads_.set_threads(std::clamp(n, 1, MaxThreads));
    tt_.resume_backing();
    return started;
}

std::size_t Engine::set_hash_mb(int mb) {
    threads_.wait();
    return tt_.resize(std::size_t(std::clamp(mb, 1, MaxHashMb)), clearing_threads());
}

void Engine::clear_hash() {
    threads_.wait();
    tt_.clear(clearing_threads());
}

// Clearing a large table is memory-bound work while the GUI waits for readyok: every core helps,
// and no more threads than cores, however many search (256 would only queue for the memory).
int Engine::clearing_threads() const { return std::max(1, int(std::thread::hardware_concurrency())); }

void Engine::new_game() {
    threads_.wait();
    tt_.clear(clearing_threads());
    threads_.clear();
}

std::string Engine::set_syzygy_path(const std::string& paths) {
    threads_.wait();
    return syzygy::init(paths);
}

std::optional<std::string> Engine::set_eval_file(const std::string& path) {
    threads_.wait();
    if (path.empty() || path == nnue::embedded_name()) {
        if (eval_file_ != nnue::embedded_name()) new_game();
        net_ = embedded_net();
        eval_file_ = nnue::embedded_name();
        return std::nullopt;
    }
    nnue::LoadResult loaded = nnue::load_file(path);
    if (!loaded.net) return loaded.error;
    net_ = std::move(loaded.net);
    eval_file_ = path;
    new_game();
    return std::nullopt;
}

void Engine::set_use_nnue(bool on) {
    if (on == use_nnue_) return;
    threads_.wait();
    use_nnue_ = on;
    new_game();
}

SearchConfig Engine::config(const std::vector<Move>& searchmoves) const {
    SearchConfig c;
    if (use_nnue_) c.net = net_;
    c.multipv = multipv_;
    c.tempo_percent = tempo_percent_;
    c.move_overhead_ms = move_overhead_ms_;
    c.searchmoves = searchmoves;
    c.strength = strength_;
    c.syzygy = syzygy_;
    // A level searches its own number of lines, whatever MultiPV says: the lines share its budget,
    // and more of them would make it weaker than its label.
    if (strength_.enabled) c.multipv = strength_.candidate_lines();
    return c;
}

void Engine::go(const SearchLimits& limits, const std::vector<Move>& searchmoves, SearchCallbacks callbacks) {
    SearchLimits l = limits;
    if (strength_.enabled)
        l.nodes = l.nodes ? std::min(l.nodes, strength_.node_budget()) : strength_.node_budget();
    threads_.start(position_, l, config(searchmoves), std::move(callbacks));
}

std::uint64_t Engine::search_sync(const SearchLimits& limits, const SearchCallbacks& callbacks) {
    return threads_.search_sync(position_, limits, config(), callbacks);
}

BenchResult Engine::bench(int depth, const std::function<void(int, std::uint64_t)>& progress) {
    BenchResult result;
    Position saved = position_;
    SearchLimits limits;
    limits.depth = depth;
    SearchConfig c = config();
    c.multipv = 1;
    c.syzygy.probe_limit = 0;  // the signature must not depend on the tables a user has
    auto start = std::chrono::steady_clock::now();
    for (const std::string& fen : bench_positions()) {
        if ((result.stopped = abort_.load())) break;
        Position pos;
        if (pos.set_fen(fen)) continue;  // every bench FEN is valid; the test checks it
        new_game();
        std::uint64_t nodes = threads_.search_sync(pos, limits, c, {});
        if ((result.stopped = abort_.load())) break;
        result.nodes += nodes;
        if (progress) progress(result.positions, nodes);
        ++result.positions;
    }
    result.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    position_ = saved;
    new_game();
    return result;
}

PerftResult Engine::perft(int depth, int hash_mb) const {
    return perft_divide(
        position_,
        {.depth = depth, .threads = threads_.size(), .hash_mb = std::size_t(hash_mb), .stop = &abort_});
}

const std::vector<std::string>& bench_positions() {
    static const std::vector<std::string> positions = {
        // Openings and early middlegames.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5",
        "rnbqkb1r/ppp1pppp/5n2/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 1 3",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        // Middlegames.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
        "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
        "2kr3r/pp1q1ppp/2n1bn2/2bpp3/4P3/2NP1N2/PPPQBPPP/R3K2R w KQ - 0 10",
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
        "rnb2rk1/pp3ppp/4pn2/q1pp4/2PP4/P1PBP3/4NPPP/R1BQK2R w KQ - 1 9",
        "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
        "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
        "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
        "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
        "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
        "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
        "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
        // Endgames.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/8/5k2/8/2K5/3P4/8 w - - 0 1",
        "8/8/1p1k4/p1p1p3/P1P1P3/1P1K4/8/8 w - - 0 1",
        "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 1",
        "8/5pk1/6p1/7p/1r5P/6P1/5PK1/R7 w - - 0 1",
        "8/8/3k4/8/8/3K4/4Q3/8 w - - 0 1",
        "8/3k4/8/8/8/8/3KR3/8 w - - 0 1",
        "8/6k1/8/3B4/3N4/8/8/4K3 w - - 0 1",
        "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
        "8/8/4kpp1/3p1b2/p6P/2B5/6P1/6K1 b - - 0 47",
        "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
        // Mates and sharp tactics.
        "4k3/Q7/3K4/8/8/8/8/8 w - - 0 1",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    };
    return positions;
}

}  // namespace sente
