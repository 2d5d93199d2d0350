#include "python/spiel.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/words.hpp"

namespace gridgames_python {

using nlohmann::json;

py::object to_python(const json& j) {
  switch (j.type()) {
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<long long>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<unsigned long long>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string:
      return py::str(j.get<std::string>());
    case json::value_t::array: {
      py::list list;
      for (const json& v : j) list.append(to_python(v));
      return list;
    }
    case json::value_t::object: {
      py::dict dict;
      for (const auto& [key, value] : j.items()) dict[py::str(key)] = to_python(value);
      return dict;
    }
    default:
      return py::none();
  }
}

const games::GameInfo& find(const std::string& name) {
  const games::GameInfo* info = games::find_game(name);
  if (!info) {
    std::string names;
    for (const games::GameInfo& g : games::all_games())
      names += (names.empty() ? "" : ", ") + g.name;
    throw py::value_error("no game \"" + engine::printable(name) + "\"; the games are " + names);
  }
  return *info;
}

GameType GameType::of(const games::GameInfo& info) {
  GameType t;
  t.short_name = info.name;
  t.long_name = info.title;
  t.chance_mode = info.facts.chance ? ChanceMode::kSampledStochastic : ChanceMode::kDeterministic;
  t.information =
      info.facts.hidden ? Information::kImperfectInformation : Information::kPerfectInformation;
  const auto made = info.make({});
  const int players = std::get<std::unique_ptr<engine::AnyState>>(made)->players();
  // Amazons' players are a parameter: 1 to 8.
  const bool any_players = std::any_of(info.params.begin(), info.params.end(),
                                       [](const auto& p) { return p.name == "players"; });
  t.min_num_players = any_players ? 1 : players;
  t.max_num_players = any_players ? engine::kMaxPlayers : players;
  t.utility = !info.facts.return_sum        ? Utility::kGeneralSum
              : *info.facts.return_sum == 0 ? Utility::kZeroSum
                                            : Utility::kConstantSum;
  for (const engine::ParamSpec& p : info.params)
    t.parameter_specification[p.name] = p.default_value;
  return t;
}

Game::Game(const games::GameInfo& info, engine::Params params)
    : info_(&info), params_(std::move(params)) {
  auto made = info.make(params_);
  if (const auto* error = std::get_if<std::string>(&made)) throw py::value_error(*error);
  const auto& state = std::get<std::unique_ptr<engine::AnyState>>(made);
  players_ = state->players();
  actions_ = state->num_distinct_actions();
  if (actions_ <= 0)
    throw py::value_error(str() +
                          " has more actions than 32-bit ids can number: no ids, so "
                          "not from Python (a smaller board has them)");
  shape_ = state->observation_shape();
  filled_ = engine::ParamReader(params_, info.params).filled();
}

State Game::new_initial_state() const {
  return State(*this, std::get<std::unique_ptr<engine::AnyState>>(info_->make(params_)));
}

GameType Game::get_type() const {
  GameType t = GameType::of(*info_);
  if (players_ < 2) t.utility = GameType::Utility::kGeneralSum;
  return t;
}

double Game::utility_sum() const {
  if (!info_->facts.return_sum || players_ < 2)
    throw py::value_error(name() + " is a general-sum game: its returns have no constant sum");
  return *info_->facts.return_sum;
}

int Game::max_game_length() const {
  if (const auto limit = filled_.find("max_length"); limit != filled_.end())
    return engine::parse_int(limit->second).value_or(0);
  // Amazons: a placement a field, then each move and shot takes a field (an
  // arrow) or an artifact, and a horse's move is followed by one more.
  if (info_->fields) return static_cast<int>(4 * info_->fields(filled_));
  return 0;
}

std::string Game::str() const {
  std::string out = name() + "(";
  bool first = true;
  for (const auto& [k, v] : params_) {
    out += (first ? "" : ",") + k + "=" + v;
    first = false;
  }
  return out + ")";
}

int State::player_or_current(std::optional<int> player) const {
  if (!player) return state_->over() ? engine::kNoPlayer : state_->to_move();
  check(*player);
  return *player;
}

void State::check(int player) const {
  if (player < engine::kNoPlayer || player >= state_->players())
    throw py::index_error("player " + std::to_string(player) + ": players are 0 to " +
                          std::to_string(state_->players() - 1) + ", or -1 for a spectator");
}

std::vector<int> State::legal_actions(std::optional<int> player) const {
  std::vector<int> ids;
  if (player && *player != current_player()) return ids;
  state_->legal_ids(ids);
  std::sort(ids.begin(), ids.end());
  return ids;
}

py::array_t<std::int8_t> State::legal_actions_mask(std::optional<int> player) const {
  py::array_t<std::int8_t> mask(state_->num_distinct_actions());
  std::int8_t* data = mask.mutable_data();
  std::fill(data, data + mask.size(), std::int8_t{0});
  if (player && *player != current_player()) return mask;
  std::vector<int> ids;
  state_->legal_ids(ids);
  for (int id : ids) data[id] = 1;
  return mask;
}

std::string State::action_to_string(int action) const {
  auto text = state_->text_of_id(action);
  if (!text)
    throw py::value_error("action " + std::to_string(action) + ": no action of this state has it");
  return *text;
}

int State::string_to_action(const std::string& text) const {
  if (const auto id = state_->id_of(text)) return *id;
  auto copy = state_->clone();  // the game's own reason
  throw py::value_error(copy->apply(text).value_or("\"" + text + "\" names no action"));
}

void State::apply_action(const py::handle& action) {
  if (py::isinstance<py::str>(action)) {
    const std::string text = action.cast<std::string>();
    const auto id = state_->id_of(text);
    const auto seen = seen_by_each(text);
    if (auto why = state_->apply(text)) throw py::value_error(*why);
    ids_.push_back(id.value_or(kInvalidAction));
    recall(seen);
    return;
  }
  if (!PyIndex_Check(action.ptr()))
    throw py::type_error("an action is an id (an integer) or a text");
  // (Out of range, clipped, and refused below as any id out of range.)
  const Py_ssize_t id = PyNumber_AsSsize_t(action.ptr(), nullptr);
  if (id == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (id < 0 || id >= state_->num_distinct_actions())
    throw py::value_error("action " + std::to_string(id) + ": ids are 0 to " +
                          std::to_string(state_->num_distinct_actions() - 1));
  const auto seen = game_.info().facts.hidden
                        ? seen_by_each(state_->text_of_id(static_cast<int>(id)).value_or(""))
                        : std::vector<std::string>();
  if (auto why = state_->apply_id(static_cast<int>(id))) throw py::value_error(*why);
  ids_.push_back(static_cast<int>(id));
  recall(seen);
}

std::vector<std::string> State::seen_by_each(const std::string& text) const {
  std::vector<std::string> seen;
  if (!game_.info().facts.hidden) return seen;
  for (int p = 0; p < state_->players(); ++p) seen.push_back(state_->action_seen_by(text, p));
  return seen;
}

void State::recall(const std::vector<std::string>& seen) {
  recalled_.resize(seen.size());
  for (std::size_t p = 0; p < seen.size(); ++p) recalled_[p] += seen[p] + "\n";
}

std::string State::information_state_string(std::optional<int> player) const {
  const int viewer = player_or_current(player);
  if (viewer < 0 || static_cast<std::size_t>(viewer) >= recalled_.size())
    return observation_string(viewer);
  return recalled_[static_cast<std::size_t>(viewer)] + observation_string(viewer);
}

std::vector<double> State::returns() const {
  const engine::Returns r = state_->returns();
  return {r.begin(), r.begin() + state_->players()};
}

std::vector<double> State::rewards() const {
  return is_terminal() ? returns() : std::vector<double>(static_cast<std::size_t>(num_players()));
}

std::string State::observation_string(std::optional<int> player) const {
  return state_->observation(player_or_current(player));
}

py::array_t<float> State::observation_tensor(std::optional<int> player) const {
  const int viewer = player_or_current(player);
  const std::vector<int> shape = state_->observation_shape();
  py::array_t<float> tensor(std::vector<py::ssize_t>(shape.begin(), shape.end()));
  // Written in place: the array's own memory.
  state_->observation_tensor(viewer, std::span<float>(tensor.mutable_data(), tensor.size()));
  return tensor;
}

py::object State::view(int player) const {
  check(player);
  return to_python(state_->view(player));
}

namespace {

py::dict move_dict(const engine::MoveData& m) {
  py::dict d;
  d["id"] = m.id;
  d["action"] = m.action;
  py::list squares;
  for (const engine::Coord c : m.squares) squares.append(py::make_tuple(c.row, c.col));
  d["squares"] = squares;
  d["piece"] = m.piece.empty() ? py::object(py::none()) : py::str(m.piece);
  d["label"] = m.label;
  d["notation"] = m.notation;
  return d;
}

}  // namespace

py::list State::legal_moves() const {
  py::list out;
  std::vector<engine::MoveData> moves = state_->legal_moves();
  std::sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  for (const engine::MoveData& m : moves) out.append(move_dict(m));
  return out;
}

py::dict State::describe(const py::handle& action, std::optional<int> player) const {
  const int viewer = player_or_current(player);
  std::string text;
  if (py::isinstance<py::str>(action)) {
    text = action.cast<std::string>();
  } else {
    text = action_to_string(py::cast<int>(py::int_(py::reinterpret_borrow<py::object>(action))));
  }
  const auto move = state_->describe(text, viewer);
  if (!move)
    throw py::value_error(
        state_->clone()->apply(text).value_or("\"" + text + "\" names no action"));
  return move_dict(*move);
}

std::string State::events(int player) const {
  check(player);
  return state_->events_text(player);
}

std::vector<std::string> State::history_texts() const {
  auto replay = std::get<std::unique_ptr<engine::AnyState>>(game_.info().make(game_.parameters()));
  std::vector<std::string> texts;
  for (int id : ids_) {
    texts.push_back(replay->text_of_id(id).value_or("?"));
    replay->apply_id(id);
  }
  return texts;
}

State State::resample_from_infostate(int player, const py::object& sampler) const {
  check(player);
  if (player < 0) throw py::value_error("a state is resampled for a player, 0 or more, not -1");
  const double u = sampler().cast<double>();
  if (!(u >= 0.0 && u < 1.0))
    throw py::value_error("the sampler gave " + std::to_string(u) + ", not a number in [0, 1)");
  const auto seed = static_cast<std::uint64_t>(u * 9007199254740992.0);  // 2^53
  auto world = state_->resampled(player, seed);
  if (!world) {
    // The course simulations hide nothing but their future: the same state,
    // its generator moved on (1 to 2^31 - 3 draws: within its period).
    State out(*this);
    const std::uint64_t draws = 1 + seed % 2147483645ULL;
    if (out.state_->skip_draws(draws)) out.skips_.push_back({ids_.size(), draws});
    return out;
  }
  State out(Game(game_.info(), std::move(world->params)), std::move(world->state));
  out.ids_ = ids_;
  out.recalled_ = recalled_;  // what each player saw happen is the same in the world
  return out;
}

std::string State::serialize() const {
  json out = {{"game", game_.name()}, {"params", game_.parameters()}, {"actions", ids_}};
  if (!skips_.empty()) out["skips"] = skips_;
  if (game_.info().restore) out["state"] = state_->serialize();
  return out.dump();
}

State State::read(const std::string& text) {
  const json saved = json::parse(text, nullptr, false);
  if (!saved.is_object() || !saved.value("game", json()).is_string() ||
      !saved.value("actions", json()).is_array())
    throw py::value_error("not a serialized state of gridgames");
  engine::Params params;
  const json given = saved.value("params", json::object());
  if (!given.is_object()) throw py::value_error("not a serialized state of gridgames");
  for (const auto& [key, value] : given.items()) {
    if (!value.is_string()) throw py::value_error("a parameter's value is a string");
    params[key] = value.get<std::string>();
  }
  const Game game(find(saved["game"].get<std::string>()), params);
  std::vector<int> ids;
  for (const json& id : saved["actions"]) {
    if (!id.is_number_integer()) throw py::value_error("an action of a serialized state is an id");
    ids.push_back(id.get<int>());
  }
  // A resampled future: after so many actions, the generator moved on so many draws.
  std::vector<std::pair<std::size_t, std::uint64_t>> skips;
  if (const json listed = saved.value("skips", json::array()); listed.is_array()) {
    for (const json& s : listed) {
      if (!s.is_array() || s.size() != 2 || !s[0].is_number_unsigned() ||
          !s[1].is_number_unsigned() || s[0].get<std::size_t>() > ids.size() ||
          (!skips.empty() && s[0].get<std::size_t>() < skips.back().first))
        throw py::value_error("a serialized state's skips are [actions, draws] pairs, in order");
      skips.emplace_back(s[0].get<std::size_t>(), s[1].get<std::uint64_t>());
    }
  } else {
    throw py::value_error("a serialized state's skips are [actions, draws] pairs, in order");
  }
  // Read back directly where the game can; else its actions played again
  // (a game with hidden things: what each player saw happen, recalled too).
  if (const json direct = saved.value("state", json());
      direct.is_string() && game.info().restore && !game.info().facts.hidden && skips.empty()) {
    auto restored = game.info().restore(direct.get<std::string>());
    if (!restored) throw py::value_error("not a state of " + game.name());
    State state(game, std::move(restored));
    state.ids_ = std::move(ids);
    return state;
  }
  State state = game.new_initial_state();
  std::size_t next = 0;
  const auto skip_due = [&] {
    for (; next < skips.size() && skips[next].first == state.ids_.size(); ++next)
      if (state.state_->skip_draws(skips[next].second)) state.skips_.push_back(skips[next]);
  };
  for (int id : ids) {
    skip_due();
    state.apply_action(py::int_(id));
  }
  skip_due();
  return state;
}

Game load_game(const std::string& spec, const py::object& settings, const py::kwargs& kwargs) {
  engine::Params params;
  const auto add = [&](const py::handle& key, const py::handle& value) {
    params[py::str(key).cast<std::string>()] = py::str(value).cast<std::string>();
  };
  if (!settings.is_none()) {
    if (!py::isinstance<py::dict>(settings))
      throw py::type_error("a game's parameters are a dict, or keywords");
    for (const auto& [key, value] : settings.cast<py::dict>()) add(key, value);
  }
  for (const auto& [key, value] : kwargs) add(key, value);
  std::string name = spec;
  if (const auto open = spec.find('('); open != std::string::npos && spec.ends_with(")")) {
    name = spec.substr(0, open);
    const std::string inside = spec.substr(open + 1, spec.size() - open - 2);
    if (const auto wrong = inside.empty()
                               ? std::nullopt
                               : games::add_params(engine::split_on(inside, ','), params))
      throw py::value_error("\"" + *wrong + "\": a parameter is NAME=VALUE");
  }
  return Game(find(name), std::move(params));
}

}  // namespace gridgames_python
