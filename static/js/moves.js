// A move's answer applied to the game it followed (docs/openapi.json, schema Move): the
// tiles it names change, every other field replaces the game's. Pure: no DOM.

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
  for (const tile of answer.revealed || []) update(tile.id, { face: tile.face, family: tile.family });
  for (const id of answer.covered || []) update(id, { face: null, family: null });
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
