// The colours of the pages, in one place: each game's players, and what the
// boards and panels draw. Boards (boards.js) and panels (panels.js) read
// them here.
"use strict";

const GameColours = {
  // Each seat's colour, the same in every game: player 1 yellow and player
  // 2 green (Sword and Shield's own names for its sides), then the others
  // of an Amazons game of up to eight.
  seats: ["#f9a825", "#2e7d32", "#1565c0", "#c62828", "#6a1b9a", "#00838f", "#ad1457", "#4e342e"],
  // (Their names, for people, are the games' own: engine/panel.hpp.)
  burnt: "#37474f",
  treasure: "#a67c00",
  artifact: "#5d4037",
  sword: "#b71c1c",
  shield: "#37474f",
  corner: "#90a4ae",
  starfighter: "#1565c0",
  enemies: { G: "#2e7d32", F: "#ef6c00", C: "#6a1b9a", I: "#c62828", P: "#4e342e" },
  fog: "#263238",
  space: "#0d1b2a",
  entities: { E: "#1565c0", P: "#2e7d32", "*": "#f9a825", Y: "#fbc02d", O: "#000000", W: "#6a1b9a",
    B: "#00838f", M: "#c62828", J: "#8d6e63", A: "#616161" },
  health: "#c62828",
  energy: "#1565c0",
  fuel: "#ef6c00",
  life: "#2e7d32",
  // A seat's colour (grey past the eighth), and the colour of what is
  // written on it (dark on the yellow, white on the others).
  of(player) {
    return this.seats[player] || "#607d8b";
  },
  ink(player) {
    return player === 0 ? "#1d2433" : "white";
  },
  // A colour a game's panel or guide names (engine/panel.hpp): "#rrggbb",
  // or a name here ("burnt", "enemies.G"); grey for a name not here.
  named(name) {
    if (typeof name !== "string") return "#607d8b";
    if (name.startsWith("#")) return name;
    const found = name.split(".").reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), this);
    return typeof found === "string" ? found : "#607d8b";
  },
};
