// The gallery of layouts in the New game panel (templates/game/_gallery.html).
//
// A button picks its layout in the panel's list and submits that form, so the game starts
// exactly as from the list: board.js closes the panel and, when a game is in progress,
// confirm.js asks first. The button of the layout being played is aria-current.
//
// A signed-in player's own layouts have a section of their own before it (#gallery-mine),
// whose buttons work the same way: the panel's list holds them too.
//
// Each layout's mark ("Won, best time 3:12."): a signed-in player's comes from the
// server with the page; a visitor's from this browser, localStorage "mahjong.layoutWins"
// = {layoutId: {bestMs: ms of the best ranked win, or null}}, written here when a game is
// won on this browser. Either way a win on this page updates its mark at once.

import { formatElapsed } from "./clock.js";
import { readObject, writeObject } from "./storage.js";

const KEY = "mahjong.layoutWins";

const gallery = document.getElementById("gallery");
const sections = [gallery, document.getElementById("gallery-mine")].filter(Boolean);
const board = document.getElementById("board");
const form = document.getElementById("new-game-form");
const select = document.getElementById("layout-select");

// Where storage is refused (storage.js), a mark shows until the page is left.
const stored = () => readObject(KEY);
const store = (wins) => writeObject(KEY, wins);

function button(layoutId) {
  for (const section of sections) {
    const found = section.querySelector(`[data-layout="${CSS.escape(layoutId)}"]`);
    if (found) return found;
  }
  return null;
}

function mark(layoutId, bestMs) {
  const item = button(layoutId);
  const element = item && item.querySelector(".gallery__mark");
  if (!element) return;
  if (typeof bestMs === "number") {
    element.dataset.bestMs = String(bestMs);
    element.textContent = gallery.dataset.wonBest.replace("{time}", formatElapsed(bestMs));
  } else {
    element.textContent = gallery.dataset.won;
  }
}

// The better of two bests (null: no ranked win yet).
function better(a, b) {
  if (typeof a !== "number") return typeof b === "number" ? b : null;
  if (typeof b !== "number") return a;
  return Math.min(a, b);
}

function won(game) {
  const layoutId = game?.layout?.id;
  if (!layoutId) return;
  const ranked = game.ranked === true ? game.win?.elapsed_ms ?? game.elapsed_ms : null;
  const shown = button(layoutId)?.querySelector(".gallery__mark")?.dataset.bestMs;
  let best = better(shown === undefined ? null : Number(shown), ranked);
  if ("visitor" in gallery.dataset) {
    const wins = stored();
    best = better(best, wins[layoutId]?.bestMs ?? null);
    wins[layoutId] = { bestMs: best };
    store(wins);
  }
  mark(layoutId, best);
}

function current(game) {
  const layoutId = game?.layout?.id;
  for (const item of sections.flatMap((section) => [...section.querySelectorAll("[data-layout]")])) {
    if (item.dataset.layout === layoutId) item.setAttribute("aria-current", "true");
    else item.removeAttribute("aria-current");
  }
}

if (gallery && form && select) {
  for (const section of sections) {
    section.addEventListener("click", (event) => {
      const item = event.target.closest("[data-layout]");
      if (!item) return;
      select.value = item.dataset.layout;
      form.requestSubmit();
    });
  }
  if ("visitor" in gallery.dataset) {
    for (const [layoutId, record] of Object.entries(stored())) {
      mark(layoutId, typeof record?.bestMs === "number" ? record.bestMs : null);
    }
  }
  board?.addEventListener("board:won", (event) => won(event.detail.game));
  board?.addEventListener("board:game", (event) => {
    current(event.detail.game);
    if (event.detail.game?.state === "won") won(event.detail.game);
  });
}
