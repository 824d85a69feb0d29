// Times OMPEval's HandEvaluator on the same random 7-card hands pokerlab's benchmark evaluates.
//
// Input: a file of n*7 bytes (card ids 4*rank + suit, the layout OMPEval and pokerlab share).
// For each row: combine the seven cards into an omp::Hand and evaluate it. Prints, for 1 and 2
// threads, the best of `repeat` runs in seconds, and a checksum of the values (so nothing is
// optimised away).  Usage: omp_batch FILE REPEAT
#include "omp/HandEvaluator.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

static uint64_t run_rows(const omp::HandEvaluator& ev, const uint8_t* cards, size_t lo, size_t hi) {
    uint64_t sum = 0;
    for (size_t i = lo; i < hi; ++i) {
        const uint8_t* c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) + omp::Hand(c[2]) + omp::Hand(c[3]) +
                      omp::Hand(c[4]) + omp::Hand(c[5]) + omp::Hand(c[6]);
        sum += ev.evaluate(h);
    }
    return sum;
}

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    std::ifstream in(argv[1], std::ios::binary);
    std::vector<uint8_t> cards((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t n = cards.size() / 7;
    int repeat = std::atoi(argv[2]);
    omp::HandEvaluator ev;
    for (int threads = 1; threads <= 2; ++threads) {
        double best = 1e100;
        uint64_t check = 0;
        for (int r = 0; r < repeat + 1; ++r) {  // the first run warms up
            auto t0 = std::chrono::steady_clock::now();
            std::vector<uint64_t> sums(threads, 0);
            std::vector<std::thread> pool;
            for (int k = 0; k < threads; ++k)
                pool.emplace_back([&, k] { sums[k] = run_rows(ev, cards.data(), n * k / threads, n * (k + 1) / threads); });
            for (auto& th : pool) th.join();
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            check = 0;
            for (auto x : sums) check += x;
            if (r > 0 && s < best) best = s;
        }
        std::printf("%d %.9f %llu\n", threads, best, (unsigned long long)check);
    }
    return 0;
}
