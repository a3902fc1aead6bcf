// Why a tapped tile is blocked, in the player's language. The server (the engine) names
// the kind of blocking and the tiles that block, and words it as the practice drill does
// (game/teaching.py: "Bamboo 5 is blocked: covered by Red dragon."); this adds that a
// selection was cleared, and outlines the blocking tiles for a moment.

const OUTLINE_MS = 2500;

// blocked: {tile, kind: "covered"|"half_covered"|"sides", covering, left, right, message}
// cleared: the page's template for a tap that also cleared a selection ("{sentence} …").
// selectionCleared: whether the tap cleared a selection (then the message says so).
export function blockedMessage(blocked, { cleared, selectionCleared = true }) {
  if (!selectionCleared) return blocked.message;
  return cleared.replace("{sentence}", () => blocked.message);
}

let outlined = [];
let timer = null;

function clearOutlines() {
  for (const button of outlined) button.classList.remove("is-blocker");
  outlined = [];
  window.clearTimeout(timer);
}

// The tiles the reason names: those lying on it, or those on both its sides.
export function blockers(blocked) {
  return blocked.kind === "sides" ? [...blocked.left, ...blocked.right] : [...blocked.covering];
}

// Outline the tiles the reason names (buttonFor(id) -> the tile's button) until the next
// blocked tap or for a moment.
export function outlineBlockers(blocked, buttonFor) {
  clearOutlines();
  for (const id of blockers(blocked)) {
    const button = buttonFor(id);
    if (!button) continue;
    button.classList.add("is-blocker");
    outlined.push(button);
  }
  timer = window.setTimeout(clearOutlines, OUTLINE_MS);
}
