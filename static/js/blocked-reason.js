// Why a tapped tile is blocked, in the player's language. The server (the engine) names
// the kind of blocking and the tiles that block; this words it with the page's own
// templates ("covered by Red dragon", "Bamboo 3 on its left and Circles 4 on its right"),
// and outlines the blocking tiles for a moment.

const OUTLINE_MS = 2500;

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
}

// blocked: {tile, kind: "covered"|"half_covered"|"sides", covering, left, right}
// reasons: the templates of wording/teaching.py (reason_strings); tileName(id) -> name.
// selectionCleared: whether the tap cleared a selection (then the message says so).
export function blockedMessage(blocked, { reasons, tileName, lang, selectionCleared = true }) {
  const list = (ids) =>
    new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(ids.map(tileName));
  let reason;
  if (blocked.kind === "sides") {
    reason = fill(reasons.sides, { left: list(blocked.left), right: list(blocked.right) });
  } else {
    const many = blocked.covering.length > 1;
    const key = blocked.kind === "covered" ? "covered" : "halfCovered";
    reason = fill(reasons[`${key}${many ? "Many" : "One"}`], { tiles: list(blocked.covering) });
  }
  const template = selectionCleared ? reasons.blockedBecause : reasons.blockedBecauseAlone;
  return fill(template || reasons.blockedBecause, { name: tileName(blocked.tile), reason });
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
