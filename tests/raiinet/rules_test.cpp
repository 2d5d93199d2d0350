#include "games/raiinet/rules.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "games/raiinet/session.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

// A link's id from its letter.
LinkId L(char letter) {
  return *link_of_letter(letter);
}

// The rules' refusal in the words the program prints.
std::optional<std::string> said(const std::optional<Refusal>& refusal) {
  if (!refusal) return std::nullopt;
  return text::refusal_message(*refusal);
}

constexpr std::array<char, kCards> kDefault = {'L', 'F', 'D', 'S', 'P'};
constexpr std::array<char, kCards> kAdded = {'E', 'Z', 'H', 'P', 'S'};

LinkValue V(int s) {
  return {Kind::Virus, s};
}
LinkValue D(int s) {
  return {Kind::Data, s};
}

// The CLARIFICATIONS example: V1 D4 V3 V2 D3 V4 D2 D1.
const Placement kExample = {V(1), D(4), V(3), V(2), D(3), V(4), D(2), D(1)};
const Placement kAllData = {D(1), D(2), D(3), D(4), V(1), V(2), V(3), V(4)};

Position game(const Placement& first = kExample, const Placement& second = kAllData,
              const std::array<char, kCards>& cards1 = kDefault,
              const std::array<char, kCards>& cards2 = kAdded) {
  return Position(first, second, cards1, cards2);
}

// Plays moves alternately ("d down" for the current player), expecting each to be legal.
void play(Position& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    const std::string text(m);
    const auto reason = g.move(L(text[0]), *parse_direction(text.substr(2)));
    ASSERT_FALSE(reason) << text << ": " << text::refusal_message(*reason);
  }
}

TEST(RaiinetDisplay, StartsAsTheClarificationsShow) {
  EXPECT_EQ(text::display(game(kExample, kExample), 0),
            "Player 1:\nDownloaded: 0D, 0V\nAbilities: 5\n"
            "a: V1 b: D4 c: V3 d: V2\ne: D3 f: V4 g: D2 h: D1\n"
            "========\n"
            "abcSSfgh\n...de...\n........\n........\n........\n........\n...DE...\nABCSSFGH\n"
            "========\n"
            "Player 2:\nDownloaded: 0D, 0V\nAbilities: 5\n"
            "A: ? B: ? C: ? D: ?\nE: ? F: ? G: ? H: ?\n");
}

TEST(RaiinetRules, BattleGoesToTheStrongerAndTiesToTheInitiator) {
  Position g = game();  // d = V2 at (1,3); D = D4 at (6,3)
  play(g, {"d down", "D up", "d down", "D up", "d down"});
  // d moved into D's square on its third move: D4 beats V2, player 2 downloads d.
  EXPECT_TRUE(g.link(L('d'))->downloaded);
  EXPECT_EQ(g.player(1).viruses, 1);
  EXPECT_TRUE(g.link(L('D'))->revealed);
  EXPECT_EQ(text::display(g, 0).find("D: D4") != std::string::npos, true);
  // The rules say what happened, and the text layer tells it.
  ASSERT_EQ(g.events().size(), 2u);
  EXPECT_EQ(g.events()[0].kind, Event::Kind::Battle);
  EXPECT_EQ(g.events()[1].kind, Event::Kind::Downloaded);
  EXPECT_EQ(text::event_line(g, g.events()[0]),
            "Battle at 4,3: d (V2) attacks D (D4); Player 2's link wins.\n");
  EXPECT_EQ(text::event_line(g, g.events()[1]), "Player 2 downloads d (V2) in the battle.\n");

  Position tie = game(kExample, {D(1), D(2), D(3), V(2), V(1), V(3), V(4), D(4)});
  play(tie, {"d down", "D up", "d down", "D up", "d down"});  // V2 against V2: the initiator wins
  EXPECT_TRUE(tie.link(L('D'))->downloaded);
  EXPECT_FALSE(tie.link(L('d'))->downloaded);
  EXPECT_EQ(tie.player(0).viruses, 1);
}

TEST(RaiinetRules, LinksLeaveOnlyOffTheOpponentsEdge) {
  Position g = game();
  EXPECT_EQ(said(g.move(L('a'), Direction::W)),
            "a link may leave the board only off the opponent's edge");
  EXPECT_EQ(said(g.move(L('a'), Direction::N)),
            "a link may leave the board only off the opponent's edge");
  EXPECT_EQ(said(g.move(L('c'), Direction::E)), "that square is your own server port");
  EXPECT_EQ(said(g.move(L('c'), Direction::S)), std::nullopt);
  EXPECT_EQ(said(g.move(L('A'), Direction::S)),
            "a link may leave the board only off the opponent's edge");
  EXPECT_EQ(said(g.move(L('a'), Direction::S)), "link 'a' is not yours");
}

TEST(RaiinetRules, AServerPortHandsTheLinkToItsOwner) {
  Position g = game();
  // Player 2's D (D4) walks up column 3 to player 1's server port at (0,3).
  play(g, {"d left", "D up", "a down", "D up", "a down", "D up", "a down", "D up", "a down", "D up",
           "a down", "D up"});
  EXPECT_TRUE(g.link(L('D'))->downloaded);
  EXPECT_EQ(g.player(0).data, 1);  // player 1 owns the port and downloads the link
}

TEST(RaiinetRules, AnAbilityWithTooFewLinksIsRefusedAndChangesNothing) {
  for (const AbilitySpec& spec : abilities()) {
    if (spec.needs == Needs::Square) continue;
    Position g = game(kExample, kAllData, {spec.letter, 'F', 'F', 'F', 'F'});
    const std::string before = text::display(g, 0);
    const AbilityArgs one_link_short{
        spec.needs == Needs::TwoLinks ? std::vector<LinkId>{L('a')} : std::vector<LinkId>{},
        {},
        Direction::S};
    EXPECT_EQ(g.use_ability(1, one_link_short), Refusal{Why::NoSuchLink}) << spec.name;
    EXPECT_FALSE(g.player(0).cards[0].used) << spec.name;
    EXPECT_EQ(text::display(g, 0), before) << spec.name;
    EXPECT_FALSE(g.use_ability(2, AbilityArgs{{}, {3, 3}, Direction::N})) << spec.name;
  }
}

TEST(RaiinetRules, BoostedLinksJumpAndOvershootTheFarEdge) {
  Position g = game();
  AbilityArgs boost{{L('a')}, {}, Direction::N};
  ASSERT_FALSE(g.use_ability(1, boost));
  EXPECT_EQ(said(g.use_ability(2, AbilityArgs{{}, {3, 3}, Direction::N})),
            "you have already used an ability this turn");
  play(g, {"a down", "H up", "a down", "H up", "a down"});  // rows 2, 4, 6
  EXPECT_EQ(g.link(L('a'))->at, (Coord{6, 0}));
  // Two squares down from row 6 is past the bottom edge: downloaded by its owner.
  play(g, {"G up", "a down"});
  EXPECT_TRUE(g.link(L('a'))->downloaded);
  EXPECT_EQ(g.player(0).viruses, 1);
  // Only the landing square counts: b jumps over c onto its own server port (illegal),
  // or down over d's row.
  Position h = game();
  ASSERT_FALSE(h.use_ability(1, AbilityArgs{{L('b')}, {}, Direction::N}));
  EXPECT_EQ(said(h.move(L('b'), Direction::E)), "that square is your own server port");
  EXPECT_EQ(said(h.move(L('b'), Direction::S)), std::nullopt);
  EXPECT_EQ(h.link(L('b'))->at, (Coord{2, 1}));
}

TEST(RaiinetRules, FirewallRevealsAndDownloadsVirusesThenBattlesOnTopOfIt) {
  Position g = game();
  // Player 1 puts a firewall at (5,0); player 2's A (D1) walks onto it.
  ASSERT_FALSE(g.use_ability(2, AbilityArgs{{}, {5, 0}, Direction::N}));
  play(g, {"a down", "A up", "a down", "A up"});  // data: revealed, stays on the firewall
  EXPECT_TRUE(g.link(L('A'))->revealed);
  EXPECT_FALSE(g.link(L('A'))->downloaded);
  EXPECT_EQ(text::board_rows(g).substr(5 * 9, 8), "A.......");
  // A firewall under a battle: a (V1) comes down onto A standing on the firewall.
  play(g, {"a down", "B up", "a down", "B up", "a down"});  // a reaches (4,0), then (5,0)
  EXPECT_TRUE(g.link(L('a'))->revealed);
  EXPECT_TRUE(g.link(L('A'))->downloaded);  // V1 against D1: a tie, the initiator wins
  EXPECT_EQ(g.player(0).data, 1);

  // A virus crossing the firewall is downloaded by its own owner at once.
  Position v = game();
  ASSERT_FALSE(v.use_ability(2, AbilityArgs{{}, {5, 5}, Direction::N}));
  play(v, {"a down", "F up", "a down", "F up"});  // F is V2
  EXPECT_TRUE(v.link(L('F'))->downloaded);
  EXPECT_EQ(v.player(1).viruses, 1);
}

TEST(RaiinetRules, PolarizeOnARevealedLinkChangesWhatEveryoneSees) {
  Position g = game();
  ASSERT_FALSE(g.use_ability(4, AbilityArgs{{L('A')}, {}, Direction::N}));  // scan A: D1
  play(g, {"a down"});
  EXPECT_NE(text::display(g, 0).find("A: D1"), std::string::npos);
  play(g, {"A up"});
  ASSERT_FALSE(g.use_ability(5, AbilityArgs{{L('A')}, {}, Direction::N}));
  EXPECT_NE(text::display(g, 0).find("A: V1"), std::string::npos);
  EXPECT_NE(text::display(g, 1).find("A: V1"), std::string::npos);
}

// Player 1 keeps only a; nobody reaches four of a kind on the way.
Position one_link_left() {
  Position g = game(kExample, kAllData, kDefault, {'Z', 'D', 'D', 'Z', 'S'});
  for (char c : {'b', 'c', 'd'}) g.download(*g.link(L(c)), 1);
  for (char c : {'e', 'f', 'g', 'h'}) g.download(*g.link(L(c)), 0);
  return g;
}

TEST(RaiinetRules, FreezeOnTheOnlyMovableLinkMakesItsOwnerPass) {
  // Player 1 has a single link left on the board; player 2 freezes it.
  Position g = one_link_left();
  play(g, {"a down"});
  ASSERT_FALSE(g.use_ability(1, AbilityArgs{{L('a')}, {}, Direction::N}));
  play(g, {"A up"});
  EXPECT_FALSE(g.has_legal_move(0));
  EXPECT_EQ(said(g.move(L('a'), Direction::S)), "link 'a' is frozen this turn");

  Session s(g);
  s.execute("board");  // no change
  EXPECT_EQ(s.game().current(), 0);
}

TEST(RaiinetRules, AStuckPlayerPassesAfterTheOpponentsMove) {
  Session s(one_link_left());
  s.execute("move a down");
  s.execute("ability 1 a");
  const std::string out = s.execute("move A up");
  EXPECT_NE(out.find("Player 1 has no legal move and passes.\n"), std::string::npos);
  EXPECT_EQ(s.game().current(), 1);
  // After player 2's next move the freeze is over and player 1 moves again.
  s.execute("move B up");
  EXPECT_EQ(s.game().current(), 0);
  EXPECT_TRUE(s.game().has_legal_move(0));
}

TEST(RaiinetRules, HijackMovesAnOpponentsLinkAsItsOwnerWould) {
  Position g = game();
  play(g, {"a down"});
  // Player 2 moves player 1's d one square, as player 1 would.
  EXPECT_EQ(said(g.use_ability(3, AbilityArgs{{L('d')}, {}, Direction::N})),
            "its owner could not move it so: that square is your own server port");
  ASSERT_FALSE(g.use_ability(3, AbilityArgs{{L('d')}, {}, Direction::S}));
  EXPECT_EQ(g.link(L('d'))->at, (Coord{2, 3}));
  EXPECT_EQ(g.current(), 1);  // the hijacker still moves
}

TEST(RaiinetRules, ExchangeSwapsTwoOwnLinks) {
  Position g = game();
  play(g, {"a down"});
  ASSERT_FALSE(g.use_ability(1, AbilityArgs{{L('A'), L('D')}, {}, Direction::N}));
  EXPECT_EQ(g.link(L('A'))->at, (Coord{6, 3}));
  EXPECT_EQ(g.link(L('D'))->at, (Coord{7, 0}));
  EXPECT_EQ(said(g.use_ability(2, AbilityArgs{{L('a')}, {}, Direction::N})),
            "you have already used an ability this turn");
}

TEST(RaiinetRules, CardsAreUsedOnce) {
  Position g = game();
  ASSERT_FALSE(g.use_ability(4, AbilityArgs{{L('A')}, {}, Direction::N}));
  play(g, {"a down", "A up"});
  EXPECT_EQ(said(g.use_ability(4, AbilityArgs{{L('B')}, {}, Direction::N})),
            "ability card 4 has been used already");
  EXPECT_EQ(g.unused_cards(0), 4);
}

TEST(RaiinetRules, FourDataWinFourVirusesLose) {
  Position g = game();
  for (char c : {'A', 'B', 'C'}) g.download(*g.link(L(c)), 0);
  EXPECT_FALSE(g.winner());
  g.download(*g.link(L('D')), 0);
  EXPECT_EQ(g.winner(), 0);

  Position h = game();
  for (char c : {'a', 'c', 'd', 'f'}) h.download(*h.link(L(c)), 1);  // four viruses
  EXPECT_EQ(h.winner(), 0);
  EXPECT_EQ(said(h.move(L('a'), Direction::S)), "the game is over");
}

// A sequence file's own sequence files are found beside it, each command is
// echoed, and an error names the file and the line.
TEST(RaiinetSequence, NestedFilesAreRelativeToTheFileThatNamesThem) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("raiinet_seq_" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "first.seq") << "sequence second.seq\nmove z up\n";
  std::ofstream(dir / "sub" / "second.seq") << "\nmove a down\n";
  Session s(game());
  const std::string out = s.execute("sequence " + (dir / "sub" / "first.seq").string());
  EXPECT_NE(out.find("> sequence second.seq\n> move a down\n"), std::string::npos) << out;
  EXPECT_NE(
      out.find("Error: " + (dir / "sub" / "first.seq").string() + " line 2: there is no link 'z'"),
      std::string::npos)
      << out;
  EXPECT_TRUE(
      s.execute("sequence " + dir.string()).starts_with("Error: cannot read sequence file"));
  EXPECT_NE(s.execute("sequence " + dir.string()).find("is a directory"), std::string::npos);
  fs::remove_all(dir);
}

// Two people at one terminal: the handover comes after what happened and
// before the next player's secrets.
TEST(RaiinetSession, TheHandoverComesBeforeTheNextPlayersSecrets) {
  Session s(game());
  std::vector<std::pair<std::string, int>> handovers;
  s.set_handover(
      [&](const std::string& so_far, int next) { handovers.emplace_back(so_far, next); });
  const std::string out = s.execute("ability 1 d");  // a boost: the turn stays with player 1
  EXPECT_TRUE(handovers.empty());
  EXPECT_EQ(out, "Player 1 boosts d.\n" + s.board());
  const std::string after_move = s.execute("move d down");
  ASSERT_EQ(handovers.size(), 1u);
  EXPECT_EQ(handovers[0].second, 1);
  EXPECT_EQ(after_move, s.board());  // player 2's view, only after the handover
  EXPECT_TRUE(s.execute("move a left").starts_with("Error: "));  // a refusal: no handover
  EXPECT_EQ(handovers.size(), 1u);
}

}  // namespace
}  // namespace raiinet
