// Fitting the board to the screen: from the box the page leaves for the board (watched
// with a ResizeObserver) and the layout's extent, it works out the size of a tile and
// sets it as custom properties on the tiles' container; board.css draws everything from
// them. It also runs the zoom: the + and − buttons and a two-finger pinch, where the
// board is wider or taller than the screen at the smallest tile a finger can hit.
//
// A screen taller than wide and a layout wider than tall leave most of the screen empty
// with the board drawn as it lies: there the board is turned a quarter turn clockwise
// (the tiles' container gets is-turned; board-fit.css places and turns each tile), faces and
// all, so that a tile's left and right sides still face its left and right neighbours
// and the words that name them stay true. Only where the turned board's tiles are larger;
// the player can say never (turn-setting.js). Tiles may be squarer than a tile's usual
// 1.3 (down to square) where that is what it takes to reach a thumb's 32 px.
//
// Where even then the whole board needs tiles below a finger's 24 px (a wide layout on
// an upright phone where the player said never turn it, a phone smaller than most), a
// new game opens on the overview: the whole board at a glance. The overview is for looking, not for playing: a tap on it zooms in to the
// playing size around the point tapped (and taps no tile), and from there one finger
// pans; − or a pinch goes back to the overview. A keyboard's Enter still taps the
// focused tile: the 24 px are a finger's. Sizes between the overview and the playing
// size are never shown.
//
// Units: a tile is 2 × --u wide and 2 × --aspect × --u high (positions come in half-tile
// units); each layer is drawn --depth × --u up and to the left of the one below, and a
// tile's thickness is the same --depth × --u, so the edges of a stack can be counted.

import { watchTurnSetting } from "./turn-setting.js";

export const DEPTH = 0.26; // layer offset and tile thickness, in half-tile units
const ASPECT = 1.3; // a tile's height over its width
const ASPECT_MIN = 1.0; // squarer tiles before the board has to pan (tall layouts, low screens)
const U_MIN = 12; // half a tile: every tile at least 24 × 24 CSS px
// Half a tile a thumb hits with ease (32 px): tiles are made squarer to reach it, and
// the zoom's buttons are shown only below it.
const U_THUMB = 16;
const U_MAX = 48; // tiles up to 96 px wide on the largest screens
const ZOOM_MAX = 3; // zooming in, up to three times the fitted size
const ZOOM_STEP = 1.25;
// The playing size out of the overview: a little above the smallest, so that a finger
// hits a tile with room to spare (and the zoom is worth the tap).
const PLAY_ZOOM = 1.25;
const PAD = 0.5; // room around the tiles for the shadows, in half-tile units

// The extent of a game's tiles: half-tile columns and rows, and the top layer's index.
export function extent(tiles) {
  let cols = 0;
  let rows = 0;
  let top = 0;
  for (const tile of tiles) {
    cols = Math.max(cols, tile.x + 2);
    rows = Math.max(rows, tile.y + 2);
    top = Math.max(top, tile.z);
  }
  return { cols, rows, top };
}

// The tile size that shows the whole board, as it lies, in a box of width × height CSS
// px: {u, aspect}, with u possibly below U_MIN (the board then pans).
export function fitUnits(width, height, { cols, rows, top }) {
  const across = cols + (top + 1) * DEPTH + 2 * PAD;
  const down = (aspect) => rows * aspect + (top + 1) * DEPTH + 2 * PAD;
  const byWidth = width / across;
  let aspect = ASPECT;
  let u = Math.min(byWidth, height / down(aspect), U_MAX);
  if (u < U_THUMB && byWidth > u) {
    // Too low a box for the tiles' height: squarer tiles, down to square, until the
    // width is what limits them or a thumb's size is reached.
    const goal = Math.min(byWidth, U_THUMB);
    const wanted = (height / goal - (top + 1) * DEPTH - 2 * PAD) / rows;
    aspect = Math.max(ASPECT_MIN, Math.min(ASPECT, wanted));
    u = Math.min(byWidth, height / down(aspect), U_MAX);
  }
  return { u, aspect, turned: false };
}

// The tile size for a box of width × height CSS px, the board turned where that helps:
// {u, aspect, turned}. turn: whether the player lets the board turn.
export function fitBoard(width, height, extent, turn = true) {
  const lying = fitUnits(width, height, extent);
  const upright = height > width;
  const wide = extent.cols > extent.rows * ASPECT;
  if (!turn || !upright || !wide) return lying;
  // Turned, the layout's columns run down the screen and its rows across it. Turned
  // faces read less easily: only for tiles a tenth larger or more, or for the tiles a
  // thumb needs where the board as it lies falls short of them.
  const turned = fitUnits(height, width, extent);
  const larger = turned.u >= lying.u * 1.1;
  const thumb = turned.u > lying.u && lying.u < U_THUMB - 0.01 && turned.u >= U_THUMB - 0.01;
  return larger || thumb ? { ...turned, turned: true } : lying;
}

export class BoardFit {
  // frame: the scrolling box the board is drawn in; room: the box the page leaves for
  // the board (on a phone held upright the felt hugs the tiles inside it, so the frame's
  // own size follows the tiles and cannot be what they are fitted to); tiles: the tiles'
  // container; zoom: {box, zoomIn, zoomOut} (the buttons, shown where zooming helps);
  // tools: what holds the zoom buttons and the hint beside or below the board (board.css
  // puts it in the felt's flow or over it: in the flow it takes its room from the tiles
  // while it is shown, and only then).
  // hint: the words under the overview that say a tap zooms in (shown with it);
  // overview: whether a new game opens on it (the guided first game does not: its steps
  // point at tiles to tap, and − still shows the whole board).
  constructor({ frame, room = frame, tiles, zoom, tools = null, hint = null, overview = true }) {
    this.frame = frame;
    this.room = room;
    this.tiles = tiles;
    this.zoom = zoom;
    this.tools = tools;
    this.extent = null;
    this.scale = 1; // the player's zoom, over the fitted size
    this.last = null;
    this.overview = false; // the whole board shown below the playing size
    this.hint = hint;
    this.opensOnOverview = overview;
    this.turned = false; // whether it is drawn turned
    this.hinted = ""; // the hinted tiles last brought into view
    // Whether the player lets the board turn (the board's setting).
    this.turn = watchTurnSetting((allows) => {
      this.turn = allows;
      this.fit({ resized: true });
    });
    if ("ResizeObserver" in window) {
      let size = "";
      new ResizeObserver(() => {
        // Only a change of the room re-fits (not the scrollbars of a zoomed board).
        const now = `${this.room.clientWidth}x${this.room.clientHeight}`;
        if (now !== size) {
          size = now;
          this.fit({ resized: true });
          // The status line's words about a hint can change the room: the hint stays in view.
          const hinted = [...this.tiles.querySelectorAll(".tile.is-hint:not([hidden])")];
          if (hinted.length) this.reveal(hinted);
        }
      }).observe(this.room);
    } else {
      window.addEventListener("resize", () => this.fit({ resized: true }));
    }
    zoom.zoomIn.addEventListener("click", () => this.zoomBy(ZOOM_STEP));
    zoom.zoomOut.addEventListener("click", () => this.zoomBy(1 / ZOOM_STEP));
    this.setupPinch();
    // A hint the player asked for is brought into view where the board is zoomed in and
    // the hinted tiles lie outside the frame (after each drawing: the events of board.js).
    for (const name of ["board:game", "board:applied"]) {
      frame.addEventListener(name, () => this.showHinted());
    }
    // In the overview a pointer's tap zooms in where it landed and goes no further (the
    // board's own click handler is on the tiles, inside this frame). A keyboard's click
    // (detail 0) taps the tile.
    frame.addEventListener(
      "click",
      (event) => {
        if (!this.overview || event.detail === 0) return;
        event.stopPropagation();
        event.preventDefault();
        const box = this.frame.getBoundingClientRect();
        this.zoomTo(PLAY_ZOOM, { x: event.clientX - box.left, y: event.clientY - box.top });
      },
      true,
    );
  }

  // A new game's tiles: fit them, from the middle of the board, the whole board shown.
  setLayout(extent) {
    this.extent = extent;
    // Down to the whole board: the overview where its tiles are small.
    this.scale = this.opensOnOverview ? 0 : 1;
    this.fit({ centre: true });
  }

  // The box the tiles may take: the room, less the frame's padding and the tools where
  // they are shown in the felt's flow (reserve: {across, down} in px).
  box(reserve = { across: 0, down: 0 }) {
    const style = getComputedStyle(this.frame);
    const width =
      this.room.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - reserve.across;
    const height =
      this.room.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - reserve.down;
    return { width: Math.max(0, width), height: Math.max(0, height) };
  }

  // The room the shown tools take from the tiles: beside the board in a row, below it in
  // a column, none where they lie over the felt.
  reserve() {
    const none = { across: 0, down: 0 };
    if (!this.tools || this.tools.hidden) return none;
    const style = getComputedStyle(this.tools);
    if (style.position === "absolute" || style.display === "none") return none;
    const felt = getComputedStyle(this.tools.parentElement);
    const row = !felt.flexDirection.startsWith("column");
    const box = this.tools.getBoundingClientRect();
    return row ? { across: box.width, down: 0 } : { across: 0, down: box.height };
  }

  // The sizes for the current box: whole (the whole board), base (what a new game shows:
  // the whole board, or the smallest tiles a finger hits where the whole board would
  // need smaller ones) and the player's zoom on top.
  sizes(reserve) {
    const { width, height } = this.box(reserve);
    const whole = fitBoard(width, height, this.extent, this.turn);
    // Squarer tiles made to reach the smallest size can miss it by a rounding error; a
    // hundredth of a pixel is no reason for an overview.
    if (whole.u < U_MIN && whole.u > U_MIN - 0.01) whole.u = U_MIN;
    const base = Math.max(whole.u, U_MIN);
    const min = whole.u / base; // zooming out: down to the whole board
    const max = Math.max(ZOOM_MAX, (U_MIN * 2) / base);
    return { whole, base, min, max };
  }

  // resized: the screen changed (the overview stays the overview); focus: a point of the
  // frame ({x, y} from its top left) that stays where it is, the fingers' or the middle.
  fit({ centre = false, focus = null, resized = false } = {}) {
    if (!this.extent) return;
    if (resized && this.overview) this.scale = 0;
    let wanted = this.scale;
    // First without the tools; where zooming helps, they are shown and the tiles fitted
    // again in the room they leave (smaller tiles: zooming still helps).
    let sizes = this.sizes();
    if (sizes.whole.turned !== this.turned) {
      // Turned or turned back (the phone, or the setting): the board starts afresh as a
      // new game opens, from its middle; the game itself is untouched.
      wanted = this.opensOnOverview ? 0 : 1;
      centre = true;
      focus = null;
    }
    this.settle(sizes, wanted);
    const zooms = sizes.whole.u < U_THUMB || this.scale !== 1;
    if (this.tools) {
      this.tools.hidden = !zooms;
      this.zoom.box.hidden = !zooms;
      if (this.hint) this.hint.hidden = !this.overview;
      if (zooms) {
        sizes = this.sizes(this.reserve());
        this.settle(sizes, wanted);
      }
    }
    const { whole, base, min, max } = sizes;
    const before = this.last;
    const u = base * this.scale;
    // The point of the board under the focus, in tile units, before the change.
    let anchor = null;
    if (focus && before && !centre) {
      const frameBox = this.frame.getBoundingClientRect();
      const tilesBox = this.tiles.getBoundingClientRect();
      anchor = {
        x: (frameBox.left + focus.x - tilesBox.left) / before.u,
        y: (frameBox.top + focus.y - tilesBox.top) / before.u,
        frameBox,
      };
    }
    const style = this.tiles.style;
    style.setProperty("--u", `${u.toFixed(3)}px`);
    style.setProperty("--aspect", whole.aspect.toFixed(3));
    style.setProperty("--depth", String(DEPTH));
    style.setProperty("--pad", String(PAD));
    style.setProperty("--cols", String(this.extent.cols));
    style.setProperty("--rows", String(this.extent.rows));
    style.setProperty("--top", String(this.extent.top));
    this.turned = whole.turned;
    this.tiles.classList.toggle("is-turned", whole.turned);
    this.last = { u, aspect: whole.aspect };
    // Zooming helps where the tiles are small: phones, a small window.
    if (!this.tools) this.zoom.box.hidden = !zooms;
    this.zoom.zoomIn.disabled = this.scale >= max - 1e-6;
    this.zoom.zoomOut.disabled = this.scale <= min + 1e-6;
    this.frame.classList.toggle("is-zoomed", u > whole.u + 0.01);
    this.frame.classList.toggle("is-overview", this.overview);
    if (this.hint) this.hint.hidden = !this.overview;
    if (centre) {
      this.frame.scrollLeft = (this.frame.scrollWidth - this.frame.clientWidth) / 2;
      this.frame.scrollTop = (this.frame.scrollHeight - this.frame.clientHeight) / 2;
    } else if (anchor) {
      // Keep the point under the fingers (or the middle of the view) where it was; the
      // tiles may have been centred in the frame before, and start at its edge now.
      const tilesBox = this.tiles.getBoundingClientRect();
      this.frame.scrollLeft += tilesBox.left + anchor.x * u - (anchor.frameBox.left + focus.x);
      this.frame.scrollTop += tilesBox.top + anchor.y * u - (anchor.frameBox.top + focus.y);
    }
  }

  // The player's zoom, kept within what the sizes allow; nothing between the whole board
  // and the playing size (a tile a finger can miss that still does not show the whole
  // board helps no one): the nearer of the two.
  settle({ min, max }, wanted) {
    this.scale = Math.min(max, Math.max(min, wanted));
    if (this.scale < 1 && this.scale > min) this.scale = this.scale < (min + 1) / 2 ? min : 1;
    this.overview = this.scale < 1;
  }

  // The hinted tiles, once per hint: scrolled into the frame's view where they are not
  // (a zoomed-in board), with a little room around them for the outline; a pair farther
  // apart than the view is wide or high is first zoomed out until it fits (at most to
  // the whole board).
  showHinted() {
    const hinted = [...this.tiles.querySelectorAll(".tile.is-hint:not([hidden])")];
    const key = hinted.map((button) => button.dataset.id).join(" ");
    if (key === this.hinted) return;
    this.hinted = key;
    if (!hinted.length) return;
    let span = this.span(hinted);
    // The outline's room does not shrink with the tiles: a few steps may be needed.
    for (let step = 0; step < 4; step++) {
      const factor = Math.min(
        this.frame.clientWidth / (span.right - span.left),
        this.frame.clientHeight / (span.bottom - span.top),
      );
      if (factor >= 1 || this.scale <= 1) break;
      this.zoomTo(this.scale * Math.min(factor, 0.95));
      span = this.span(hinted);
    }
    this.reveal(hinted);
  }

  // The least scrolling that shows the given tiles (the start of them where they are
  // larger than the view).
  reveal(buttons) {
    const span = this.span(buttons);
    const width = this.frame.clientWidth;
    const height = this.frame.clientHeight;
    const view = this.frame.getBoundingClientRect();
    const shift = (start, end, viewStart, size) => {
      if (start < viewStart || end - start > size) return start - viewStart;
      if (end > viewStart + size) return end - (viewStart + size);
      return 0;
    };
    this.frame.scrollLeft += shift(span.left, span.right, view.left, width);
    this.frame.scrollTop += shift(span.top, span.bottom, view.top, height);
  }

  // The box on screen that holds the given tiles, their thickness and their outlines.
  span(buttons) {
    const boxes = buttons.map((button) => button.getBoundingClientRect());
    const room = 2 * (this.last ? this.last.u * DEPTH : 0) + 4;
    return {
      left: Math.min(...boxes.map((box) => box.left)) - room,
      right: Math.max(...boxes.map((box) => box.right)) + room,
      top: Math.min(...boxes.map((box) => box.top)) - room,
      bottom: Math.max(...boxes.map((box) => box.bottom)) + room,
    };
  }

  zoomBy(factor, focus = null) {
    if (!this.extent) return;
    // Out of the overview, + goes straight to the playing size.
    this.zoomTo(this.overview && factor > 1 ? PLAY_ZOOM : this.scale * factor, focus);
  }

  zoomTo(scale, focus = null) {
    if (!this.extent) return;
    const middle = focus || { x: this.frame.clientWidth / 2, y: this.frame.clientHeight / 2 };
    this.scale = scale;
    this.fit({ focus: middle });
  }

  // Two fingers on the board zoom it (the browser's own pinch is off there: board.css);
  // one finger pans, as the browser does.
  setupPinch() {
    let start = null;
    const spread = (touches) =>
      Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    const middle = (touches) => {
      const box = this.frame.getBoundingClientRect();
      return {
        x: (touches[0].clientX + touches[1].clientX) / 2 - box.left,
        y: (touches[0].clientY + touches[1].clientY) / 2 - box.top,
      };
    };
    this.frame.addEventListener(
      "touchstart",
      (event) => {
        if (event.touches.length === 2) start = { spread: spread(event.touches), scale: this.scale };
      },
      { passive: true },
    );
    this.frame.addEventListener(
      "touchmove",
      (event) => {
        if (!start || event.touches.length !== 2) return;
        if (event.cancelable) event.preventDefault();
        const wanted = (start.scale * spread(event.touches)) / start.spread;
        this.zoomTo(wanted, middle(event.touches));
      },
      { passive: false },
    );
    const end = (event) => {
      if (event.touches.length < 2) start = null;
    };
    this.frame.addEventListener("touchend", end, { passive: true });
    this.frame.addEventListener("touchcancel", end, { passive: true });
  }
}

// The play page takes the screen's height below the site's head (board.css): that head's
// height, which depends on the language and the screen's width, as --site-header-height.
export function fitPageBelow(header) {
  if (!header) return;
  const measure = () =>
    document.documentElement.style.setProperty("--site-header-height", `${header.offsetHeight}px`);
  measure();
  if ("ResizeObserver" in window) new ResizeObserver(measure).observe(header);
  else window.addEventListener("resize", measure);
}
