// The music's tempo during a run, one step about once a second: the browser's copy of
// Tempo's LiveTempo.swift. Both are checked against cases/live-tempo-cases.json (the Swift
// tests and e2e/browser/test_live_tempo_rules_js.py), so change the three together.
//
// A classic script (pages load scripts under a CSP without inline script or modules here):
// it defines window.CadenceLiveTempo = { step, FRESHNESS_MS, ... } and nothing else.
//
// Rules, as in Swift:
// 1. Sensor data is fresh when the newest reading is at most 5 s old.
// 2. Fresh cadence (30…300) is followed ("sensor"). Heart rate alone never sets the tempo; a
//    heart-rate-only reading counts as "no cadence".
// 3. Otherwise the plan's cadence now ("plan"); with no plan or after its end, the last cadence
//    followed ("lastKnown"); with nothing known the song keeps its rate (target null).
// 4. Half-time when the target is at least √2 × the song's BPM, double time at most ÷ √2, else 1:1.
// 5. Heart rate steers: with a zone target (input.heartRateZone {zone, low, high}) and a fresh heart rate
//    (25…250), the target eases down EASE_STEP a step above the zone, up below it, back toward none inside it
//    (and without a zone or a fresh heart rate), at most MAX_EASE either way.
// 6. The rate moves toward target ÷ (BPM × beat) by at most stepCap a step, inside [1 − budget, 1 + budget].
(function () {
  "use strict";

  const FRESHNESS_MS = 5000;
  const DEFAULT_STRETCH_BUDGET = 0.08;
  const DEFAULT_STEP_CAP = 0.02;
  const CADENCE_MIN = 30;
  const CADENCE_MAX = 300;
  const HEART_RATE_MIN = 25;
  const HEART_RATE_MAX = 250;
  const EASE_STEP = 0.0025;
  const MAX_EASE = 0.05;

  function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
  // Half up, like Swift's `whole`, so the reasons read the same on both sides.
  function whole(x) { return Math.floor(x + 0.5); }
  function percent(rate) {
    const p = whole((rate - 1) * 100);
    return p < 0 ? `${p}%` : `+${p}%`;
  }
  function isNumber(x) { return typeof x === "number" && Number.isFinite(x); }
  // One decimal, as Swift's `tenths` writes it: 2.5 → "2.5", 3 → "3.0".
  function tenths(x) {
    const t = whole(x * 10);
    return `${Math.trunc(t / 10)}.${t % 10}`;
  }
  function towardNone(ease) { return ease > 0 ? Math.max(0, ease - EASE_STEP) : Math.min(0, ease + EASE_STEP); }

  // Rule 5: the ease after this step and what to say about it.
  function steering(ease, input, sensor, fresh) {
    const heartRate = fresh && isNumber(sensor.heartRate) && sensor.heartRate >= HEART_RATE_MIN && sensor.heartRate <= HEART_RATE_MAX
      ? sensor.heartRate : null;
    const zone = input.heartRateZone || null;
    if (heartRate === null || zone === null) return { ease: towardNone(ease), text: "" };
    const bounds = `zone ${zone.zone} (${whole(zone.low)}–${whole(zone.high)})`;
    if (heartRate > zone.high) {
      const eased = Math.max(-MAX_EASE, ease - EASE_STEP);
      return { ease: eased, text: `, heart rate ${whole(heartRate)} above ${bounds}: easing down ${tenths(-eased * 100)}%` };
    }
    if (heartRate < zone.low) {
      const eased = Math.min(MAX_EASE, ease + EASE_STEP);
      return { ease: eased, text: `, heart rate ${whole(heartRate)} below ${bounds}: easing up ${tenths(eased * 100)}%` };
    }
    const eased = towardNone(ease);
    return { ease: eased, text: `, heart rate ${whole(heartRate)} in zone ${zone.zone}` + (eased === 0 ? "" : ": easing back") };
  }

  // state: { rate: number|null, lastCadence: number|null, heartRateEase?: number } (null rate: a song just started).
  // input: { now, planCadence, sensor: { time, cadence, heartRate }|null, songBPM, plannedRate,
  //          stretchBudget?, stepCap?, heartRateZone?: { zone, low, high } } — times in ms.
  // Returns { state, output: { rate, targetCadence, source, beat, reason } }.
  function step(state, input) {
    state = state || {};
    const budget = Math.max(0, isNumber(input.stretchBudget) ? input.stretchBudget : DEFAULT_STRETCH_BUDGET);
    const cap = Math.max(0, isNumber(input.stepCap) ? input.stepCap : DEFAULT_STEP_CAP);
    const low = 1 - budget, high = 1 + budget;
    const current = clamp(isNumber(state.rate) ? state.rate : input.plannedRate, low, high);
    const next = { rate: isNumber(state.rate) ? state.rate : null, lastCadence: isNumber(state.lastCadence) ? state.lastCadence : null,
                   heartRateEase: isNumber(state.heartRateEase) ? state.heartRateEase : 0 };

    const sensor = input.sensor || null;
    const fresh = sensor !== null && input.now - sensor.time <= FRESHNESS_MS;
    const sensorCadence = fresh && isNumber(sensor.cadence) && sensor.cadence >= CADENCE_MIN && sensor.cadence <= CADENCE_MAX
      ? sensor.cadence : null;
    const heartRateOnly = fresh && sensorCadence === null && isNumber(sensor.heartRate);
    const planCadence = isNumber(input.planCadence) ? input.planCadence : null;

    let baseTarget, source, lead;
    if (sensorCadence !== null) {
      baseTarget = sensorCadence; source = "sensor"; lead = `Following your cadence of ${whole(sensorCadence)}`;
      next.lastCadence = sensorCadence;
    } else if (planCadence !== null) {
      baseTarget = planCadence; source = "plan";
      lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
        + `: following the plan's ${whole(planCadence)}`;
      next.lastCadence = planCadence;
    } else if (next.lastCadence !== null) {
      baseTarget = next.lastCadence; source = "lastKnown";
      lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
        + `, open-ended: keeping the last known ${whole(next.lastCadence)}`;
    } else {
      baseTarget = null; source = "lastKnown"; lead = "Nothing known yet: keeping the song's speed";
    }

    const steer = steering(next.heartRateEase, input, sensor, fresh);
    next.heartRateEase = steer.ease;
    const target = baseTarget === null ? null : baseTarget * (1 + steer.ease);
    lead += steer.text;
    if (target === null || !(input.songBPM > 0)) {
      next.rate = current;
      return { state: next, output: { rate: current, targetCadence: null, source, beat: null,
                                      reason: `${lead} → song at ${percent(current)}` } };
    }
    const ratio = target / input.songBPM;
    const beat = ratio >= Math.SQRT2 ? "halfTime" : ratio <= 1 / Math.SQRT2 ? "doubleTime" : "direct";
    const perBeat = beat === "halfTime" ? 2 : beat === "doubleTime" ? 0.5 : 1;
    const wanted = target / (input.songBPM * perBeat);
    const desired = clamp(wanted, low, high);
    const rate = clamp(current + clamp(desired - current, -cap, cap), low, high);
    next.rate = rate;

    let reason = `${lead} → song at ${percent(rate)}`;
    if (rate !== desired) reason += `, heading for ${percent(desired)}`;
    if (wanted !== desired) reason += " (stretch budget reached)";
    return { state: next, output: { rate, targetCadence: target, source, beat, reason } };
  }

  window.CadenceLiveTempo = Object.freeze({
    step, FRESHNESS_MS, DEFAULT_STRETCH_BUDGET, DEFAULT_STEP_CAP, CADENCE_MIN, CADENCE_MAX, EASE_STEP, MAX_EASE,
  });
})();
