// Formatting every page shares.

/** Whole seconds as a clock reads them: 90 → "1:30", 3725 → "1:02:05". The caller decides how a fraction is
 * made whole (a running timer floors, a song's length rounds). */
export function clockText(wholeSeconds) {
  const s = Math.max(0, wholeSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}
