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
  const under = ({ x, y, z }) =>
    [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => present.has(key(x + dx, y + dy, z + 1))));
  const covered = new Set();
  for (const tile of tiles) if (!tile.removed && under(tile)) covered.add(tile.id);
  return covered;
}
