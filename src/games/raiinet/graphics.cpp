#include "games/raiinet/graphics.hpp"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace raiinet {
namespace {

constexpr const char* kFonts[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
};

Uint32 map(SDL_Surface* s, Rgb c) {
  return SDL_MapRGB(s->format, c.r, c.g, c.b);
}

void fill(SDL_Surface* s, int x, int y, int w, int h, Rgb c) {
  SDL_Rect r{x, y, w, h};
  SDL_FillRect(s, &r, map(s, c));
}

// What a square shows to `viewer`: its look as a short string, so that two
// pictures of a square differ exactly when the looks do.
std::string square_look(const Position& game, Coord at, int viewer) {
  std::string look;
  if (const auto owner = game.firewall_at(at)) look += "F" + std::to_string(*owner);
  if (const auto owner = game.server_port_owner(at)) look += "S" + std::to_string(*owner);
  if (const Link* l = game.link_at(at)) {
    look += std::string("L") + letter(l->owner, l->index);
    look += (l->owner == viewer || l->revealed) ? value_text(l->value) : "?";
    if (l->boosted) look += "+";
    if (l->frozen) look += "z";
  }
  return look;
}

std::string panel_look(const Position& game, int player, int viewer) {
  const PlayerState& s = game.player(player);
  std::string look = std::to_string(s.data) + "D" + std::to_string(s.viruses) + "V" +
                     std::to_string(game.unused_cards(player)) +
                     (game.current() == player ? "*" : "");
  for (const Link& l : s.links) {
    look += letter(l.owner, l.index);
    look += (l.owner == viewer || l.revealed) ? value_text(l.value) : "?";
    look += l.downloaded ? "x" : "";
    look += l.on_board() && l.frozen ? "z" : "";
  }
  return look;
}

Rgb link_colour(const Link& l, int viewer) {
  if (l.owner != viewer && !l.revealed) return kUnknownColour;
  return l.value.kind == Kind::Data ? kDataColour : kVirusColour;
}

constexpr Rgb kFrozenColour{150, 220, 255};

bool g_sdl_ready = false;

bool start_sdl(std::string& error) {
  if (g_sdl_ready) return true;
  // Without a display SDL may fall back to a driver that shows nothing: say
  // so instead (a driver named in SDL_VIDEODRIVER, as the tests do, is kept).
  if (!std::getenv("SDL_VIDEODRIVER") && !std::getenv("DISPLAY") &&
      !std::getenv("WAYLAND_DISPLAY")) {
    error = "there is no display to open a window on (DISPLAY is not set)";
    return false;
  }
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    error = std::string("cannot start SDL: ") + SDL_GetError();
    return false;
  }
  if (TTF_Init() != 0) {
    error = std::string("cannot start SDL_ttf: ") + TTF_GetError();
    SDL_Quit();
    return false;
  }
  IMG_Init(IMG_INIT_PNG);
  g_sdl_ready = true;
  return true;
}

}  // namespace

std::unique_ptr<Window> Window::open(int viewer, std::string& error) {
  if (!start_sdl(error)) return nullptr;
  const std::string title =
      viewer < 0 ? "RAIInet" : "RAIInet: Player " + std::to_string(viewer + 1);
  // With a window per player, player 2's opens to the right of player 1's.
  constexpr int kMargin = 40;
  const int x = viewer < 0 ? static_cast<int>(SDL_WINDOWPOS_UNDEFINED)
                           : kMargin + viewer * (kWindowWidth + kMargin);
  const int y = viewer < 0 ? static_cast<int>(SDL_WINDOWPOS_UNDEFINED) : kMargin;
  SDL_Window* window =
      SDL_CreateWindow(title.c_str(), x, y, kWindowWidth, kWindowHeight, SDL_WINDOW_SHOWN);
  if (!window) {
    error = std::string("cannot open a window: ") + SDL_GetError();
    return nullptr;
  }
  SDL_Surface* canvas =
      SDL_CreateRGBSurfaceWithFormat(0, kWindowWidth, kWindowHeight, 32, SDL_PIXELFORMAT_RGB888);
  TTF_Font* font = nullptr;
  for (const char* path : kFonts) {
    if (std::filesystem::exists(path) && (font = TTF_OpenFont(path, 16))) break;
  }
  return std::unique_ptr<Window>(new Window(window, canvas, font, viewer));
}

Window::Window(SDL_Window* window, SDL_Surface* canvas, TTF_Font* font, int viewer)
    : window_(window), canvas_(canvas), font_(font), viewer_(viewer), drawn_(kSize * kSize + 2) {
  fill(canvas_, 0, 0, kWindowWidth, kWindowHeight, {20, 20, 30});
}

Window::~Window() {
  if (font_) TTF_CloseFont(font_);
  SDL_FreeSurface(canvas_);
  SDL_DestroyWindow(window_);
}

std::uint32_t Window::id() const {
  return SDL_GetWindowID(window_);
}

void Window::text(const std::string& s, int x, int y, Rgb colour) {
  if (!font_ || s.empty()) return;
  SDL_Surface* rendered =
      TTF_RenderUTF8_Blended(font_, s.c_str(), SDL_Color{colour.r, colour.g, colour.b, 255});
  if (!rendered) return;
  SDL_Rect where{x, y, rendered->w, rendered->h};
  SDL_BlitSurface(rendered, nullptr, canvas_, &where);
  SDL_FreeSurface(rendered);
}

void Window::paint_square(const Position& game, int row, int col, int viewer) {
  const int x = col * kCellPixels;
  const int y = kPanelPixels + row * kCellPixels;
  const Coord at{row, col};
  Rgb ground = kSquareColour;
  if (game.server_port_owner(at)) ground = kServerPortColour;
  fill(canvas_, x, y, kCellPixels, kCellPixels, {60, 60, 70});  // the grid line
  fill(canvas_, x + 1, y + 1, kCellPixels - 2, kCellPixels - 2, ground);
  if (const auto owner = game.firewall_at(at)) {
    // A firewall: a thick frame, its centre left to a link or to the firewall colour.
    const Rgb c = kFirewallColours[*owner];
    fill(canvas_, x + 1, y + 1, kCellPixels - 2, kCellPixels - 2, c);
    fill(canvas_, x + 9, y + 9, kCellPixels - 18, kCellPixels - 18, ground);
    fill(canvas_, x + 24, y + 24, kCellPixels - 48, kCellPixels - 48, c);
    text(*owner == 0 ? "m" : "w", x + 4, y + 2, {255, 255, 255});
  }
  if (game.server_port_owner(at)) text("S", x + 4, y + 2, {255, 255, 255});
  if (const Link* l = game.link_at(at)) {
    fill(canvas_, x + 10, y + 10, kCellPixels - 20, kCellPixels - 20, link_colour(*l, viewer));
    const bool known = l->owner == viewer || l->revealed;
    text(std::string(1, letter(l->owner, l->index)), x + 12, y + 10, {255, 255, 255});
    text(known ? std::to_string(l->value.strength) : "?", x + kCellPixels - 24,
         y + kCellPixels - 30, {255, 255, 255});
    // A frozen link: an ice-blue bar along the top of its square.
    if (l->frozen) fill(canvas_, x + 10, y + 4, kCellPixels - 20, 4, kFrozenColour);
  }
}

void Window::paint_panel(const Position& game, int player, int viewer) {
  const int y = player == 0 ? 0 : kPanelPixels + kSize * kCellPixels;
  fill(canvas_, 0, y, kWindowWidth, kPanelPixels, {20, 20, 30});
  const PlayerState& s = game.player(player);
  const std::string header =
      "Player " + std::to_string(player + 1) + (game.current() == player ? "  (to move)" : "") +
      "   Downloaded: " + std::to_string(s.data) + "D, " + std::to_string(s.viruses) +
      "V   Abilities: " + std::to_string(game.unused_cards(player));
  text(header, 8, y + 6, {240, 240, 240});
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = s.links[static_cast<std::size_t>(i)];
    const int x = 8 + i * 62;
    fill(canvas_, x, y + 36, 54, 48, link_colour(l, viewer));
    if (l.downloaded) fill(canvas_, x, y + 80, 54, 4, {255, 255, 255});
    if (l.on_board() && l.frozen) fill(canvas_, x, y + 32, 54, 4, kFrozenColour);
    const bool known = l.owner == viewer || l.revealed;
    text(std::string(1, letter(l.owner, l.index)) + ": " + (known ? value_text(l.value) : "?"),
         x + 4, y + 48, {255, 255, 255});
  }
}

int Window::draw(const Position& game) {
  const int viewer = viewer_ < 0 ? game.current() : viewer_;
  std::vector<SDL_Rect> changed;
  for (int row = 0; row < kSize; ++row) {
    for (int col = 0; col < kSize; ++col) {
      std::string look = square_look(game, {row, col}, viewer);
      std::string& last = drawn_[static_cast<std::size_t>(row * kSize + col)];
      if (!last.empty() && last == look + "#") continue;
      last = look + "#";  // never empty once drawn
      paint_square(game, row, col, viewer);
      changed.push_back(
          {col * kCellPixels, kPanelPixels + row * kCellPixels, kCellPixels, kCellPixels});
    }
  }
  for (int p = 0; p < 2; ++p) {
    std::string look = panel_look(game, p, viewer);
    std::string& last = drawn_[static_cast<std::size_t>(kSize * kSize + p)];
    if (last == look) continue;
    last = look;
    paint_panel(game, p, viewer);
    changed.push_back(
        {0, p == 0 ? 0 : kPanelPixels + kSize * kCellPixels, kWindowWidth, kPanelPixels});
  }
  if (SDL_Surface* screen = SDL_GetWindowSurface(window_)) {
    for (SDL_Rect r : changed) SDL_BlitSurface(canvas_, &r, screen, &r);
    if (!changed.empty())
      SDL_UpdateWindowSurfaceRects(window_, changed.data(), static_cast<int>(changed.size()));
  }
  return static_cast<int>(changed.size());
}

void Window::refresh() {
  if (SDL_Surface* screen = SDL_GetWindowSurface(window_)) {
    SDL_BlitSurface(canvas_, nullptr, screen, nullptr);
    SDL_UpdateWindowSurface(window_);
  }
}

bool Window::save_png(const std::string& path) const {
  const std::string temporary = path + ".tmp.png";
  if (IMG_SavePNG(canvas_, temporary.c_str()) != 0) return false;
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  return !error;
}

Rgb Window::pixel(int x, int y) const {
  const auto* row = static_cast<const Uint8*>(canvas_->pixels) + y * canvas_->pitch;
  Uint32 value = 0;
  std::memcpy(&value, row + x * 4, 4);
  Uint8 r, g, b;
  SDL_GetRGB(value, canvas_->format, &r, &g, &b);
  return {r, g, b};
}

std::unique_ptr<GraphicsDisplay> GraphicsDisplay::open(bool both, std::string snapshot,
                                                       std::string& error) {
  std::unique_ptr<GraphicsDisplay> display(new GraphicsDisplay());
  display->snapshot_ = std::move(snapshot);
  if (!display->snapshot_.empty()) {
    // The snapshot's folder must take a file: found now, not after a game.
    const std::filesystem::path folder =
        std::filesystem::absolute(display->snapshot_).parent_path();
    std::error_code code;
    if (!std::filesystem::is_directory(folder, code) || ::access(folder.c_str(), W_OK) != 0) {
      error = "cannot write the snapshot " + display->snapshot_ + ": its folder " +
              folder.string() + " is missing or not writable";
      return nullptr;
    }
  }
  for (int viewer : both ? std::vector<int>{0, 1} : std::vector<int>{-1}) {
    auto window = Window::open(viewer, error);
    if (!window) return nullptr;
    display->windows_.push_back(std::move(window));
  }
  return display;
}

GraphicsDisplay::~GraphicsDisplay() {
  windows_.clear();
  if (g_sdl_ready) {
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    g_sdl_ready = false;
  }
}

bool GraphicsDisplay::update(const Position& game) {
  for (std::size_t i = 0; i < windows_.size(); ++i) {
    windows_[i]->draw(game);
    if (snapshot_.empty()) continue;
    std::string path = snapshot_;
    if (windows_.size() > 1) {
      const auto dot = path.rfind(".png");
      path.insert(dot == std::string::npos ? path.size() : dot, "-player" + std::to_string(i + 1));
    }
    if (!windows_[i]->save_png(path)) {
      failed_snapshot_ = path;
      return false;
    }
  }
  return true;
}

bool GraphicsDisplay::pump() {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (event.type == SDL_QUIT) return false;
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE) return false;
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_EXPOSED) {
      for (auto& w : windows_) {
        if (w->id() == event.window.windowID) w->refresh();
      }
    }
  }
  return true;
}

}  // namespace raiinet
