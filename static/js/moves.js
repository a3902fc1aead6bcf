// A move's answer applied to the game it followed (docs/openapi.json, schema Move): the
// tiles it names change, every other field replaces the game's. And what a tap will do,
// drawn before its answer comes. Pure: no DOM.

const TILE_CHANGES = [
  "removed",
  "restored",
  "all_removed",
  "freed",
  "unfreed",
  "blocked",
  "revealed",
  "covered",
];

export function applyMove(game, answer) {
  const tiles = game.tiles.slice();
  const update = (id, fields) => {
    tiles[id] = { ...tiles[id], ...fields };
  };
  for (const id of answer.removed) update(id, { removed: true, free: false });
  for (const id of answer.restored) update(id, { removed: false });
  if (answer.all_removed) {
    // A long undo names the tiles still removed instead of those put back.
    const gone = new Set(answer.all_removed);
    tiles.forEach((tile, id) => {
      if (tile.removed && !gone.has(id)) update(id, { removed: false });
    });
  }
  for (const id of answer.freed) update(id, { free: true });
  for (const id of answer.unfreed) update(id, { free: false });
  // Faces the move uncovered: the server sends a wholly covered tile's face as null.
  for (const tile of answer.revealed || []) {
    update(tile.id, { face: tile.face, family: tile.family, match: tile.match });
  }
  for (const id of answer.covered || []) update(id, { face: null, family: null, match: null });
  const next = { ...game, tiles };
  for (const [key, value] of Object.entries(answer)) {
    if (!TILE_CHANGES.includes(key)) next[key] = value;
  }
  return next;
}

// How an answer relates to the game the board shows: "apply" (the next version, or the
// same one), "stale" (older than what the board has), or "missed" (an update in between
// never reached this page: fetch the whole game).
export function answerFits(game, answer) {
  if (answer.id !== game.id) return "missed";
  if (answer.version === game.version || answer.version === game.version + 1) return "apply";
  return answer.version < game.version ? "stale" : "missed";
}

// The answer a tap will get, as far as the game shown can tell: which tiles are free and
// each face's match class both come from the server, as data (two faces match when their
// classes are equal), so the page only reads them. The expected answer has a move's
// shape, for applyMove; null when the server alone can say (a game not in play).
//
// A tile shown as blocked is expected to stay blocked, which clears the selection, but
// a removal still waiting for its answer may have freed it: the answer then differs,
// and the board shows the server's game instead (see board.js).
export function expectTap(game, id) {
  const tile = game.tiles[id];
  if (!tile || tile.removed || game.state !== "playing" || game.paused) return null;
  const change = { removed: [], restored: [], freed: [], unfreed: [] };
  const selected = game.selected;
  if (!tile.free) return { ...change, event: "blocked", selected: null };
  if (selected == null) return { ...change, event: "selected", selected: id };
  if (selected === id) return { ...change, event: "deselected", selected: null };
  const first = game.tiles[selected];
  if (first.match == null || first.match !== tile.match) {
    return { ...change, event: "selection_moved", selected: id };
  }
  return {
    ...change,
    event: "removed",
    removed: [selected, id],
    selected: null,
    hint: null, // a removal clears the hint
    tiles_left: game.tiles_left - 2,
  };
}

const REMOVALS = ["removed", "stuck", "won"];

// Whether the server's answer to a tap is the one expected: the same tiles removed (the
// last pair may also win the game or leave no move), or the same selection.
export function answerAsExpected(expected, answer) {
  if (!expected) return false;
  if (expected.event === "removed") {
    const ids = (list) => [...list].sort((a, b) => a - b).join(",");
    return REMOVALS.includes(answer.event) && ids(answer.removed || []) === ids(expected.removed);
  }
  return answer.event === expected.event && answer.selected === expected.selected;
}
