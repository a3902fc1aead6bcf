// "Show free tiles", a learner's aid: every free tile gets a mark. Which tiles are free is
// the server's answer, already on each tile (.is-free); this only shows it. Off by
// default and remembered for this browser; nothing is sent, so the clock is untouched.

const KEY = "mahjong.showFreeTiles";

function stored() {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false; // storage refused: the toggle still works for this page
  }
}

function store(on) {
  try {
    window.localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* not remembered, nothing else lost */
  }
}

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
