// What a net computes: its shape (the feature set, the hidden size, the output buckets), the
// quantisation every shape shares, and the weights and accumulators in memory. The file that
// carries a net is nnue/file_format.hpp; the forward pass is nnue/network.hpp.
//
// Inputs are the 768 piece-square features (2 colours x 6 piece types x 64 squares) seen from each
// side: from Black's side the board is mirrored vertically and the colours swap, so both views
// describe "my pieces" and "their pieces". A mirrored shape also mirrors a view across the d/e
// files when that view's king stands on files e to h, so every view sees its king on files a to d.
// Each view sums the columns of its active features into an accumulator of N values; the side to
// move's accumulator comes first into the output layer, whose weights are chosen by the number of
// pieces on the board (one bucket: always the same).
//
// Quantisation (float weight w, integer weight q):
//   feature weights and biases   q = round(w * QA), int16, so a hidden value h is in units of 1/QA
//   output weights               q = round(w * QB), int16
//   output biases                q = round(w * OutputUnit), int32
// The activation of h is clamp(h, 0, QA)^2 / 256, rounded: the float activation clamp(x, 0, 1)^2
// in units of 256 / QA^2, to 8 bits. Then
//   eval = (sum of activation * output weight + output bias) * OutputScale / OutputUnit
// with OutputUnit = QA^2 * QB / 256 is the float network's output times OutputScale: centipawns.
// Every product and sum is exact in 32 bits. Float weights are held to +-WeightLimit in training,
// so that 32 features plus the bias stay far inside int16.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "core/types.hpp"

namespace sente::nnue {

constexpr int Inputs = 768;
constexpr int QA = 255;
constexpr int QB = 1024;
constexpr int ActivationShift = 8;
constexpr std::int64_t OutputUnit = std::int64_t(QA) * QA * QB >> ActivationShift;
static_assert(QB % (1 << ActivationShift) == 0, "OutputUnit must be a whole number");
constexpr int OutputScale = 400;
// The float limit of every weight.
constexpr double WeightLimit = 1.98;

// The hidden sizes this build runs (each compiles its own loops), and the most output buckets.
constexpr int HiddenSizes[] = {128, 256, 512};
constexpr int MaxHidden = 512;
constexpr int MaxOutputBuckets = 8;
static_assert(254LL * std::int64_t(WeightLimit * QB + 1) * MaxHidden < (1LL << 31),
              "a trained net's output sum must stay inside 32 bits");

struct Shape {
    bool mirrored = false;   // each view mirrored across the d/e files when its king is on e to h
    int hidden = 128;        // N
    int output_buckets = 1;  // output layers, chosen by the number of pieces

    bool operator==(const Shape&) const = default;
    // Whether this build runs it (and the file format holds it: output buckets come with mirroring).
    bool supported() const {
        return std::find(std::begin(HiddenSizes), std::end(HiddenSizes), hidden) != std::end(HiddenSizes)
               && output_buckets >= 1 && output_buckets <= MaxOutputBuckets
               && (mirrored || output_buckets == 1);
    }
    // Whether the view of a side whose king stands on `king` is mirrored across the d/e files.
    bool flips(Square king) const { return mirrored && file_of(king) >= 4; }
    // The output bucket of a position with this many pieces (2 to 32): equal bands of piece counts.
    int output_bucket(int pieces) const {
        return std::min(output_buckets - 1, (pieces - 2) / ((32 + output_buckets - 1) / output_buckets));
    }
};

// The feature of piece p on square s as seen by `view`: own pieces first, squares from the
// viewer's side of the board, files mirrored when `flip`.
constexpr int feature_index(Color view, Piece p, Square s, bool flip) {
    const int own = color_of(p) == view ? 0 : 1;
    const int sq = (view == White ? int(s) : int(s) ^ 56) ^ (flip ? 7 : 0);
    return (own * 6 + int(type_of(p))) * 64 + sq;
}

// Runs f(std::integral_constant<int, N>) for the hidden size N, one of HiddenSizes, so that the
// loops over N are compiled for each size.
template <typename F>
decltype(auto) with_hidden_size(int hidden, F&& f) {
    switch (hidden) {
        case 128:
            return f(std::integral_constant<int, 128>{});
        case 256:
            return f(std::integral_constant<int, 256>{});
        default:
            return f(std::integral_constant<int, 512>{});
    }
}

// An array of 16-bit weights aligned for the widest vector loads.
class WeightArray {
public:
    explicit WeightArray(std::size_t size = 0) : size_(size), data_(allocate(size)) {}
    WeightArray(const WeightArray& other) : WeightArray(other.size_) {
        std::copy(other.begin(), other.end(), begin());
    }
    WeightArray& operator=(const WeightArray& other) {
        if (this != &other) *this = WeightArray(other);
        return *this;
    }
    WeightArray(WeightArray&&) noexcept = default;
    WeightArray& operator=(WeightArray&&) noexcept = default;

    std::int16_t* data() { return data_.get(); }
    const std::int16_t* data() const { return data_.get(); }
    std::size_t size() const { return size_; }
    std::int16_t* begin() { return data(); }
    std::int16_t* end() { return data() + size_; }
    const std::int16_t* begin() const { return data(); }
    const std::int16_t* end() const { return data() + size_; }
    std::int16_t& operator[](std::size_t i) { return data_[i]; }
    std::int16_t operator[](std::size_t i) const { return data_[i]; }

private:
    static constexpr std::align_val_t Alignment{64};
    struct Free {
        void operator()(std::int16_t* p) const { ::operator delete[](p, Alignment); }
    };
    static std::int16_t* allocate(std::size_t size) {
        auto* p = static_cast<std::int16_t*>(::operator new[](std::max<std::size_t>(size, 1) * 2, Alignment));
        std::fill(p, p + size, std::int16_t(0));
        return p;
    }
    std::size_t size_;
    std::unique_ptr<std::int16_t[], Free> data_;
};

struct Network {
    explicit Network(Shape s)
        : shape(s),
          feature_weights(std::size_t(Inputs) * std::size_t(s.hidden)),
          feature_bias(std::size_t(s.hidden)),
          output_weights(std::size_t(s.output_buckets) * 2 * std::size_t(s.hidden)),
          output_bias(std::size_t(s.output_buckets), 0) {}

    Shape shape;
    WeightArray feature_weights;  // feature by feature: a feature's N weights together
    WeightArray feature_bias;     // N
    WeightArray output_weights;   // bucket by bucket: N for the side to move, then N for the other side
    std::vector<std::int32_t> output_bias;  // one per bucket

    // The weights of feature f's column.
    const std::int16_t* column(int f) const {
        return feature_weights.data() + std::size_t(f) * std::size_t(shape.hidden);
    }
};

// The hidden values of both views, in units of 1/QA (the first N of each row), and whether each
// view is mirrored across the d/e files.
struct alignas(64) Accumulator {
    std::int16_t values[2][MaxHidden];  // indexed by view (White, Black)
    bool flipped[2];
};

}  // namespace sente::nnue
