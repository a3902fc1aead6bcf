// The board's clock: shows the server's elapsed time, running on between answers.
// The server measures the time; this only counts on from its last figure.

// m:ss below an hour, h:mm:ss from an hour on (62:05 would read as a time of day).
export function formatElapsed(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

export class BoardClock {
  constructor(element) {
    this.element = element;
    this.base = 0;
    this.at = 0;
    this.running = false;
    window.setInterval(() => this.tick(), 250);
  }

  // The server's figure and whether its clock runs, as of now.
  set(elapsedMs, running) {
    this.base = elapsedMs;
    this.at = performance.now();
    this.running = running;
    this.tick();
  }

  tick() {
    const ms = this.base + (this.running ? performance.now() - this.at : 0);
    const text = formatElapsed(ms);
    if (this.element.textContent !== text) this.element.textContent = text;
  }
}
