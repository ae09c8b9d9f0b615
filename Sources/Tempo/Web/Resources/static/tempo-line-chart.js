// Line charts drawn as SVG at the width they are shown at: a run's series over time (run page) and the weekly pace
// trend (runs page).
import { niceStep, svg } from "./tempo-util.js";
import { clock } from "./tempo-run-common.js";

/**
 * A line chart of [{seconds, value}] at the width it is shown at; `invert` puts small values on top (pace).
 * Along the bottom: the time in whole minutes, or `xTicks` ([{seconds, text}]) with `axis` as its title; the x axis
 * runs from 0 to `span` seconds (else to the last point); `dots` marks each point (a few weekly values).
 */
/** Draws `draw()` now and again whenever `wrap` changes width, so the chart's labels keep their size. */
export function drawAtShownWidth(wrap, draw) {
  draw();
  if (!("ResizeObserver" in window)) return;
  let width = wrap.clientWidth;
  new ResizeObserver(() => {
    if (wrap.clientWidth && wrap.clientWidth !== width) { width = wrap.clientWidth; draw(); }
  }).observe(wrap);
}

export function lineChart(target, points, { format, invert = false, unit, xTicks, axis, span, dots = false }) {
  const W = Math.round(Math.min(960, Math.max(240, target.parentElement?.clientWidth || 600)));
  const H = Math.round(Math.min(220, Math.max(140, W * 0.38)));
  const left = 52, right = 10, top = 10, bottom = 30;
  target.replaceChildren();
  target.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const values = points.map((p) => p.value);
  let low = Math.min(...values), high = Math.max(...values);
  // A flat line sits mid-chart with a readable scale (at least ±5% around it).
  const least = Math.max(2, Math.abs((high + low) / 2) * 0.1);
  if (high - low < least) { const mid = (high + low) / 2; low = mid - least / 2; high = mid + least / 2; }
  const pad = (high - low) * 0.08;
  low -= pad; high += pad;
  const total = Math.max(1, span ?? points[points.length - 1].seconds);
  const x = (t) => left + (t / total) * (W - left - right);
  const y = (v) => {
    const f = (v - low) / (high - low);
    return top + (invert ? f : 1 - f) * (H - top - bottom);
  };
  const grid = svg("g", { class: "chart-grid" });
  const step = niceStep(high - low, 4);
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) {
    grid.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    grid.append(svg("text", { x: left - 5, y: y(v) + 4, "text-anchor": "end", class: "chart-label" }, format(v)));
  }
  const label = (t, text) => {
    const anchor = x(t) > W - right - 16 ? "end" : x(t) < left + 16 ? "start" : "middle";
    grid.append(svg("text", { x: x(t), y: H - bottom + 15, "text-anchor": anchor, class: "chart-label" }, text));
  };
  if (xTicks) {
    for (const tick of xTicks) label(tick.seconds, tick.text);
  } else {
    // Whole minutes along the bottom (seconds for a run under three minutes).
    const xStep = total < 180 ? niceStep(total, W < 400 ? 3 : 6) : niceStep(total / 60, W < 400 ? 3 : 6) * 60;
    for (let t = 0; t <= total + 1; t += xStep) label(t, clock(t));
  }
  grid.append(svg("text", { x: (left + W - right) / 2, y: H - 3, "text-anchor": "middle", class: "chart-axis" }, axis || `time · ${unit}`));
  target.append(grid);
  target.append(svg("polyline", { class: "chart-curve", points: points.map((p) => `${x(p.seconds).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ") }));
  if (dots) for (const p of points) target.append(svg("circle", { class: "chart-dot", cx: x(p.seconds).toFixed(1), cy: y(p.value).toFixed(1), r: 4 }));
  target.dataset.points = String(points.length);
}
