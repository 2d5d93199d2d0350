#include "python/vector_env.hpp"

#include <pybind11/stl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/random.hpp"
#include "engine/words.hpp"

namespace gridgames_python {

namespace {

// The games' seeds are 0 to 999,999,999.
constexpr std::uint64_t kSeeds = 1000000000ULL;
// Game i's first seed from an integer seed: hashed, so that the streams of
// two seeds share nothing (seed + i would give seeds 0 and 1 all games but one
// in common).
std::uint64_t stream_seed(std::uint64_t seed, std::size_t i) {
  return engine::mix64(engine::mix64(seed + 0x9e3779b97f4a7c15ULL) + i) % kSeeds;
}

// A game's k-th episode's seed (k > 0) from its first (another salt: a
// stream's seeds and its episodes' never line up).
std::uint64_t later_seed(std::uint64_t first, std::uint64_t k) {
  return engine::mix64(engine::mix64(first + 0xd1b54a32d192ed03ULL) + k) % kSeeds;
}

// Copies of each array kept to be written again: a step's, the one before
// (still held by a loop's variables while it steps), and one more.
constexpr std::size_t kCopiesKept = 3;
// What the arrays of one environment may take in all.
constexpr double kMaxBytes = 8.0 * (1ULL << 30);

bool has_seed(const games::GameInfo& info) {
  return std::any_of(info.params.begin(), info.params.end(),
                     [](const engine::ParamSpec& p) { return p.name == "seed"; });
}

// An opponent is a bot of the game, for a game of two players or more,
// and the learner's seat one of the game's.
void check_opponent(const Game& game, const VectorEnv::Options& options) {
  const std::vector<std::string>& bots = game.info().bots;
  if (options.opponent.empty()) return;
  if (game.num_players() < 2)
    throw py::value_error(game.name() + " is a game of one player: it has no opponent");
  if (std::find(bots.begin(), bots.end(), options.opponent) == bots.end()) {
    std::string names;
    for (const std::string& b : bots) names += (names.empty() ? "" : ", ") + b;
    throw py::value_error("no bot \"" + engine::printable(options.opponent) + "\" for " +
                          game.name() + " (its bots: " + names + ")");
  }
  if (options.seat < -1 || options.seat >= game.num_players())
    throw py::value_error("seat: 0 to " + std::to_string(game.num_players() - 1) +
                          ", or \"alternate\"");
  if (options.opponent_nodes < 0) throw py::value_error("opponent_nodes must be 0 or more");
}

std::vector<py::ssize_t> with_envs(std::size_t envs, const std::vector<int>& shape) {
  std::vector<py::ssize_t> out{static_cast<py::ssize_t>(envs)};
  out.insert(out.end(), shape.begin(), shape.end());
  return out;
}

}  // namespace

// While a step() or reset() is under way: a second call from another
// thread raises instead of racing it.
class OneCallAtATime {
 public:
  explicit OneCallAtATime(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true))
      throw std::runtime_error(
          "VectorEnv is used by another thread at once: an environment is single-threaded "
          "(one per thread, or a lock around its calls)");
  }
  ~OneCallAtATime() { busy_ = false; }
  OneCallAtATime(const OneCallAtATime&) = delete;
  OneCallAtATime& operator=(const OneCallAtATime&) = delete;

 private:
  std::atomic<bool>& busy_;
};

template <typename T>
py::array VectorEnv::shared_array(const std::vector<py::ssize_t>& shape, T*& data) {
  std::size_t count = 1;
  for (const py::ssize_t n : shape) count *= static_cast<std::size_t>(n);
  data = new T[count]();  // zeros
  const py::capsule owner(data, [](void* p) { delete[] static_cast<T*>(p); });
  py::array_t<T> array(shape, data, owner);
  array.attr("flags").attr("writeable") = false;
  return array;
}

engine::Workers& VectorEnv::workers() {
  if (::getpid() != workers_pid_) {
    // In a forked child the threads are gone: the old team is left as it
    // is (its locks may be held, its threads cannot be joined).
    (void)workers_.release();
    workers_ = std::make_unique<engine::Workers>(threads_);
    workers_pid_ = ::getpid();
  }
  return *workers_;
}

bool VectorEnv::legal(std::size_t env, std::int64_t id) const {
  if (id < 0 || static_cast<std::uint64_t>(id) >= actions_) return false;
  const auto bit = static_cast<std::size_t>(id);
  return (legal_bits_[env * legal_words_ + bit / 64] >> (bit % 64)) & 1;
}

VectorEnv::VectorEnv(Game game, int num_envs, const Options& options)
    : game_(std::move(game)),
      seeded_(has_seed(game_.info())),
      options_(options),
      actions_(static_cast<std::size_t>(game_.num_distinct_actions())),
      observation_size_(static_cast<std::size_t>(game_.observation_tensor_size())),
      players_(static_cast<std::size_t>(game_.num_players())),
      reward_columns_(options.opponent.empty() ? players_ : 1),
      threads_(options.threads < 0 ? 1 : options.threads),
      workers_(std::make_unique<engine::Workers>(threads_)),
      workers_pid_(::getpid()),
      legal_words_((actions_ + 63) / 64) {
  if (num_envs < 1)
    throw py::value_error("num_envs must be 1 or more, not " + std::to_string(num_envs));
  if (options.threads < 0) throw py::value_error("threads must be 0 (one per core) or more");
  if (options.max_episode_steps < 0)
    throw py::value_error("max_episode_steps must be 0 (none) or more");
  check_opponent(game_, options);
  const double bytes = static_cast<double>(num_envs) *
                       (8.0 * static_cast<double>(observation_size_) +
                        static_cast<double>(actions_) + 4.0 * static_cast<double>(players_) + 6);
  if (bytes > kMaxBytes)
    throw py::value_error(std::to_string(num_envs) + " games of " + game_.str() + " would take " +
                          std::to_string(static_cast<long long>(bytes / (1 << 20))) +
                          " MiB of arrays; at most 8 GiB");
  if (!seeded_) first_ = game_.new_initial_state().any().clone();
  const auto envs = static_cast<std::size_t>(num_envs);
  envs_.resize(envs);
  observations_.own =
      shared_array(with_envs(envs, game_.observation_tensor_shape()), observation_data_);
  final_observations_.own =
      shared_array(with_envs(envs, game_.observation_tensor_shape()), final_observation_data_);
  masks_.own = shared_array({num_envs, static_cast<py::ssize_t>(actions_)}, mask_data_);
  to_move_.own = shared_array({num_envs}, to_move_data_);
  rewards_.own = options_.opponent.empty()
                     ? shared_array({num_envs, static_cast<py::ssize_t>(players_)}, reward_data_)
                     : shared_array({num_envs}, reward_data_);
  terminated_.own = shared_array({num_envs}, terminated_data_);
  truncated_.own = shared_array({num_envs}, truncated_data_);
  legal_bits_.assign(envs * legal_words_, 0);
  threads_ = workers_->threads();
  seed_all(options_.seed);
}

void VectorEnv::seed_all(std::uint64_t seed) {
  for (std::size_t i = 0; i < envs_.size(); ++i) envs_[i].seed = stream_seed(seed, i);
}

std::uint64_t VectorEnv::episode_seed(int env) const {
  if (env < 0 || static_cast<std::size_t>(env) >= envs_.size())
    throw py::index_error("game " + std::to_string(env) + ": games are 0 to " +
                          std::to_string(envs_.size() - 1));
  const Env& e = envs_[static_cast<std::size_t>(env)];
  return e.episode == 0 ? e.seed : later_seed(e.seed, e.episode);
}

void VectorEnv::start_episode(std::size_t env) {
  Env& e = envs_[env];
  // An episode that the opponent ends before the learner's first move is
  // none of the learner's: the next is dealt (a few tries; games whose
  // first moves can end them are rare, and never every deal).
  for (int tries = 0;; ++tries) {
    e.length = 0;
    if (!seeded_) {
      e.state = first_->clone();
    } else {
      engine::Params params = game_.parameters();
      params["seed"] = std::to_string(episode_seed(static_cast<int>(env)));
      e.state = std::get<std::unique_ptr<engine::AnyState>>(game_.info().make(params));
    }
    if (options_.opponent.empty()) return;
    e.learner = options_.seat >= 0 ? options_.seat : static_cast<int>((env + e.episode) % players_);
    if (e.episode == 0 || !e.bot) {  // seeded again: the bot too
      games::SelfplayOptions thinking;
      thinking.nodes = options_.opponent_nodes;
      e.bot = game_.info().make_bot(options_.opponent, thinking, later_seed(e.seed, 1u << 20));
    }
    opponents_move(env);
    if (!e.state->over() || tries == 16) return;
    ++e.episode;
  }
}

void VectorEnv::opponents_move(std::size_t env) {
  Env& e = envs_[env];
  while (!e.state->over() && e.state->to_move() != e.learner) {
    const std::optional<int> id = e.state->id_of(e.bot->choose(*e.state));
    if (!id) throw std::logic_error("the opponent chose an action its game does not know");
    e.state->apply_legal_id(*id);
  }
}

void VectorEnv::clear_legal(std::size_t env) {
  std::int8_t* mask = mask_data_ + env * actions_;
  std::uint64_t* bits = legal_bits_.data() + env * legal_words_;
  for (const int id : envs_[env].legal) {
    mask[id] = 0;
    bits[id / 64] = 0;
  }
}

void VectorEnv::write_observation(std::size_t env, int player) {
  envs_[env].state->observation_tensor(
      player, std::span<float>(observation_data_ + env * observation_size_, observation_size_));
}

void VectorEnv::write(std::size_t env) {
  Env& e = envs_[env];
  if (e.state->over()) {  // (an opponent ended it before the learner's move, every try)
    write_ended(env, e.learner);
    return;
  }
  clear_legal(env);
  e.state->legal_ids(e.legal);
  std::int8_t* mask = mask_data_ + env * actions_;
  std::uint64_t* bits = legal_bits_.data() + env * legal_words_;
  for (const int id : e.legal) {
    mask[id] = 1;
    bits[id / 64] |= std::uint64_t{1} << (id % 64);
  }
  const int mover = e.state->to_move();
  to_move_data_[env] = mover;
  write_observation(env, mover);
}

void VectorEnv::write_ended(std::size_t env, int mover) {
  clear_legal(env);
  envs_[env].legal.clear();
  to_move_data_[env] = kTerminalPlayer;
  write_observation(env, mover);
}

void VectorEnv::step_one(std::size_t env, int action) {
  Env& e = envs_[env];
  float* reward = reward_data_ + env * reward_columns_;
  if (e.ended) {  // next_step: its next episode now, the action ignored
    e.ended = false;
    terminated_data_[env] = truncated_data_[env] = false;
    std::fill(reward, reward + reward_columns_, 0.0f);
    start_episode(env);
    write(env);
    return;
  }
  // (With an opponent, the learner's observation, before its move and after.)
  const int mover = options_.opponent.empty() ? e.state->to_move() : e.learner;
  e.state->apply_legal_id(action);  // step() checked it against legal_bits_
  ++e.length;
  if (!options_.opponent.empty()) opponents_move(env);
  const bool over = e.state->over();
  // Cut short: at the game's own length limit, or at max_episode_steps.
  const bool cut = over ? e.state->truncated()
                        : options_.max_episode_steps > 0 && e.length >= options_.max_episode_steps;
  terminated_data_[env] = over && !cut;
  truncated_data_[env] = cut;
  std::fill(reward, reward + reward_columns_, 0.0f);
  if (over) {
    const engine::Returns r = e.state->returns();
    if (options_.opponent.empty()) {
      for (std::size_t p = 0; p < players_; ++p) reward[p] = static_cast<float>(r[p]);
    } else {
      reward[0] = static_cast<float>(r[static_cast<std::size_t>(e.learner)]);
    }
  }
  if ((over || cut) && options_.next_step) {
    ++e.episode;
    e.ended = true;
    write_ended(env, mover);
    return;
  }
  if (over || cut) {
    e.state->observation_tensor(
        mover,
        std::span<float>(final_observation_data_ + env * observation_size_, observation_size_));
    ++e.episode;
    start_episode(env);
  }
  write(env);
}

py::array VectorEnv::hand_out(Buffer& buffer, std::vector<RowCopy>& copies) {
  if (!options_.copy) return buffer.own;
  // A copy is the caller's to keep, write, and read from any thread while
  // this environment steps again (numpy reading a buffer rewritten under
  // it may write past its own: np.nonzero counts, then fills). A copy
  // handed out before that only the environment holds now (dropped by the
  // caller, no view of it left) is written again: new arrays of megabytes
  // a step cost more in page faults than the step itself (glibc gives the
  // heap's top back and takes it again).
  const auto kept =
      std::find_if(buffer.copies.begin(), buffer.copies.end(),
                   [](const py::array& a) { return Py_REFCNT(a.ptr()) == 1 && a.writeable(); });
  py::array to = kept != buffer.copies.end()
                     ? *kept
                     : py::array(buffer.own.dtype(),
                                 std::vector<py::ssize_t>(buffer.own.shape(),
                                                          buffer.own.shape() + buffer.own.ndim()));
  if (kept == buffer.copies.end() && buffer.copies.size() < kCopiesKept)
    buffer.copies.push_back(to);
  const auto row = static_cast<std::size_t>(buffer.own.nbytes()) / envs_.size();
  copies.push_back(
      {static_cast<const char*>(buffer.own.data()), static_cast<char*>(to.mutable_data()), row});
  return to;
}

void VectorEnv::copy_rows(const std::vector<RowCopy>& copies, std::size_t env) {
  for (const RowCopy& c : copies) std::memcpy(c.to + env * c.row, c.from + env * c.row, c.row);
}

py::dict VectorEnv::info(const py::array& to_move, const py::array& mask) {
  // The legal ids of all games in one array, game after game: game i's are
  // legal_ids[legal_offsets[i]:legal_offsets[i + 1]].
  py::array_t<std::int64_t> offsets(static_cast<py::ssize_t>(envs_.size() + 1));
  std::int64_t* offset = offsets.mutable_data();
  offset[0] = 0;
  for (std::size_t i = 0; i < envs_.size(); ++i)
    offset[i + 1] = offset[i] + static_cast<std::int64_t>(envs_[i].legal.size());
  py::array_t<std::int32_t> ids(static_cast<py::ssize_t>(offset[envs_.size()]));
  std::int32_t* id = ids.mutable_data();
  for (std::size_t i = 0; i < envs_.size(); ++i)
    std::copy(envs_[i].legal.begin(), envs_[i].legal.end(), id + offset[i]);
  py::dict out;
  out["to_move"] = to_move;
  out["action_mask"] = mask;
  out["legal_ids"] = ids;
  out["legal_offsets"] = offsets;
  return out;
}

void VectorEnv::refuse_if_closed() const {
  if (closed_) throw std::runtime_error("this VectorEnv is closed");
}

VectorEnv::Env& VectorEnv::started(int env) {
  refuse_if_closed();
  if (env < 0 || static_cast<std::size_t>(env) >= envs_.size())
    throw py::index_error("game " + std::to_string(env) + ": games are 0 to " +
                          std::to_string(envs_.size() - 1));
  Env& e = envs_[static_cast<std::size_t>(env)];
  if (!e.state) throw py::value_error("reset() first: no game has started");
  return e;
}

State VectorEnv::state(int env) {
  const OneCallAtATime one(busy_);
  return State(game_, started(env).state->clone());
}

void VectorEnv::set_state(int env, const State& state) {
  const OneCallAtATime one(busy_);
  Env& e = started(env);
  const Game& other = state.game();
  if (other.name() != game_.name() ||
      other.observation_tensor_shape() != game_.observation_tensor_shape() ||
      other.num_distinct_actions() != game_.num_distinct_actions())
    throw py::value_error("a state of " + other.str() + " in games of " + game_.str());
  if (state.is_terminal())
    throw py::value_error("a game that is over cannot be stepped: reset() starts the next");
  if (!options_.opponent.empty() && state.current_player() != e.learner)
    throw py::value_error("game " + std::to_string(env) + " is the learner's at seat " +
                          std::to_string(e.learner) + ": a state with that seat to move");
  e.state = state.any().clone();
  e.ended = false;
  e.length = 0;
  write(static_cast<std::size_t>(env));
}

void VectorEnv::close() {
  const OneCallAtATime one(busy_);
  if (closed_) return;
  closed_ = true;
  if (::getpid() == workers_pid_) {
    workers_.reset();  // joins its threads
  } else {
    (void)workers_.release();  // a forked child's copy: its threads are not here
  }
  for (Env& e : envs_) e = Env{};
}

namespace {

// reset()'s seed: none, an integer, or one a game.
struct Seeding {
  std::optional<std::uint64_t> all;
  std::vector<std::uint64_t> each;
  bool given() const { return all || !each.empty(); }
};

std::uint64_t seed_of(const py::handle& value) {
  if (!py::isinstance<py::int_>(value) && !py::hasattr(value, "__index__"))
    throw py::type_error("a seed is an integer, not " +
                         py::str(py::type::of(value)).cast<std::string>());
  const py::int_ seed(py::reinterpret_borrow<py::object>(value));
  try {
    if (!(seed < py::int_(0))) return seed.cast<std::uint64_t>();
  } catch (const py::cast_error&) {  // 2**64 or more
  }
  throw py::value_error("a seed is 0 to 2**64 - 1, not " +
                        py::str(py::handle(seed)).cast<std::string>());
}

Seeding seeding_of(const py::object& seed, std::size_t envs) {
  Seeding out;
  if (seed.is_none()) return out;
  if (py::isinstance<py::int_>(seed) || py::hasattr(seed, "__index__")) {
    out.all = seed_of(seed);
    return out;
  }
  for (const py::handle& one : py::iter(seed)) out.each.push_back(seed_of(one));
  if (out.each.size() != envs)
    throw py::value_error("seed: one seed for each of the " + std::to_string(envs) +
                          " games, or an integer; not " + std::to_string(out.each.size()));
  return out;
}

// Which games a reset() starts again: all, or those options["reset_mask"] marks.
std::vector<bool> reset_mask_of(const py::object& options, std::size_t envs) {
  std::vector<bool> all(envs, true);
  if (options.is_none()) return all;
  if (!py::isinstance<py::dict>(options)) throw py::type_error("options is a dict, or None");
  for (const auto& [key, value] : options.cast<py::dict>()) {
    if (py::str(key).cast<std::string>() != "reset_mask")
      throw py::value_error("options: \"" + engine::printable(py::str(key).cast<std::string>()) +
                            "\" is not known (only \"reset_mask\" is)");
  }
  if (!options.cast<py::dict>().contains("reset_mask")) return all;
  const auto mask = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(
      options.cast<py::dict>()["reset_mask"]);
  if (!mask || mask.ndim() != 1 || static_cast<std::size_t>(mask.shape(0)) != envs)
    throw py::value_error("options[\"reset_mask\"]: a bool for each of the " +
                          std::to_string(envs) + " games");
  for (std::size_t i = 0; i < envs; ++i) all[i] = mask.data()[i];
  return all;
}

}  // namespace

py::tuple VectorEnv::reset(const py::object& seed, const py::object& options) {
  const OneCallAtATime one(busy_);
  refuse_if_closed();
  const Seeding seeding = seeding_of(seed, envs_.size());
  const std::vector<bool> chosen = reset_mask_of(options, envs_.size());
  const bool first = !envs_.front().state;
  if (first && std::find(chosen.begin(), chosen.end(), false) != chosen.end())
    throw py::value_error("options[\"reset_mask\"]: the first reset() starts every game");
  std::vector<RowCopy> copies;
  const py::array observations = hand_out(observations_, copies);
  const py::array to_move = hand_out(to_move_, copies);
  const py::array mask = hand_out(masks_, copies);
  {
    py::gil_scoped_release free;
    workers().run(envs_.size(), [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        Env& e = envs_[i];
        if (chosen[i]) {
          if (seeding.given()) {
            e.seed = seeding.all ? stream_seed(*seeding.all, i) : seeding.each[i] % kSeeds;
            e.episode = 0;
          } else if (e.state && !e.ended) {
            ++e.episode;  // (an ended game counted its episode already)
          }
          e.ended = false;
          start_episode(i);
          write(i);
        }
        copy_rows(copies, i);
      }
    });
  }
  return py::make_tuple(observations, info(to_move, mask));
}

py::tuple VectorEnv::step(const py::array& actions) {
  const OneCallAtATime one(busy_);
  refuse_if_closed();
  if (!envs_.front().state) throw py::value_error("reset() first: no game has started");
  const char kind = actions.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error("actions are integers (ids), not an array of dtype " +
                         py::str(actions.dtype()).cast<std::string>());
  if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != envs_.size())
    throw py::value_error("actions: one id for each of the " + std::to_string(envs_.size()) +
                          " games, in an array of shape (" + std::to_string(envs_.size()) + ",)");
  const py::object as_signed =
      kind == 'u' ? actions.attr("astype")("int64") : py::reinterpret_borrow<py::object>(actions);
  const auto ids =
      py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(as_signed);
  const std::int64_t* id = ids.data();
  for (std::size_t i = 0; i < envs_.size(); ++i) {
    if (!envs_[i].ended && !legal(i, id[i]))
      throw py::value_error("game " + std::to_string(i) + ": action " + std::to_string(id[i]) +
                            " is not legal (info[\"action_mask\"][" + std::to_string(i) +
                            "] shows those that are); nothing was stepped");
  }
  std::vector<RowCopy> copies;
  const py::array observations = hand_out(observations_, copies);
  const py::array rewards = hand_out(rewards_, copies);
  const py::array terminated = hand_out(terminated_, copies);
  const py::array truncated = hand_out(truncated_, copies);
  const py::array to_move = hand_out(to_move_, copies);
  const py::array mask = hand_out(masks_, copies);
  std::optional<py::array> final_observations;  // (next_step: the observation shows the end)
  if (!options_.next_step) final_observations = hand_out(final_observations_, copies);
  {
    py::gil_scoped_release free;
    workers().run(envs_.size(), [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        step_one(i, static_cast<int>(id[i]));
        copy_rows(copies, i);
      }
    });
  }
  py::dict out = info(to_move, mask);
  if (final_observations) out["final_observation"] = *final_observations;
  return py::make_tuple(observations, rewards, terminated, truncated, out);
}

}  // namespace gridgames_python
