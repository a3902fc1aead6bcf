// A time of day in this browser's own zone, written as the page's language writes one in
// running text. Swedish writes an hour "kl. 01.00", with a full stop, where the browser's
// Swedish clock writes a colon.

export function clockTime(moment, lang) {
  const written = new Intl.DateTimeFormat(lang || undefined, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(moment);
  return /^sv\b/.test(lang || "") ? written.replace(":", ".") : written;
}

// The next change of the daily deals (00:00 UTC), after ``now``.
export function nextUtcMidnight(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
