// The guided first game, on the example deal (an invitation from the rules page):
// it points at a free tile and says why it is free, then at its match, then at a blocked
// tile to show what a blocked tap does, then hands over. Its words are the rules page's
// own sentences and its tiles come from the engine, both sent by the server
// (config.guide). The player's own taps move it on; it can be skipped at any step, and
// it never comes back uninvited: its invitation is taken out of the address at once.

export class Guide {
  constructor({ config, panel, text, done, skip, show, pointer, buttonFor, tap }) {
    this.config = config;
    this.panel = panel;
    this.text = text;
    this.doneButton = done;
    this.showButton = show;
    this.pointer = pointer;
    this.buttonFor = buttonFor;
    this.step = null;
    this.pointed = null;
    done.addEventListener("click", () => this.end());
    skip.addEventListener("click", () => this.end());
    // The arrow keys only reach free tiles: this taps the blocked one for the player.
    show.addEventListener("click", () => tap(this.config.tiles.blocked));
  }

  start() {
    const url = new URL(window.location.href);
    url.searchParams.delete("guide");
    window.history.replaceState(null, "", url);
    this.panel.hidden = false;
    this.show("free");
  }

  get active() {
    return this.step !== null;
  }

  // Called with each answer of the server: the player's taps move the guide on.
  update(state) {
    if (!this.active) return;
    if (state.code !== this.config.code) {
      this.end(); // another game: the guide has nothing more to say
      return;
    }
    const { free, match } = this.config.tiles;
    // A pair of the step's tiles is gone (the two, or either with another tile of the
    // same face): the pairs are learnt, on to the blocked tile.
    const paired = state.tiles[free].removed || state.tiles[match].removed;
    const early = this.step === "free" || this.step === "match";
    if (early && paired) this.show("blocked");
    else if (this.step === "free" && state.selected === free) this.show("match");
    // The selection left the guide's tile: back to choosing it (its own step, not on).
    else if (this.step === "match" && state.selected !== free) this.show("free");
    else if (this.step === "blocked" && state.event === "blocked") this.show("done");
    else this.point(); // another tile tapped, or the board drawn anew: the same step
  }

  show(step) {
    this.step = step;
    const words = this.config.words[step];
    const nodes = [];
    if (step === "free") {
      // The definition, its two conditions as a list, then what a tap does.
      const [intro, top, side, tap] = words;
      const list = document.createElement("ul");
      for (const item of [top, side]) {
        const li = document.createElement("li");
        li.textContent = item;
        list.append(li);
      }
      nodes.push(paragraph(intro), list, paragraph(tap));
    } else {
      nodes.push(...words.map(paragraph));
    }
    this.text.replaceChildren(...nodes);
    this.doneButton.hidden = step !== "done";
    this.showButton.hidden = step !== "blocked";
    this.point();
    // Not for the last step: the player is looking at what the blocked tap said and
    // outlined.
    if (step !== "done") this.reveal();
  }

  // On a phone the panel and the board do not fit on one screen: unless its heading and
  // first sentence are in view, the step's panel is scrolled to the top of the screen
  // (below what stays in view there: the page's scroll padding), or the player would
  // tap on below words never read.
  reveal() {
    const style = window.getComputedStyle(document.documentElement);
    const top = parseFloat(style.scrollPaddingTop) || 0;
    const bottom = window.innerHeight - (parseFloat(style.scrollPaddingBottom) || 0);
    const first = this.text.firstElementChild || this.text;
    const seen =
      this.panel.getBoundingClientRect().top >= top && first.getBoundingClientRect().bottom <= bottom;
    if (!seen) this.panel.scrollIntoView({ block: "start" });
  }

  // Ring the step's tile, and name it (its accessible name: "Red dragon, free").
  point() {
    if (this.pointed) this.pointed.classList.remove("is-guided");
    const id = this.step === "done" ? undefined : this.config.tiles[this.step];
    this.pointed = id === undefined ? null : this.buttonFor(id);
    if (this.pointed) this.pointed.classList.add("is-guided");
    const name = this.pointed ? this.pointed.getAttribute("aria-label") : null;
    this.pointer.hidden = !name;
    this.pointer.textContent = name ? `→ ${name}` : "";
  }

  end() {
    this.step = null;
    this.point();
    this.panel.hidden = true;
  }
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}
