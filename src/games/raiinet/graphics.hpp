// RAIInet's graphical display: SDL2 windows that follow the game as
// observers of the Session, alongside the text. Each window shows one
// player's view (or the view of the player to move), redrawing only the
// squares and panels that changed since its last picture.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/raiinet/rules.hpp"

struct SDL_Surface;
struct SDL_Window;
typedef struct _TTF_Font TTF_Font;

namespace raiinet {

struct Rgb {
  unsigned char r, g, b;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

inline constexpr Rgb kDataColour{0, 160, 60};
inline constexpr Rgb kVirusColour{200, 30, 30};
inline constexpr Rgb kUnknownColour{130, 130, 130};
inline constexpr Rgb kSquareColour{235, 235, 225};
inline constexpr Rgb kServerPortColour{50, 90, 200};
inline constexpr Rgb kFirewallColours[2] = {{230, 140, 0}, {150, 60, 200}};

inline constexpr int kCellPixels = 64;
inline constexpr int kPanelPixels = 96;
inline constexpr int kWindowWidth = kSize * kCellPixels;
inline constexpr int kWindowHeight = kSize * kCellPixels + 2 * kPanelPixels;

// One window. `viewer` is 0 or 1 for a fixed player's view, or -1 for the
// view of the player to move.
class Window {
 public:
  static std::unique_ptr<Window> open(int viewer, std::string& error);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Redraws what changed; returns the number of regions repainted.
  int draw(const Position& game);
  // Shows the whole picture again (after the window was covered).
  void refresh();
  bool save_png(const std::string& path) const;
  Rgb pixel(int x, int y) const;
  std::uint32_t id() const;

 private:
  Window(SDL_Window* window, SDL_Surface* canvas, TTF_Font* font, int viewer);
  void paint_square(const Position& game, int row, int col, int viewer);
  void paint_panel(const Position& game, int player, int viewer);
  void text(const std::string& s, int x, int y, Rgb colour);

  SDL_Window* window_;
  SDL_Surface* canvas_;
  TTF_Font* font_;
  int viewer_;
  std::vector<std::string> drawn_;  // per square and panel: what it showed when last painted
};

// The windows of `-graphics` (one, following the player to move) or
// `-graphics both` (one per player), and the PNG snapshot of `-snapshot`.
class GraphicsDisplay {
 public:
  static std::unique_ptr<GraphicsDisplay> open(bool both, std::string snapshot, std::string& error);
  ~GraphicsDisplay();
  // Redraws every window, and saves the snapshots; false when a snapshot
  // could not be written (failed_snapshot() names it).
  bool update(const Position& game);
  const std::string& failed_snapshot() const { return failed_snapshot_; }
  // Handles window events; false once a window has been closed.
  bool pump();
  const std::vector<std::unique_ptr<Window>>& windows() const { return windows_; }

 private:
  GraphicsDisplay() = default;
  std::vector<std::unique_ptr<Window>> windows_;
  std::string snapshot_;
  std::string failed_snapshot_;
};

}  // namespace raiinet
