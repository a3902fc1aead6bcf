// "Show free tiles", a learner's aid: every free tile gets a mark. Which tiles are free is
// the server's answer, already on each tile (.is-free); this only shows it. Off by
// default and remembered for this browser; nothing is sent, so the clock is untouched.

import { read, write } from "./storage.js";

const KEY = "mahjong.showFreeTiles";

// Where storage is refused (storage.js) the choice lasts for this page: off at the next.
const stored = () => read(KEY) === "1";
const store = (on) => write(KEY, on ? "1" : "0");

export function setupFreeTiles({ board, toggle, container }) {
  if (!board || !toggle) return;
  toggle.checked = stored();
  board.classList.toggle("shows-free", toggle.checked);
  toggle.addEventListener("change", () => {
    board.classList.toggle("shows-free", toggle.checked);
    store(toggle.checked);
  });
  if (container) container.hidden = false; // without JavaScript there is nothing to show
}
