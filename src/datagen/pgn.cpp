#include "datagen/pgn.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "core/movegen.hpp"
#include "datagen/gamefile.hpp"
#include "util/files.hpp"

namespace sente::games {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A tournament manager's name for a second copy of an engine ("Sente_2") without the suffix.
std::string base_name(std::string name) {
    const std::size_t underscore = name.find_last_of('_');
    if (underscore != std::string::npos && underscore + 1 < name.size()
        && std::all_of(name.begin() + std::ptrdiff_t(underscore) + 1, name.end(),
                       [](unsigned char c) { return std::isdigit(c); }))
        name.resize(underscore);
    return name;
}

// Whether two names are one engine playing itself: the same name, or one the other's with the
// suffix a tournament manager adds to tell copies apart ("Sente" and "Sente_2"; not "Ethereal_12"
// and "Ethereal_13", two versions).
bool same_engine(const std::string& a, const std::string& b) {
    return a == b || base_name(a) == b || base_name(b) == a;
}

// The variants whose rules are chess's: standard chess (cutechess-cli writes "standard", lichess
// "Standard" and "From Position") and Chess960's spellings ("Chess960", cutechess-cli's
// "fischerandom", "Fischer Random", "FRC"). Anything else (three-check, atomic, ...) is not.
bool is_chess960_variant(const std::string& variant) {
    return variant.find("960") != std::string::npos || variant.starts_with("fischer") || variant == "frc";
}
bool is_chess_variant(const std::string& variant) {
    return variant.empty() || variant == "standard" || variant == "chess" || variant == "normal"
           || variant == "from position" || is_chess960_variant(variant);
}

// The scores under which a side's last scored move says its game is lost (or won), for a decisive
// result that the board does not show: a tournament manager adjudicates a loss on such scores.
constexpr int DecidedScore = 300;

// The movetext's tokens: moves, comments (with their braces), results; move numbers, NAGs,
// variations and ';' comments left out.
std::vector<std::string> tokens_of(const std::string& text) {
    std::vector<std::string> tokens;
    int depth = 0;  // of variations
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '{') {
            const std::size_t end = text.find('}', i);
            const std::size_t stop = end == std::string::npos ? text.size() : end + 1;
            if (depth == 0) tokens.push_back(text.substr(i, stop - i));
            i = stop;
        } else if (c == ';') {
            const std::size_t end = text.find('\n', i);
            i = end == std::string::npos ? text.size() : end;
        } else if (c == '(') {
            ++depth, ++i;
        } else if (c == ')') {
            depth = std::max(0, depth - 1), ++i;
        } else {
            std::size_t end = i;
            while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))
                   && text[end] != '{' && text[end] != '(' && text[end] != ')' && text[end] != ';')
                ++end;
            std::string word = text.substr(i, end - i);
            i = end;
            if (depth > 0 || word[0] == '$') continue;
            // "12." and "12..." are move numbers; "12.e4" carries its move after the dots.
            const std::size_t digits = word.find_first_not_of("0123456789");
            if (digits != std::string::npos && digits > 0 && word[digits] == '.') {
                const std::size_t move = word.find_first_not_of('.', digits);
                if (move == std::string::npos) continue;
                word = word.substr(move);
            }
            tokens.push_back(word);
        }
    }
    return tokens;
}

// A tag name is a symbol: letters, digits and _+#=:- (the PGN standard, 8.1.1).
bool symbol_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c))
           || std::string_view("_+#=:-").find(c) != std::string_view::npos;
}

// Whether a line begins as a tag pair does, "[Name", whatever follows: a tag line cut or
// malformed, not a comment's "[%clk 0:01:00]".
bool begins_like_tag(std::string_view line) {
    const std::size_t open = line.find_first_not_of(" \t");
    if (open == std::string_view::npos || line[open] != '[') return false;
    const std::size_t name = line.find_first_not_of(" \t", open + 1);
    return name != std::string_view::npos && symbol_char(line[name]);
}

bool is_result(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// Adds the tag pairs of a line to `tags` ([Name "value"], several to a line if so written, a
// value's \" and \\ escaped); false when the line does not hold well-formed pairs alone.
bool read_tags(std::string_view line, std::map<std::string, std::string>& tags) {
    auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    std::size_t i = 0;
    auto skip_blanks = [&] {
        while (i < line.size() && blank(line[i])) ++i;
    };
    skip_blanks();
    if (i == line.size()) return false;
    while (i < line.size()) {
        if (line[i] != '[') return false;
        ++i;
        skip_blanks();
        const std::size_t name_start = i;
        while (i < line.size() && symbol_char(line[i])) ++i;
        if (i == name_start) return false;
        const std::string name(line.substr(name_start, i - name_start));
        skip_blanks();
        if (i == line.size() || line[i] != '"') return false;
        std::string value;
        for (++i;; ++i) {
            if (i == line.size()) return false;  // no closing quote
            if (line[i] == '"') break;
            if (line[i] == '\\' && i + 1 < line.size()) ++i;
            value += line[i];
        }
        ++i;
        skip_blanks();
        if (i == line.size() || line[i] != ']') return false;
        ++i;
        skip_blanks();
        tags[name] = value;
    }
    return true;
}

// Whether a name says who played: PGN's "?" and an empty tag say nothing.
bool known(const std::string& name) { return !name.empty() && name != "?"; }

}  // namespace

bool is_sente(const std::string& name) { return lower(name).starts_with("sente"); }

std::optional<int> parse_comment_score(std::string_view comment) {
    if (comment.starts_with("{")) comment.remove_prefix(1);
    while (!comment.empty() && std::isspace(static_cast<unsigned char>(comment.front())))
        comment.remove_prefix(1);
    if (comment.empty()) return std::nullopt;
    int sign = 1;
    if (comment.front() == '+' || comment.front() == '-') {
        sign = comment.front() == '-' ? -1 : 1;
        comment.remove_prefix(1);
    }
    if (!comment.empty() && comment.front() == 'M') {
        // A mate n plies away: fastchess turns the engine's "mate N" (in moves) into plies, so the
        // mover's mates are odd (+M1, +M3) and the mated side's even (-M2). Beyond MAX_PLY it is
        // still a mate, as far as a score can say.
        comment.remove_prefix(1);
        int n = 0, digits = 0;
        while (!comment.empty() && std::isdigit(static_cast<unsigned char>(comment.front())) && digits < 4)
            n = n * 10 + (comment.front() - '0'), comment.remove_prefix(1), ++digits;
        if (digits == 0) return std::nullopt;
        n = std::clamp(n, 1, MAX_PLY);
        return sign > 0 ? mate_in(n) : mated_in(n);
    }
    // Pawns with a decimal point, then "/depth" (a bare word such as "book" has neither).
    std::size_t used = 0;
    double pawns = 0;
    bool point = false, digits = false;
    double scale = 1;
    for (; used < comment.size(); ++used) {
        const char c = comment[used];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            digits = true;
            if (point)
                scale /= 10, pawns += (c - '0') * scale;
            else
                pawns = pawns * 10 + (c - '0');
            if (pawns > 1000) return std::nullopt;
        } else if (c == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (!digits || !point || used >= comment.size() || comment[used] != '/') return std::nullopt;
    return sign * int(std::lround(pawns * 100));
}

PgnReader::PgnReader(const std::string& path) : path_(path) {
    file_ = util::open_file(path, "rb");
    if (!file_) error_ = "cannot open " + path;
}

PgnReader::~PgnReader() {
    if (file_) std::fclose(file_);
}

bool PgnReader::read_line(Line& line) {
    if (!pending_.empty()) {
        line = std::move(pending_.front());
        pending_.pop_front();
        return true;
    }
    if (!file_ || !error_.empty()) return false;
    std::string& text = line.text;
    text.clear();
    int c;
    while ((c = std::fgetc(file_)) != EOF && c != '\n') text += char(c);
    if (c == EOF && std::ferror(file_)) {
        // A directory, or a read that failed: not the end of the games.
        error_ = "cannot read " + path_;
        return false;
    }
    line.number = ++lines_;
    if (line.number == 1 && text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // a UTF-8 byte order mark
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.starts_with('%')) text.clear();  // an escape line (the standard's 6): not PGN, read past
    return c != EOF || !text.empty();
}

std::optional<PgnGame> PgnReader::next() {
    for (;;) {
        // The tags, then the movetext up to the next game's tags.
        std::map<std::string, std::string> tags;
        std::string movetext, bad_tags;
        Line read;
        std::size_t start_line = 0;
        bool any = false, in_movetext = false, in_comment = false;
        // Lines inside a brace comment that begin as tags do but are none: the comment's, or,
        // when a tag line follows them at once, the next game's first lines (this game was cut
        // inside the comment).
        std::vector<Line> bracketed;
        while (read_line(read)) {
            const std::string& line = read.text;
            const std::size_t first = line.find_first_not_of(" \t");
            if (first == std::string::npos) {
                bracketed.clear();  // a game's tags run on from line to line
                continue;
            }
            std::map<std::string, std::string> line_tags;
            const bool tag_line = line[first] == '[' && read_tags(line, line_tags);
            // A line of well-formed tags after the movetext, or repeating a tag this game has,
            // begins the next game (a game cut inside a comment or its tags ends there). Inside a
            // brace comment, which may span lines, any other line is the comment's.
            const bool repeats =
                std::ranges::any_of(line_tags, [&](const auto& t) { return tags.contains(t.first); });
            if ((tag_line && (in_movetext || repeats))
                || (line[first] == '[' && in_movetext && !in_comment)) {
                if (in_comment) pending_.insert(pending_.end(), bracketed.begin(), bracketed.end());
                pending_.push_back(read);
                break;
            }
            if (in_comment && begins_like_tag(line))
                bracketed.push_back(read);
            else
                bracketed.clear();
            if (!any) start_line = read.number;
            if (line[first] == '[' && !in_movetext) {
                if (tag_line)
                    tags.merge(line_tags);
                else if (bad_tags.empty())
                    bad_tags = line.substr(0, 80);
                any = true;
            } else {
                for (char c : line) {
                    if (!in_comment && c == ';') break;  // the rest of the line is a comment
                    if (c == '{') in_comment = true;
                    if (c == '}') in_comment = false;
                }
                movetext += line;
                movetext += '\n';
                in_movetext = any = true;
            }
        }
        if (!any) return std::nullopt;
        ++games_;

        auto skip = [&](const std::string& why) {
            if (skipped_++ == 0)
                first_skip_ =
                    "game " + std::to_string(games_) + " (line " + std::to_string(start_line) + "): " + why;
        };
        if (!bad_tags.empty()) {
            skip("a tag line that does not parse: " + bad_tags);
            continue;
        }
        const std::string result = tags["Result"];
        const std::string termination = lower(tags["Termination"]);
        if (result != "1-0" && result != "0-1" && result != "1/2-1/2") {
            skip("no result (" + (result.empty() ? std::string("none") : result) + ")");
            continue;
        }
        if (!termination.empty() && termination != "normal" && termination != "adjudication") {
            skip("ended by " + termination);
            continue;
        }
        PgnGame game;
        game.result = result == "1-0" ? 2 : result == "0-1" ? 0 : 1;
        const std::string variant = lower(tags["Variant"]);
        if (!is_chess_variant(variant)) {
            skip("the variant " + tags["Variant"] + ", not chess");
            continue;
        }
        game.chess960 = is_chess960_variant(variant);
        game.start_fen = tags.contains("FEN") ? tags["FEN"] : std::string(Position::StartFen);
        Position pos;
        if (auto problem = pos.set_fen(game.start_fen, game.chess960)) {
            skip("bad FEN: " + *problem);
            continue;
        }
        // A legal FEN, but no game reaches it, nor does the packing.
        if (popcount(pos.pieces()) > MaxPackedPieces) {
            skip("a FEN of more than " + std::to_string(MaxPackedPieces) + " pieces");
            continue;
        }
        auto name = [&](const char* tag, const char* engine_tag) {
            return tags.contains(engine_tag) && is_sente(tags[engine_tag]) ? tags[engine_tag] : tags[tag];
        };
        const std::string white = name("White", "EngineWhiteName"), black = name("Black", "EngineBlackName");
        const bool self_play = known(tags["White"]) && same_engine(tags["White"], tags["Black"]);
        const bool wanted[2] = {self_play || is_sente(white), self_play || is_sente(black)};

        bool bad = false, ended = false;
        for (const std::string& token : tokens_of(movetext)) {
            if (is_result(token)) {
                if (token != result) {
                    skip("the movetext ends in " + token + ", the Result tag says " + result);
                    bad = true;
                }
                ended = true;
                break;
            }
            if (token[0] == '{') {
                if (!game.plies.empty() && !game.plies.back().score)
                    game.plies.back().score = parse_comment_score(token);
                continue;
            }
            if (token == "e.p.") continue;  // after an en-passant capture, as some write it
            Move m = pos.parse_san_move(token.ends_with("e.p.") ? token.substr(0, token.size() - 4) : token);
            // fastchess writes the moves in UCI's notation with -pgnout notation=uci.
            if (m == Move::none()) m = pos.parse_uci_move(token);
            if (m == Move::none()) {
                skip("the move " + token + " does not parse in " + pos.fen());
                bad = true;
                break;
            }
            game.plies.push_back({m, std::nullopt, wanted[pos.side_to_move()]});
            pos.make_move(m);
        }
        if (!bad && !ended) {
            skip(
                "the movetext does not end with the game's result (a file cut short, or a comment or "
                "variation left open)");
            bad = true;
        }
        if (bad) continue;
        // The result as the board gives it: a mate for the side that mated, a stalemate a draw.
        MoveList replies;
        generate<GenType::All>(pos, replies);
        if (replies.size() == 0) {
            const int by_board = !pos.in_check() ? 1 : pos.side_to_move() == White ? 0 : 2;
            if (by_board != game.result) {
                skip("the result " + result + ", but the game ends in "
                     + (pos.in_check() ? "checkmate" : "stalemate"));
                continue;
            }
        } else if (game.result != 1 && termination.empty()) {
            // Decisive without a mate, and no Termination tag to say how it ended (OpenBench's
            // upload keeps none): taken only when the last scores say so, as an adjudication
            // would; a loss on time, by a crash or by an illegal move would not.
            const Color winner = game.result == 2 ? White : Black;
            std::optional<int> said;  // the last score, from the winner's side
            Color mover = game.plies.size() % 2 == 0 ? pos.side_to_move() : ~pos.side_to_move();
            for (const PgnPly& ply : game.plies) {
                if (ply.score) said = mover == winner ? *ply.score : -*ply.score;
                mover = ~mover;
            }
            if (!said || *said < DecidedScore) {
                skip("the result " + result + " without a mate, a Termination tag or scores that say so"
                     + " (a loss on time?)");
                continue;
            }
        }
        return game;
    }
}

}  // namespace sente::games
