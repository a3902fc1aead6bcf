// "Show matching tiles", a learner's aid: while a tile is selected, the free tiles that
// match it get a mark. Which tiles match is the server's answer (the game's `matches`,
// from the engine); this only shows it. It shows nothing the player cannot already see
// (free tiles only), so the game stays rankable. Off by default and remembered for this
// browser, as "Show free tiles" is; nothing is sent.

import { read, write } from "./storage.js";

const KEY = "mahjong.showMatches";

// Where storage is refused (storage.js) the choice lasts for this page: off at the next.
const stored = () => read(KEY) === "1";
const store = (on) => write(KEY, on ? "1" : "0");

// say(key): announce the template's words "matches" or "noMatch" (a screen reader does
// not see the marks).
export function setupShowMatches({ board, toggle, container, say }) {
  if (!board || !toggle) return;
  const shown = () => board.controller?.game ?? null;

  function mark(game) {
    const matches = new Set(toggle.checked && game && game.selected != null ? game.matches : []);
    for (const tile of board.querySelectorAll(".tile.is-match")) {
      if (!matches.has(Number(tile.dataset.id))) tile.classList.remove("is-match");
    }
    for (const id of matches) board.querySelector(`.tile[data-id="${id}"]`)?.classList.add("is-match");
  }

  toggle.checked = stored();
  toggle.addEventListener("change", () => {
    store(toggle.checked);
    mark(shown());
  });
  board.addEventListener("board:game", (event) => mark(event.detail.game));
  board.addEventListener("board:applied", (event) => {
    const { game, answer } = event.detail;
    mark(game);
    if (toggle.checked && ["selected", "selection_moved"].includes(answer.event)) {
      say(game.matches.length ? "matches" : "noMatch");
    }
  });
  mark(shown());
  if (container) container.hidden = false; // without JavaScript there is nothing to show
}
