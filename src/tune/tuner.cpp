#include "tune/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>

#include "core/movegen.hpp"
#include "util/files.hpp"
#include "util/parse.hpp"

namespace sente::tune {

namespace {

using eval::MaxPhase;
constexpr int TempoIndex = eval::w::Tempo;

// A plain capture search: stand pat, then captures and promotions, most valuable victim first.
Value quiescence(Position& pos, Value alpha, Value beta, int ply) {
    const Value stand = eval::evaluate(pos);
    if (stand >= beta || ply >= 32) return stand;
    alpha = std::max(alpha, stand);
    Value best = stand;
    MoveList list;
    generate<GenType::Captures>(pos, list);
    std::vector<std::pair<int, Move>> moves;
    for (Move m : list) {
        const Piece victim = pos.piece_on(m.to());
        int value = m.kind() == Move::EnPassant ? SeeValue[Pawn]
                    : victim == NoPiece         ? 0
                                                : SeeValue[type_of(victim)];
        if (m.kind() == Move::Promotion) value += SeeValue[m.promotion()];
        moves.push_back({value * 8 - int(type_of(pos.moved_piece(m))), m});
    }
    std::sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [order, m] : moves) {
        pos.make_move(m);
        const Value v = -quiescence(pos, -beta, -alpha, ply + 1);
        pos.unmake_move(m);
        if (v > best) {
            best = v;
            if (v >= beta) break;
            alpha = std::max(alpha, v);
        }
    }
    return best;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The model's pieces for one entry, shared by the loss and its gradient.
struct Parts {
    double mg, eg;
    int scale;
};
Parts parts(const Dataset& data, const Dataset::Entry& e, const Params& p) {
    double mg = e.fixed_mg, eg = e.fixed_eg;
    const Dataset::Term* t = data.terms().data() + e.first;
    for (int i = 0; i < e.count; ++i) {
        mg += t[i].coefficient * p[2 * std::size_t(t[i].index)];
        eg += t[i].coefficient * p[2 * std::size_t(t[i].index) + 1];
    }
    return {mg, eg, e.scale[eg >= 0 ? 0 : 1]};
}
double combine(const Dataset::Entry& e, const Parts& q, const Params& p) {
    const double phase = e.phase, rest = MaxPhase - e.phase;
    const double white_view = (q.mg * phase + q.eg * q.scale / 64.0 * rest) / MaxPhase;
    const double tempo = (p[2 * TempoIndex] * phase + p[2 * TempoIndex + 1] * rest) / MaxPhase;
    return white_view + e.stm * tempo;
}

// Runs f(begin, end, thread) over the entries split among the objective's threads.
template <typename F>
void parallel(std::size_t n, int threads, F&& f) {
    threads = std::max(1, std::min<int>(threads, int(n / 1024) + 1));
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            f(n * std::size_t(t) / std::size_t(threads), n * std::size_t(t + 1) / std::size_t(threads), t);
        });
    for (std::thread& th : pool) th.join();
}

}  // namespace

Params initial_params() {
    Params p(2 * eval::WeightCount);
    for (int i = 0; i < eval::WeightCount; ++i) {
        p[2 * std::size_t(i)] = eval::Weights[std::size_t(i)].mg;
        p[2 * std::size_t(i) + 1] = eval::Weights[std::size_t(i)].eg;
    }
    return p;
}

void Dataset::add(const Position& pos, double result, double score) {
    if (terms_.size() > std::numeric_limits<std::uint32_t>::max() - std::size_t(eval::WeightCount))
        throw std::length_error("too many positions for one dataset (its term index is 32 bits)");
    const eval::Coefficients c = eval::coefficients(pos);
    Entry e{};
    e.first = std::uint32_t(terms_.size());
    for (int i = 0; i < eval::WeightCount; ++i)
        if (c.weights[std::size_t(i)]) terms_.push_back({std::uint16_t(i), c.weights[std::size_t(i)]});
    e.count = std::uint16_t(terms_.size() - e.first);
    e.phase = std::int8_t(c.phase);
    e.stm = c.side_to_move == White ? 1 : -1;
    e.scale[0] = std::int8_t(c.scale[White]);
    e.scale[1] = std::int8_t(c.scale[Black]);
    e.result = float(result);
    e.score = float(score);
    e.fixed_mg = float(c.fixed.mg);
    e.fixed_eg = float(c.fixed.eg);
    entries_.push_back(e);
}

bool is_quiet(const Position& pos) {
    if (pos.in_check()) return false;
    Position copy = pos;
    return quiescence(copy, -VALUE_INFINITE, VALUE_INFINITE, 0) == eval::evaluate(pos);
}

std::optional<std::string> load_games(const std::string& path, const games::Filter& filter,
                                      int validation_every, Dataset& train, Dataset& validation,
                                      games::LoadStats& stats) {
    return games::load_positions(
        path, filter, validation_every, stats, [&](const games::Sample& s, bool held_out) {
            const Position& pos = *s.position;
            if (!is_quiet(pos)) return false;
            const double white_score = pos.side_to_move() == White ? s.score : -s.score;
            (held_out ? validation : train).add(pos, s.result / 2.0, white_score);
            return true;
        });
}

double evaluate(const Dataset& data, const Dataset::Entry& e, const Params& params) {
    return combine(e, parts(data, e, params), params);
}

double loss(const Dataset& data, const Params& params, const Objective& objective,
            std::vector<double>* gradient) {
    const auto& entries = data.entries();
    if (entries.empty()) return 0;
    const int threads = std::max(1, objective.threads);
    std::vector<double> losses(std::size_t(threads), 0.0);
    std::vector<std::vector<double>> grads(gradient ? std::size_t(threads) : 0,
                                           std::vector<double>(params.size(), 0.0));
    parallel(entries.size(), threads, [&](std::size_t begin, std::size_t end, int t) {
        double sum = 0;
        for (std::size_t n = begin; n < end; ++n) {
            const Dataset::Entry& e = entries[n];
            const Parts q = parts(data, e, params);
            const double p = std::clamp(sigmoid(objective.k * combine(e, q, params)), 1e-12, 1 - 1e-12);
            const double target =
                objective.lambda * e.result + (1 - objective.lambda) * sigmoid(objective.k * e.score);
            sum -= target * std::log(p) + (1 - target) * std::log(1 - p);
            if (!gradient) continue;
            // d loss / d eval, then the chain rule through the blend: linear in every weight.
            const double d = objective.k * (p - target);
            const double dmg = d * e.phase / MaxPhase, deg = d * (MaxPhase - e.phase) / MaxPhase;
            const double deg_scaled = deg * q.scale / 64.0;
            std::vector<double>& g = grads[std::size_t(t)];
            const Dataset::Term* term = data.terms().data() + e.first;
            for (int i = 0; i < e.count; ++i) {
                g[2 * std::size_t(term[i].index)] += dmg * term[i].coefficient;
                g[2 * std::size_t(term[i].index) + 1] += deg_scaled * term[i].coefficient;
            }
            g[2 * TempoIndex] += dmg * e.stm;
            g[2 * TempoIndex + 1] += deg * e.stm;
        }
        losses[std::size_t(t)] = sum;
    });
    double total = 0;
    for (double l : losses) total += l;
    const double n = double(entries.size());
    if (gradient) {
        gradient->assign(params.size(), 0.0);
        for (const auto& g : grads)
            for (std::size_t i = 0; i < g.size(); ++i) (*gradient)[i] += g[i] / n;
    }
    return total / n;
}

double fit_scale(const Dataset& data, const Params& params, int threads) {
    // Golden-section search on log k: the loss is unimodal in the scale.
    auto f = [&](double log_k) { return loss(data, params, {std::exp(log_k), 1.0, threads}); };
    double a = std::log(0.0005), b = std::log(0.05);
    const double r = (std::sqrt(5.0) - 1) / 2;
    double c = b - r * (b - a), d = a + r * (b - a), fc = f(c), fd = f(d);
    for (int i = 0; i < 60; ++i) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - r * (b - a), fc = f(c);
        } else {
            a = c, c = d, fc = fd;
            d = a + r * (b - a), fd = f(d);
        }
    }
    return std::exp((a + b) / 2);
}

void fit(const Dataset& data, Params& params, const Objective& objective, const AdamOptions& adam,
         const std::function<void(int, double)>& epoch_done) {
    std::vector<double> m(params.size(), 0.0), v(params.size(), 0.0), g;
    double rate = adam.learning_rate, b1t = 1, b2t = 1;
    for (int epoch = 1; epoch <= adam.epochs; ++epoch) {
        const double l = loss(data, params, objective, &g);
        b1t *= adam.beta1, b2t *= adam.beta2;
        for (std::size_t i = 0; i < params.size(); ++i) {
            m[i] = adam.beta1 * m[i] + (1 - adam.beta1) * g[i];
            v[i] = adam.beta2 * v[i] + (1 - adam.beta2) * g[i] * g[i];
            const double mhat = m[i] / (1 - b1t), vhat = v[i] / (1 - b2t);
            params[i] -= rate * mhat / (std::sqrt(vhat) + 1e-8);
        }
        rate *= adam.decay;
        if (epoch_done) epoch_done(epoch, l);
    }
}

std::string format_weights(const Params& params) {
    constexpr std::size_t Width = 110;
    std::ostringstream out;
    int index = 0;
    auto value = [&](int i) {
        return std::pair<long, long>{std::lround(params[2 * std::size_t(i)]),
                                     std::lround(params[2 * std::size_t(i) + 1])};
    };
    for (const eval::WeightGroup& g : eval::WeightGroups) {
        std::istringstream comment(g.comment);
        for (std::string line; std::getline(comment, line);) out << "// " << line << '\n';
        if (g.size == 1) {
            auto [mg, eg] = value(index);
            out << "inline constexpr Score " << g.name << " = S(" << mg << ", " << eg << ");\n\n";
            ++index;
            continue;
        }
        std::vector<std::string> items;
        for (int i = 0; i < g.size; ++i) {
            auto [mg, eg] = value(index + i);
            char buf[48];
            std::snprintf(buf, sizeof buf, g.size == 64 ? "S(%4ld,%4ld)" : "S(%ld, %ld)", mg, eg);
            items.push_back(buf);
        }
        index += g.size;
        const std::string head =
            "inline constexpr Score " + std::string(g.name) + "[" + std::to_string(g.size) + "] = {";
        std::string one_line = head;
        for (std::size_t i = 0; i < items.size(); ++i) one_line += (i ? ", " : "") + items[i];
        one_line += "};";
        if (g.size != 64 && one_line.size() <= Width) {
            out << one_line << "\n\n";
            continue;
        }
        out << head << '\n';
        if (g.size == 64) {
            // One row per rank, rank 1 first, aligned (and so without spaces, to fit 110 columns).
            for (int row = 0; row < 8; ++row) {
                out << "    ";
                for (int f = 0; f < 8; ++f) out << items[std::size_t(8 * row + f)] << ',';
                out << '\n';
            }
        } else {
            std::string line = "   ";
            for (const std::string& item : items) {
                if (line.size() + item.size() + 2 > Width) {
                    out << line << '\n';
                    line = "   ";
                }
                line += " " + item + ",";
            }
            out << line << '\n';
        }
        out << "};\n\n";
    }
    return out.str();
}

namespace {

// A params.hpp as lines, with the indices of the lines that open and close its fitted block.
struct ParamsText {
    std::vector<std::string> lines;
    std::size_t begin = 0, end = 0;
};

std::optional<std::string> read_params_text(const std::string& path, ParamsText& text) {
    std::error_code error;
    if (std::filesystem::is_directory(util::native_path(path), error))
        return "cannot read " + path + ": a folder";
    std::ifstream source(util::native_path(path));
    if (!source) return "cannot read " + path;
    for (std::string line; std::getline(source, line);) text.lines.push_back(line);
    auto find = [&](const std::string& prefix) {
        return std::size_t(std::find_if(text.lines.begin(), text.lines.end(),
                                        [&](const std::string& l) { return l.rfind(prefix, 0) == 0; })
                           - text.lines.begin());
    };
    text.begin = find("// ---- Fitted weights");
    text.end = find("// ---- End of fitted weights");
    if (text.begin == text.lines.size() || text.end == text.lines.size() || text.end < text.begin)
        return path + " has no '// ---- Fitted weights' ... '// ---- End of fitted weights' block";
    return std::nullopt;
}

// The two numbers of a weight written "S(mg, eg)", read from just after its "S(": each an optional
// '-' and digits, blanks allowed around them, a ',' between and a ')' after; nothing when the text
// there is anything else.
std::optional<std::pair<double, double>> read_score_pair(std::string_view line, std::size_t at) {
    auto skip_blanks = [&] {
        while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    };
    auto number = [&]() -> std::optional<int> {
        skip_blanks();
        const std::size_t begin = at;
        if (at < line.size() && line[at] == '-') ++at;
        while (at < line.size() && line[at] >= '0' && line[at] <= '9') ++at;
        const std::optional<int> value = util::parse<int>(line.substr(begin, at - begin));
        skip_blanks();
        return value;
    };
    const std::optional<int> mg = number();
    if (!mg || at >= line.size() || line[at++] != ',') return std::nullopt;
    const std::optional<int> eg = number();
    if (!eg || at >= line.size() || line[at] != ')') return std::nullopt;
    return std::pair<double, double>(*mg, *eg);
}

}  // namespace

std::optional<std::string> read_params(const std::string& path, Params& params) {
    ParamsText text;
    if (auto error = read_params_text(path, text)) return error;
    Params read;
    for (std::size_t i = text.begin + 1; i < text.end; ++i) {
        const std::string& line = text.lines[i];
        if (line.rfind("//", 0) == 0) continue;
        for (std::size_t at = line.find("S("); at != std::string::npos; at = line.find("S(", at + 2)) {
            if (const auto pair = read_score_pair(line, at + 2)) {
                read.push_back(pair->first);
                read.push_back(pair->second);
            }
        }
    }
    if (read.size() != 2 * std::size_t(eval::WeightCount))
        return path + "'s fitted block holds " + std::to_string(read.size() / 2)
               + " weights; this build fits " + std::to_string(eval::WeightCount);
    params = std::move(read);
    return std::nullopt;
}

std::optional<std::string> write_params(const std::string& in, const std::string& out, const Params& params) {
    ParamsText text;
    if (auto error = read_params_text(in, text)) return error;
    std::ostringstream result;
    for (std::size_t i = 0; i <= text.begin; ++i) result << text.lines[i] << '\n';
    result << format_weights(params);
    for (std::size_t i = text.end; i < text.lines.size(); ++i) result << text.lines[i] << '\n';
    std::ofstream sink(util::native_path(out));
    if (!(sink << result.str())) return "cannot write " + out;
    return std::nullopt;
}

}  // namespace sente::tune
