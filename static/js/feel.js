// How the board answers the hand: movement, sounds, keyboard shortcuts and their help
// sheet, the win screen, and the questions before a first hint or a new game. Loaded by templates/game/_play_dialogs.html; every module here only listens to
// the board's DOM events on #board and goes through its controller (static/js/board.js).

import { setupConfirm } from "./confirm.js";
import { setupEffects } from "./effects.js";
import { setupShortcuts } from "./shortcuts.js";
import { setupSound } from "./sound.js";
import { setupWin } from "./win.js";

const board = document.getElementById("board");

// The bar's settings group holds the sound switch and the help button, before "Show free
// tiles" (shown last: the keys' order is the order seen); without the group, they go at
// the end of the bar's buttons.
function placeInBar(...controls) {
  const place =
    document.getElementById("board-settings") || document.querySelector(".board-bar__buttons");
  if (!place) return;
  const last = place.querySelector(":scope > .board-options");
  for (const control of controls) if (control) place.insertBefore(control, last);
}

if (board) {
  const toggle = document.getElementById("sound-toggle");
  const helpButton = document.getElementById("help-button");
  placeInBar(toggle, helpButton);
  setupEffects({ board, tiles: document.getElementById("board-tiles") });
  setupSound({ board, toggle });
  setupShortcuts({
    board,
    help: document.getElementById("help-sheet"),
    helpButton,
    skipLink: document.getElementById("skip-to-board"),
  });
  setupConfirm({
    board,
    hintButton: document.getElementById("hint-button"),
    hintDialog: document.getElementById("hint-confirm"),
    skipBox: document.getElementById("hint-confirm-skip"),
    newGameDialog: document.getElementById("new-game-confirm"),
  });
  setupWin({
    board,
    dialog: document.getElementById("won-dialog"),
    facts: document.getElementById("won-facts"),
    words: document.getElementById("won-words"),
    burst: document.getElementById("won-burst"),
    layout: document.getElementById("won-layout"),
    toggle: document.getElementById("celebration-toggle"),
    visitor: "visitor" in (document.getElementById("gallery")?.dataset ?? {}),
  });
}
