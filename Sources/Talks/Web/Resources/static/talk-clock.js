// Following a talk run on a page (the watch's cue card, the phone's "Now on the watch"):
// the server's clock, estimated from requests' round trips, and a render at the exact
// instant the run's state changes (a timeout to the next cue, second or pace change)
// rather than on a polling interval, which showed each cue up to a tick late.
import { nextChangeAt } from "./talk-run.js";

/**
 * When the last request to `url` left and its answer's first byte came back, on Date.now()'s
 * clock, from the browser's own network timing (Resource Timing): a busy page's event loop,
 * which may run the code after `await fetch` many milliseconds late, does not skew them.
 * Null when the browser has no such entry.
 */
function networkTimes(url) {
  const entry = performance.getEntriesByName(url, "resource").at(-1);
  performance.clearResourceTimings(); // nothing else reads them; the buffer would fill up
  if (!entry || !entry.requestStart || !entry.responseStart) return null;
  const wallMinusMonotonic = Date.now() - (performance.timeOrigin + performance.now());
  const base = performance.timeOrigin + wallMinusMonotonic;
  return [base + entry.requestStart, base + entry.responseStart];
}

export class RunClock {
  /** `render(now)` draws the page as of `now`, an instant on the server's clock (ms). */
  constructor(render) {
    this.render = render;
    this.offset = 0; // the server's clock minus ours
    this.run = null;
    this.timer = undefined;
  }

  now() {
    return Date.now() + this.offset;
  }

  /**
   * A request whose answer carries `serverTime`: the server read its clock about half-way
   * through the round trip, so that is what ours read then. Returns the parsed body, or
   * null when the answer was not a success.
   */
  async fetchJSON(url, init) {
    const sent = Date.now();
    const response = await fetch(url, init);
    const received = Date.now();
    if (!response.ok) return null;
    const body = await response.json();
    const serverTime = body.serverTime; // the cast and a run both carry it
    if (typeof serverTime === "number") {
      const [left, answered] = networkTimes(response.url) ?? [sent, received];
      this.offset = Math.round(serverTime - (left + answered) / 2);
      document.body.dataset.clockOffset = String(this.offset); // read by e2e/bench/cue_timing.py
    }
    return body;
  }

  /** Shows `run` (or nothing) now, and again at each instant its state changes. */
  follow(run) {
    this.run = run;
    this.tick();
  }

  /** Renders as of `due` (the instant this tick was set for) or now if later, then sets the next tick. */
  tick(due = -Infinity) {
    clearTimeout(this.timer);
    const now = Math.max(this.now(), due);
    this.render(now);
    const next = this.run ? nextChangeAt(this.run, now) : null;
    document.body.dataset.nextChange = next === null ? "" : String(next);
    if (next === null) return;
    this.timer = setTimeout(() => this.tick(next), Math.max(0, next - this.now()));
  }
}
