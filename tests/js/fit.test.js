// The board's fitting arithmetic (static/js/fit.js): a layout's extent and the tile size
// that shows it whole in a box. No DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { DEPTH, extent, fitBoard, fitUnits } from "../../static/js/fit.js";

test("the extent covers the farthest tile's two half-tile columns and rows", () => {
  const tiles = [
    { x: 0, y: 0, z: 0 },
    { x: 28, y: 14, z: 0 },
    { x: 12, y: 6, z: 4 },
  ];
  assert.deepEqual(extent(tiles), { cols: 30, rows: 16, top: 4 });
  assert.deepEqual(extent([]), { cols: 0, rows: 0, top: 0 });
});

test("a wide box fits the board by its height, a tall box by its width", () => {
  const turtle = { cols: 30, rows: 16, top: 4 };
  const wide = fitUnits(2000, 600, turtle);
  const tall = fitUnits(400, 2000, turtle);
  // The board's height (rows × aspect, plus the layers' offsets and the padding) fills
  // the wide box; the board's width fills the tall one.
  const down = turtle.rows * wide.aspect + (turtle.top + 1) * DEPTH + 1;
  assert.ok(Math.abs(wide.u * down - 600) < 1e-9);
  const across = turtle.cols + (turtle.top + 1) * DEPTH + 1;
  assert.ok(Math.abs(tall.u * across - 400) < 1e-9);
  assert.equal(tall.aspect, wide.aspect);
});

test("tiles grow no larger than the largest size on a huge screen", () => {
  const { u } = fitUnits(100000, 100000, { cols: 30, rows: 16, top: 4 });
  assert.equal(u, 48);
});

test("a low, wide screen gets squarer tiles before the board has to pan", () => {
  const board = { cols: 30, rows: 16, top: 4 };
  const roomy = fitUnits(3000, 2000, board);
  const low = fitUnits(3000, 250, board);
  assert.ok(low.aspect < roomy.aspect);
  assert.ok(low.aspect >= 1.0);
});

test("a wide layout on an upright screen is turned where its tiles get larger", () => {
  const turtle = { cols: 30, rows: 16, top: 4 };
  // The room a 390 × 844 phone leaves for the board.
  const lying = fitBoard(390, 684, turtle, false);
  const turned = fitBoard(390, 684, turtle);
  assert.equal(lying.turned, false);
  assert.equal(turned.turned, true);
  assert.ok(turned.u >= 1.1 * lying.u);
  // A thumb's 32 px, where squarer tiles reach them: the Turtle at 360 × 740.
  const small = fitBoard(360, 580, turtle);
  assert.equal(small.turned, true);
  assert.ok(small.u >= 16 - 1e-9 && small.aspect < 1.3 && small.aspect >= 1);
});

test("a tall layout, or a screen wider than tall, is never turned", () => {
  const tower = { cols: 12, rows: 24, top: 2 };
  const turtle = { cols: 30, rows: 16, top: 4 };
  assert.equal(fitBoard(390, 684, tower).turned, false);
  assert.equal(fitBoard(844, 300, turtle).turned, false);
  assert.equal(fitBoard(1280, 700, turtle).turned, false);
});
