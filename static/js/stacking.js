// Which tiles lie under another, for drawing only: a tile with any tile of the layer
// above on part of its face is drawn in that tile's shade (board.css, .is-covered), so
// that the strip of it that shows reads as the lower tile it is, not as a stray piece of
// a face. It decides nothing: such a tile is never free, and the server says which are.
//
// Positions are in half-tile units and a tile is two units each way, so a tile of the
// next layer lies on this one when it is less than two units away on both axes.

const key = (x, y, z) => `${x},${y},${z}`;

export function coveredTiles(tiles) {
  const present = new Set();
  for (const tile of tiles) if (!tile.removed) present.add(key(tile.x, tile.y, tile.z));
  const covered = new Set();
  for (const tile of tiles) {
    if (tile.removed) continue;
    search: for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        if (present.has(key(tile.x + dx, tile.y + dy, tile.z + 1))) {
          covered.add(tile.id);
          break search;
        }
      }
    }
  }
  return covered;
}
