// Tempo runs (M4, M5), shared by the phone's live run, the watch's run view and the run pages:
// where a run is in its plan, the stride model (cadence ↔ pace), sample queues kept in
// localStorage until the server acknowledges them, a step detector and the tempo rule.

import { clockText } from "./format.js";
import { t } from "./i18n.js";
import { paceUnit, perUnit, speedText } from "./tempo-util.js";

/** Zone tables from Sources/Tempo/Domain/Activity.swift: cadence and speed (m/s) at zones 1…5. */
const ZONES = {
  running: { cadence: [150, 160, 168, 176, 185], speed: [420, 375, 330, 290, 255].map((s) => 1000 / s), unit: "steps_per_min" },
  walking: { cadence: [100, 108, 115, 122, 130], speed: [720, 660, 600, 545, 500].map((s) => 1000 / s), unit: "steps_per_min" },
  cycling: { cadence: [70, 80, 90, 100, 110], speed: [18, 22, 26, 30, 34].map((k) => k / 3.6), unit: "rpm" },
};

/** "steps/min" or "rpm", in the page's language. */
export function cadenceUnit(activity) {
  return t(`tempo.util.${(ZONES[activity] || ZONES.running).unit}`);
}

function interpolate(x, xs, ys) {
  // Piecewise linear, extended linearly beyond the ends (xs may be decreasing).
  const n = xs.length;
  let i = 0;
  const increasing = xs[n - 1] > xs[0];
  while (i < n - 2 && (increasing ? x > xs[i + 1] : x < xs[i + 1])) i += 1;
  const t = (x - xs[i]) / (xs[i + 1] - xs[i]);
  return ys[i] + t * (ys[i + 1] - ys[i]);
}

/** Speed (m/s) the stride model gives for a cadence. */
export function speedForCadence(activity, cadence) {
  const zone = ZONES[activity] || ZONES.running;
  return Math.max(0.5, interpolate(cadence, zone.cadence, zone.speed));
}

export function cadenceForSpeed(activity, speed) {
  const zone = ZONES[activity] || ZONES.running;
  return interpolate(speed, zone.speed, zone.cadence);
}

/** Cycling, and an activity nobody named (a drive, a train), read as a speed rather than a pace. */
export function showsSpeed(activity) {
  return activity === "cycling" || activity === "other";
}

/** "5:30 /km" for seconds per km ("8:51 /mi" in imperial units); a speed in km/h (mph) where `showsSpeed`. */
export function paceText(activity, secondsPerKm) {
  if (!Number.isFinite(secondsPerKm) || secondsPerKm <= 0 || secondsPerKm > 3600) return "–";
  if (showsSpeed(activity)) return speedText(secondsPerKm);
  return t("tempo.util.pace", { clock: paceClock(secondsPerKm), unit: paceUnit() });
}

/** A pace's clock alone, per the person's unit: "5:30". */
export function paceClock(secondsPerKm) {
  return clockText(Math.round(perUnit(secondsPerKm)));
}

/** "5:30" → 330; a plain number is minutes. */
export function parsePace(text) {
  const match = String(text).trim().match(/^(\d{1,2})(?::(\d{1,2}))?$/);
  if (!match) return null;
  const seconds = Number(match[1]) * 60 + Number(match[2] || 0);
  return seconds >= 60 && seconds <= 3600 ? seconds : null;
}

/** A running time: whole seconds elapsed, as a stopwatch shows them. */
export function clock(seconds) {
  return clockText(Math.floor(seconds));
}

export function wholeSecond(ms) {
  return Math.floor(ms / 1000) * 1000;
}

/** ISO 8601 without fractions (the server's decoder takes whole seconds). */
export function isoSeconds(ms) {
  return new Date(wholeSecond(ms)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export { newId } from "./live.js";

/** Notes, once, the device that measured a reading of this kind ("heartRate", "cadence") in the run's list. */
export function noteSource(run, kind, name) {
  if (!name) return;
  run.sources ??= { heartRate: [], cadence: [] };
  if (!run.sources[kind].includes(name)) run.sources[kind].push(name);
}

/** The run's sources as every samples batch carries them (the server keeps each once). */
export function sourcesOf(run) {
  return run.sources ?? { heartRate: [], cadence: [] };
}

/**
 * Where a run is in its plan after `seconds` of running (pauses left out): the interval, the
 * time left in it, the next one and the planned cadence now (ramps interpolated).
 */
export function planPosition(segments, seconds) {
  if (!segments || !segments.length) return null;
  const last = segments[segments.length - 1];
  const total = last.start + last.duration;
  if (seconds >= total) return { done: true, index: segments.length, segment: null, left: 0, next: null, cadence: last.cadenceEnd, total };
  let index = segments.findIndex((s) => seconds < s.start + s.duration);
  if (index < 0) index = segments.length - 1;
  const segment = segments[index];
  const into = Math.max(0, seconds - segment.start);
  const fraction = segment.duration > 0 ? into / segment.duration : 0;
  return {
    done: false, index, segment, total,
    left: segment.start + segment.duration - seconds,
    next: segments[index + 1] || null,
    cadence: segment.cadenceStart + (segment.cadenceEnd - segment.cadenceStart) * fraction,
  };
}

/** The heart-rate zone the interval asks for now (a ramp from zone 2 to 4 passes through 3), or null. */
export function zoneNow(at) {
  const segment = at && !at.done ? at.segment : null;
  const from = segment?.targetStart?.zone, to = segment?.targetEnd?.zone ?? from;
  if (typeof from !== "number") return null;
  const fraction = segment.duration > 0 ? Math.min(1, Math.max(0, (segment.duration - at.left) / segment.duration)) : 0;
  return Math.round(from + (to - from) * fraction);
}

export function roundText(segment) {
  return segment && segment.round && segment.rounds ? `${segment.round}/${segment.rounds}` : "";
}

/**
 * Samples waiting for the server, in localStorage under one key per run and device, merged by
 * time (a second recorded twice keeps one sample with the fields of both). Removed only when
 * the server acknowledged them, so a reload or a dropped network loses nothing.
 */
export class SampleQueue {
  constructor(runId, who) {
    this.key = `cadence.tempo.samples.${who}.${runId}`;
    this.items = new Map(JSON.parse(localStorage.getItem(this.key) || "[]").map((s) => [s.t, s]));
  }

  add(sample) {
    const previous = this.items.get(sample.t) || {};
    const merged = { ...sample, ...previous };
    for (const [name, value] of Object.entries(sample)) if (merged[name] === undefined || merged[name] === null) merged[name] = value;
    this.items.set(sample.t, merged);
    this.save();
  }

  /** The oldest samples, at most `count`. */
  take(count) {
    return [...this.items.values()].sort((a, b) => a.t - b.t).slice(0, count);
  }

  remove(times) {
    for (const t of times) this.items.delete(t);
    this.save();
  }

  get size() {
    return this.items.size;
  }

  save() {
    try {
      if (this.items.size) localStorage.setItem(this.key, JSON.stringify([...this.items.values()]));
      else localStorage.removeItem(this.key);
    } catch { /* storage full: keep them in memory */ }
  }

  clear() {
    this.items.clear();
    localStorage.removeItem(this.key);
  }
}

/**
 * Steps from the accelerometer (DeviceMotion): a step is a peak of the acceleration's
 * magnitude above a threshold at least 250 ms after the last one; cadence is the steps of the
 * last 10 s scaled to a minute. Null when no step was seen for 4 s.
 */
export class StepDetector {
  constructor() {
    this.steps = [];
    this.last = 0;
    this.smoothed = 9.81;
    this.handler = (event) => this.motion(event);
  }

  async start() {
    if (!("DeviceMotionEvent" in window)) return false;
    try {
      if (typeof DeviceMotionEvent.requestPermission === "function" && (await DeviceMotionEvent.requestPermission()) !== "granted") return false;
    } catch {
      return false;
    }
    window.addEventListener("devicemotion", this.handler);
    return true;
  }

  stop() {
    window.removeEventListener("devicemotion", this.handler);
  }

  motion(event) {
    const a = event.accelerationIncludingGravity;
    if (!a || a.x === null) return;
    const magnitude = Math.hypot(a.x, a.y, a.z);
    this.smoothed = this.smoothed * 0.9 + magnitude * 0.1;
    const now = performance.now();
    if (magnitude > this.smoothed + 2.5 && now - this.last > 250) {
      this.last = now;
      this.steps.push(now);
      while (this.steps.length && now - this.steps[0] > 10000) this.steps.shift();
    }
  }

  cadence() {
    const now = performance.now();
    if (this.steps.length < 4 || now - this.steps[this.steps.length - 1] > 4000) return null;
    const span = (this.steps[this.steps.length - 1] - this.steps[0]) / 1000;
    return span > 0 ? ((this.steps.length - 1) / span) * 60 : null;
  }
}
