// Sounds of the board, made in the browser with Web Audio: nothing is fetched. Quiet
// (a peak gain of a few hundredths), short, and only in answer to the player's own
// actions. The mute switch #sound-toggle is a toggle button (pressed = sound on) whose
// choice is remembered (localStorage "mahjong.sound": "on" | "off"); nothing plays
// while the page is hidden.
//
// Listens to the board's DOM events (static/js/board.js): board:predicted and
// board:applied for selections, removals, undos and hints, board:blocked for a blocked
// tap, board:won for the win.

import { read, write } from "./storage.js";

const KEY = "mahjong.sound";

// Each sound: notes as [frequency in Hz, start in s, length in s], a wave shape and a
// peak gain. Distinct by pitch and contour: a tick, a rising pair, a low thud, a
// falling pair, a soft bell, a rising chord.
const SOUNDS = {
  select: { wave: "triangle", gain: 0.05, notes: [[880, 0, 0.05]] },
  match: { wave: "sine", gain: 0.06, notes: [[660, 0, 0.08], [990, 0.07, 0.12]] },
  blocked: { wave: "square", gain: 0.025, notes: [[150, 0, 0.09]] },
  undo: { wave: "sine", gain: 0.05, notes: [[700, 0, 0.07], [470, 0.07, 0.1]] },
  hint: { wave: "sine", gain: 0.045, notes: [[1320, 0, 0.25]] },
  win: {
    wave: "triangle",
    gain: 0.06,
    notes: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.14], [1047, 0.36, 0.4]],
  },
};

// Where storage is refused (storage.js): sound on, and the switch works for this page.
const readChoice = () => read(KEY) !== "off";
const storeChoice = (on) => write(KEY, on ? "on" : "off");

export class Sound {
  constructor() {
    this.on = readChoice();
    this.context = null;
    document.addEventListener("visibilitychange", () => {
      if (!this.context) return;
      if (document.visibilityState === "hidden") this.context.suspend().catch(() => undefined);
      else if (this.on) this.context.resume().catch(() => undefined);
    });
  }

  set(on) {
    this.on = on;
    storeChoice(on);
    if (!on && this.context) this.context.suspend().catch(() => undefined);
  }

  // Made on the first sound, which always follows a tap or a key (the browsers' rule
  // for audio that starts itself).
  audio() {
    if (!this.context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => undefined);
    return this.context;
  }

  // A sound starts on the frame after the one that shows the answer, with the movement
  // (effects.js): making it (on a page's first sound, the AudioContext too, some
  // milliseconds) is then no part of drawing the answer (bench/tap.py). A frame later is
  // not heard as late.
  play(name) {
    const sound = SOUNDS[name];
    if (!sound || !this.on || document.visibilityState === "hidden") return;
    requestAnimationFrame(() => requestAnimationFrame(() => this.start(sound)));
  }

  start(sound) {
    if (!this.on || document.visibilityState === "hidden") return;
    const context = this.audio();
    if (!context) return;
    const now = context.currentTime;
    for (const [frequency, start, length] of sound.notes) {
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = sound.wave;
      oscillator.frequency.value = frequency;
      const t0 = now + start;
      envelope.gain.setValueAtTime(0, t0);
      envelope.gain.linearRampToValueAtTime(sound.gain, t0 + 0.008);
      envelope.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
      oscillator.connect(envelope).connect(context.destination);
      oscillator.start(t0);
      oscillator.stop(t0 + length + 0.02);
    }
  }
}

// The switch: aria-pressed says whether sound is on; its name stays "Sound".
export function setupSound({ board, toggle }) {
  const sound = new Sound();
  if (toggle) {
    const show = () => toggle.setAttribute("aria-pressed", sound.on ? "true" : "false");
    show();
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      sound.set(!sound.on);
      show();
    });
  }
  // Heard when the tap is drawn: before its answer when the board expected it, and not
  // again when the answer says the same.
  const answered = (event) => {
    const { answer } = event.detail;
    switch (answer.event) {
      case "selected":
      case "selection_moved":
        sound.play("select");
        break;
      case "removed":
      case "stuck":
        sound.play("match");
        break;
      case "undone":
        sound.play("undo");
        break;
      case "hint":
        if (answer.hint) sound.play("hint");
        break;
      default:
        break; // blocked and won have events of their own
    }
  };
  board.addEventListener("board:predicted", answered);
  board.addEventListener("board:applied", (event) => {
    if (!event.detail.predicted) answered(event);
  });
  board.addEventListener("board:blocked", () => sound.play("blocked"));
  board.addEventListener("board:won", () => sound.play("win"));
  return sound;
}
