// Follow my pace without a plan: which song to play for the runner's cadence now. A classic script (as
// tempo-live-rules.js) defining window.CadencePaceFollow = { chooseSong, … }, so the page and the tests use one copy.
//
// Rule: every analysed song is a candidate at 1:1 and at 2:1 (half-time: one beat every other step). The rate it
// would play at is cadence ÷ (BPM × steps per beat); a candidate within the stretch budget costs its stretch
// (|rate − 1|), plus 0.01 for half-time (a beat on every step feels closer), plus 1 when it is in `recent` (the page
// passes its last five songs: repeats only when nothing else fits). Nothing within the budget: the closest song
// anyway, at the budget's edge — there is always music. One pass over the library (median 0.3 ms for 10,000 songs:
// e2e/bench/follow_choice.py).
(function () {
  "use strict";

  const PER_BEAT = { direct: 1, halfTime: 2 };

  // library: [{ id, bpm, … }]; recent: ids played lately (newest last). Returns { song, beat, rate, withinBudget } or null.
  function chooseSong(library, cadence, budget, recent) {
    if (!(cadence > 0) || !library.length) return null;
    const lately = new Set(recent || []);
    let best = null, closest = null;
    for (const song of library) {
      if (!(song.bpm > 0)) continue;
      for (const beat of ["direct", "halfTime"]) {
        const rate = cadence / (song.bpm * PER_BEAT[beat]);
        const stretch = Math.abs(rate - 1);
        const cost = stretch + (beat === "halfTime" ? 0.01 : 0) + (lately.has(song.id) ? 1 : 0);
        if (stretch <= budget) {
          if (best === null || cost < best.cost) best = { song, beat, rate, cost, withinBudget: true };
        } else if (closest === null || cost < closest.cost) {
          closest = { song, beat, rate: Math.min(1 + budget, Math.max(1 - budget, rate)), cost, withinBudget: false };
        }
      }
    }
    return best || closest;
  }

  // True when the song, at its beat, cannot reach the cadence within the budget.
  function outOfBudget(cadence, songBPM, beat, budget) {
    return Math.abs(cadence / (songBPM * (PER_BEAT[beat] || 1)) - 1) > budget + 1e-9;
  }

  window.CadencePaceFollow = Object.freeze({ chooseSong, outOfBudget });
})();
