// Tempo pages: the JSON API, number formatting, the account's units (km or mi) and the SVG chart (plan curve,
// songs' tempi).

import { clockText } from "./format.js";
import { formatNumber, t } from "./i18n.js";

/** An API call; resolves to the parsed body, or throws an Error with .field from the API's error. */
export async function api(method, path, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api/v1/tempo${path}`, options);
  } catch {
    throw new Error(t("tempo.util.unreachable"));
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {}
  if (!response.ok) {
    const error = new Error(data?.error?.message || t("tempo.util.server_answered", { status: response.status }));
    error.field = data?.error?.field || null;
    error.status = response.status;
    throw error;
  }
  return data;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

export function showError(element, error) {
  const message = typeof error === "string" ? error : error.message;
  element.textContent = error.field ? t("tempo.util.with_field", { message, field: error.field }) : message;
  element.hidden = false;
}

export function bpm(value) {
  return value === null || value === undefined ? "" : formatNumber(Number(value), value % 1 === 0 ? 0 : 1);
}

/** A length (a song, a plan) to the nearest second. */
export function clock(seconds) {
  return clockText(Math.round(seconds));
}

export function minutes(seconds) {
  const m = seconds / 60;
  return t("tempo.util.minutes", { minutes: Number.isInteger(Math.round(m * 10) / 10) ? formatNumber(Math.round(m)) : formatNumber(m, 1) });
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (and text). */
export function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A round grid step (1, 2 or 5 × 10^n) that cuts `range` into about `target` parts. */
export function niceStep(range, target) {
  const raw = range / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/**
 * Draws the plan's cadence curve (x = minutes, y = steps/min, zones along the right) and,
 * when given, each song's played tempo as a bar from its start to its end.
 * curve: [{seconds, cadence, effort}]; songs: [{start, end, bpm, label}].
 */
export function drawChart(target, options) {
  const { curve, songs = [], unit = t("tempo.util.steps_per_min") } = options;
  // Drawn at the width it is shown at, so the labels keep their size; again when that changes.
  const shown = target.parentElement?.clientWidth || 640;
  const W = Math.round(Math.min(960, Math.max(260, shown)));
  const H = Math.round(Math.min(300, Math.max(170, W * 0.45)));
  const left = 46, right = 12, top = 12, bottom = 36;
  target.chartOptions = options;
  target.chartWidth = W;
  if (!target.chartObserver && target.parentElement && "ResizeObserver" in window) {
    target.chartObserver = new ResizeObserver(() => {
      const width = Math.round(Math.min(960, Math.max(260, target.parentElement.clientWidth || 640)));
      if (width !== target.chartWidth) drawChart(target, target.chartOptions);
    });
    target.chartObserver.observe(target.parentElement);
  }
  target.replaceChildren();
  target.setAttribute("viewBox", `0 0 ${W} ${H}`);
  target.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const total = Math.max(1, ...curve.map((p) => p.seconds), ...songs.map((s) => s.end));
  const values = [...curve.map((p) => p.cadence), ...songs.map((s) => s.bpm)];
  let low = Math.min(...values), high = Math.max(...values);
  if (!Number.isFinite(low)) { low = 140; high = 190; }
  const pad = Math.max(5, (high - low) * 0.1);
  low = Math.floor((low - pad) / 5) * 5;
  high = Math.ceil((high + pad) / 5) * 5;
  const x = (t) => left + (t / total) * (W - left - right);
  const y = (v) => top + (1 - (v - low) / (high - low)) * (H - top - bottom);

  const grid = svg("g", { class: "chart-grid" });
  const yStep = niceStep(high - low, H < 220 ? 4 : 6);
  for (let v = Math.ceil(low / yStep) * yStep; v <= high; v += yStep) {
    grid.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    grid.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "chart-label" }, String(v)));
  }
  const xStep = niceStep(total / 60, W < 400 ? 4 : 8) * 60;
  for (let t = 0; t <= total + 1; t += xStep) {
    grid.append(svg("line", { x1: x(t), x2: x(t), y1: top, y2: H - bottom, class: "chart-vline" }));
    grid.append(svg("text", { x: x(t), y: H - bottom + 16, "text-anchor": "middle", class: "chart-label" }, String(Math.round(t / 60))));
  }
  grid.append(svg("text", { x: (left + W - right) / 2, y: H - 4, "text-anchor": "middle", class: "chart-axis" }, t("tempo.util.axis_minutes")));
  grid.append(svg("text", { x: 12, y: (top + H - bottom) / 2, "text-anchor": "middle", class: "chart-axis",
    transform: `rotate(-90 12 ${(top + H - bottom) / 2})` }, unit));
  target.append(grid);

  if (curve.length) {
    const points = curve.map((p) => `${x(p.seconds).toFixed(1)},${y(p.cadence).toFixed(1)}`).join(" ");
    target.append(svg("polyline", { points, class: "chart-curve" }));
  }
  if (songs.length) {
    const bars = svg("g", { class: "chart-songs" });
    songs.forEach((song, index) => {
      const rect = svg("rect", { x: x(song.start), y: y(song.bpm) - 3, width: Math.max(1, x(song.end) - x(song.start)), height: 6,
        class: index % 2 ? "chart-song odd" : "chart-song" });
      rect.append(svg("title", {}, song.label));
      bars.append(rect);
    });
    target.append(bars);
  }
  target.dataset.points = String(curve.length);
  target.dataset.songs = String(songs.length);
  target.dataset.bars = songs.map((s) => `${Math.round(s.start)}@${s.bpm.toFixed(1)}`).join(" ");
}

/** One sentence for screen readers (and everyone) describing the curve. */
export function describeCurve(curve, unit = t("tempo.util.steps_per_min")) {
  if (!curve.length) return t("tempo.util.no_intervals");
  const values = curve.map((p) => p.cadence);
  const total = curve[curve.length - 1].seconds;
  return t("tempo.util.curve", {
    length: minutes(total), low: formatNumber(Math.round(Math.min(...values))), high: formatNumber(Math.round(Math.max(...values))), unit,
  });
}

/**
 * A delete button that asks first, in the page (no dialog): `label` on the button, `question` and `keep` in the
 * confirmation; `onDelete` runs on "Delete". Returns the nodes to place (the button, then the hidden question).
 */
export function deleteWithConfirmation({ label, question, keep = t("tempo.util.keep_it"), ariaLabel, buttonClass = "secondary tempo-delete", onDelete }) {
  const remove = el("button", { type: "button", class: buttonClass, text: label, "aria-label": ariaLabel });
  const confirm = el("div", { class: "tempo-confirm", hidden: true }, el("p", { text: question }));
  const yes = el("button", { type: "button", class: "danger", "data-action": "confirm-delete", text: t("tempo.util.delete") });
  const no = el("button", { type: "button", class: "secondary", text: keep });
  confirm.append(el("div", { class: "button-row" }, yes, no));
  remove.addEventListener("click", () => { confirm.hidden = false; remove.hidden = true; no.focus(); });
  no.addEventListener("click", () => { confirm.hidden = true; remove.hidden = false; remove.focus(); });
  yes.addEventListener("click", onDelete);
  return [remove, confirm];
}

// ---- Units: the account's choice (`data-units` on the page), for what the pages show; the API stays in SI ----

export const METRES_PER_MILE = 1609.344;
export const KILOGRAMS_PER_POUND = 0.45359237;

/** "metric" or "imperial", as the page says (`data-units` on an element of it); metric when it says nothing. */
export function units() {
  return document.querySelector("[data-units]")?.dataset.units === "imperial" ? "imperial" : "metric";
}

export function imperial() {
  return units() === "imperial";
}

/** Metres in the person's long unit (km or mi). */
export function distanceValue(metres) {
  return metres / (imperial() ? METRES_PER_MILE : 1000);
}

/** "km" or "mi". */
export function distanceUnit() {
  return t(imperial() ? "unit.mi" : "unit.km");
}

/** "10.00 km" or "6.21 mi" (two decimals, in the page's digits); "–" for nothing. */
export function distanceText(metres, fractionDigits = 2) {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return "–";
  return t("tempo.util.distance", { value: formatNumber(distanceValue(metres), fractionDigits), unit: distanceUnit() });
}

/** Seconds per km as seconds per the person's unit (per km or per mi). */
export function perUnit(secondsPerKm) {
  return imperial() ? secondsPerKm * (METRES_PER_MILE / 1000) : secondsPerKm;
}

/** "/km" or "/mi", after a pace's clock. */
export function paceUnit() {
  return t(imperial() ? "unit.pace_mi" : "unit.pace_km");
}

/** "min/km" or "min/mi", on a chart's axis. */
export function paceAxisUnit() {
  return t(imperial() ? "tempo.util.min_per_mi" : "tempo.util.min_per_km");
}

/** A speed from seconds per km: "12.0 km/h" or "7.5 mph". */
export function speedText(secondsPerKm) {
  const perHour = imperial() ? 3600 / secondsPerKm * 1000 / METRES_PER_MILE : 3600 / secondsPerKm;
  return t("tempo.util.speed", { value: formatNumber(perHour, 1), unit: speedUnit() });
}

/** "km/h" or "mph". */
export function speedUnit() {
  return t(imperial() ? "tempo.util.mph" : "tempo.util.kmh");
}

/** Kilograms in the person's unit (kg or lb). */
export function weightValue(kilograms) {
  return imperial() ? kilograms / KILOGRAMS_PER_POUND : kilograms;
}

/** A weight typed in the person's unit, back to kilograms (what the API keeps). */
export function kilogramsFrom(value) {
  return imperial() ? value * KILOGRAMS_PER_POUND : value;
}
