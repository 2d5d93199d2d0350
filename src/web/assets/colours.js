// The colours of the pages, in one place: each game's players, and what the
// boards and panels draw. Boards (boards.js) and panels (panels.js) read
// them here.
"use strict";

const GameColours = {
  players: {
    amazons: ["#d84315", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#4e342e"],
    raiinet: ["#1565c0", "#c62828"],
    "sword-and-shield": ["#f9a825", "#2e7d32"],
  },
  // Their names, for people (the same order).
  names: {
    amazons: ["red", "blue", "green", "purple", "orange", "teal", "pink", "brown"],
    raiinet: ["blue", "red"],
    "sword-and-shield": ["yellow", "green"],
  },
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
  // A player's colour in a game, grey where the game has none.
  of(game, player) {
    return (this.players[game] || [])[player] || "#607d8b";
  },
};
