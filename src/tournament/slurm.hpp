// A tournament on a Slurm cluster: submitted as a job array of slices, and
// the slices' records merged into the standings.
#pragma once

#include <string>
#include <vector>

#include "tournament/options.hpp"

namespace tournament {

// Submits the tournament as a Slurm job array: task I plays the pairs
// whose number % K is I into DIR/records-I.jsonl (its output in
// DIR/task-I.out); DIR/tournament.json keeps the arguments for --merge.
int submit(const Options& o, const Slurm& slurm, std::vector<std::string> args);

// The standings of a tournament run with --slurm DIR, from its records.
int merge(const std::string& dir);

}  // namespace tournament
