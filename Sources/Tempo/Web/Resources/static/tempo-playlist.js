// Tempo playlist (M3): the plan's cadence curve and each song's played tempo on one chart,
// and the entries with what explains them. Remove, pin/unpin, move, swap and insert post an edit;
// the server plans the unpinned rest again and the page redraws from its answer. The playlist can be deleted.
import { MixPanel } from "./tempo-mix.js";
import { formatNumber, plural, t } from "./i18n.js";
import { api, bpm, clock, deleteWithConfirmation, drawChart, el, showError } from "./tempo-util.js";

const root = document.getElementById("playlist");
const playlistId = root.dataset.playlistId;
const planId = root.dataset.planId;
const chart = document.getElementById("playlist-chart");
const summary = document.getElementById("playlist-summary");
const entriesBox = document.getElementById("entries");
const warningsBox = document.getElementById("playlist-warnings");
const errorBox = document.getElementById("playlist-error");
const status = document.getElementById("playlist-status");
let unit = t("tempo.util.steps_per_min");
let library = null;
let busy = false;
const mix = new MixPanel(playlistId, errorBox);

function signed(value) {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? "+" : rounded < 0 ? "−" : "±"}${formatNumber(Math.abs(rounded), 1)}%`;
}

/** The values of a planner's note with its numbers in the page's digits (a stretch with one decimal). */
const NUMBERS = new Set(["target", "bpm", "counted", "played", "budget", "cap", "count"]);
function noteValues(values) {
  const out = {};
  for (const [name, value] of Object.entries(values || {})) {
    out[name] = name === "pct" ? formatNumber(Number(value), 1) : NUMBERS.has(name) && value !== "" && Number.isFinite(Number(value))
      ? formatNumber(Number(value)) : value;
  }
  return out;
}

/** What the planner said, in the page's language: its notes, sentence by sentence; its English from older playlists. */
function said(notes, english) {
  return notes?.length ? notes.map((note) => t(note.key, noteValues(note.values))).join(" ") : english;
}

function draw(body) {
  const list = body.playlist;
  drawChart(chart, {
    curve: body.curve, unit,
    songs: list.entries.map((entry) => ({ start: entry.start, end: entry.start + entry.duration, bpm: entry.playedBPM,
      label: t("tempo.music.playlist.chart_song", { title: entry.song.title, bpm: formatNumber(Math.round(entry.playedBPM)), unit,
        start: clock(entry.start) }) })),
  });
  const biggest = list.entries.reduce((m, e) => Math.max(m, Math.abs(e.stretchPercent)), 0);
  summary.textContent = plural("tempo.music.playlist.summary", list.entries.length, {
    percent: formatNumber(Math.round(list.coverage * 100)), duration: clock(list.planDuration),
    change: signed(biggest).replace("+", ""), budget: formatNumber(Math.round(list.options.stretchBudget * 100)) });
  const warnings = list.warningNotes?.length === list.warnings.length ? list.warningNotes.map((note) => said([note])) : list.warnings;
  warningsBox.replaceChildren(...warnings.map((text) => el("li", { class: "notice tempo-warning", text })));
  entriesBox.replaceChildren(...list.entries.map((entry, index) => entryItem(entry, index, list.entries.length)));
  chart.dataset.entries = String(list.entries.length);
  root.dataset.revision = String(Number(root.dataset.revision || 0) + 1);
}

function number(name, value) {
  return el("span", { class: "tempo-number" }, el("span", { class: "tempo-number-name", text: `${name} ` }), el("strong", { text: value }));
}

function entryItem(entry, index, count) {
  const item = el("li", { class: `tempo-entry${entry.pinned ? " pinned" : ""}`, "data-song-id": entry.song.id.toLowerCase(),
    "data-index": String(index) });
  const label = t("tempo.music.playlist.entry_label", { title: entry.song.title, start: clock(entry.start) });
  const badges = [];
  if (entry.pinned) badges.push(el("span", { class: "badge", text: t("tempo.music.playlist.badge.pinned") }));
  if (entry.halfTime || entry.beat === "halfTime") badges.push(el("span", { class: "badge tempo-badge", text: t("tempo.music.playlist.badge.half_time") }));
  if (entry.beat === "doubleTime") badges.push(el("span", { class: "badge tempo-badge", text: t("tempo.music.playlist.badge.double_time") }));
  if (entry.repeated) badges.push(el("span", { class: "badge tempo-badge", text: t("tempo.music.playlist.badge.repeat") }));
  item.append(
    el("div", { class: "tempo-entry-head" },
      el("span", { class: "tempo-entry-time", text: clock(entry.start) }),
      el("span", { class: "tempo-entry-title", text: entry.song.title }), ...badges),
    el("p", { class: "tempo-entry-numbers" },
      number(t("tempo.music.playlist.number.target"), formatNumber(Math.round(entry.targetBPM))),
      number(t("tempo.music.playlist.number.song"), t("tempo.music.library.bpm", { bpm: bpm(entry.songBPM) })),
      number(t("tempo.music.playlist.number.stretch"), signed(entry.stretchPercent)),
      number(t("tempo.music.playlist.number.plays_at"), formatNumber(Math.round(entry.playedBPM))),
      ...(entry.song.key ? [number(t("tempo.music.playlist.number.key"), entry.song.key)] : [])),
    el("p", { class: "tempo-why", text: said(entry.whyNotes, entry.why) }));
  const row = el("div", { class: "button-row tempo-entry-buttons" });
  // `action` names the aria-label ("Remove {entry}") and the status after it ("Remove: {title}. The rest …").
  const button = (text, action, edit, disabled) => {
    const b = el("button", { type: "button", class: "secondary", text, "aria-label": t(`tempo.music.playlist.aria.${action}`, { entry: label }),
      disabled, "data-op": edit.op + (edit.to !== undefined ? (edit.to < index ? "-up" : "-down") : "") });
    b.addEventListener("click", () => apply({ ...edit, index }, t(`tempo.music.playlist.done.${action}`, { title: entry.song.title })));
    row.append(b);
  };
  button(t("tempo.music.playlist.remove"), "remove", { op: "remove" }, false);
  button(entry.pinned ? t("tempo.music.playlist.unpin") : t("tempo.music.playlist.pin"), entry.pinned ? "unpin" : "pin",
    { op: entry.pinned ? "unpin" : "pin" }, false);
  button("↑", "move_up", { op: "move", to: index - 1 }, index === 0);
  button("↓", "move_down", { op: "move", to: index + 1 }, index === count - 1);
  item.append(row, swapControl(entry, index, label));
  return item;
}

function swapControl(entry, index, label) {
  const details = el("details", { class: "tempo-swap" },
    el("summary", { text: t("tempo.music.playlist.swap_or_add"), "aria-label": t("tempo.music.playlist.swap_or_add_at", { entry: label }) }));
  details.addEventListener("toggle", async () => {
    if (!details.open || details.children.length > 1) return;
    if (!library) {
      try {
        library = (await api("GET", "/songs?sort=bpm")).filter((s) => s.effectiveBpm != null);
      } catch (error) {
        showError(errorBox, error);
        return;
      }
    }
    const id = `swap-${index}`;
    const choice = el("select", { id },
      ...library.filter((s) => s.id.toLowerCase() !== entry.song.id.toLowerCase())
        .map((s) => el("option", { value: s.id, text: t("tempo.music.playlist.song_choice", { title: s.title, bpm: bpm(s.effectiveBpm) }) })));
    const go = el("button", { type: "button", class: "secondary", text: t("tempo.music.playlist.swap"), "data-op": "swap" });
    go.addEventListener("click", () => {
      if (!choice.value) return;
      apply({ op: "swap", index, songId: choice.value }, t("tempo.music.playlist.done.swap", { song: choice.selectedOptions[0].textContent }));
    });
    const add = el("button", { type: "button", class: "secondary", text: t("tempo.music.playlist.add_before"), "data-op": "insert" });
    add.addEventListener("click", () => {
      if (!choice.value) return;
      apply({ op: "insert", index, songId: choice.value }, t("tempo.music.playlist.done.insert", { song: choice.selectedOptions[0].textContent }));
    });
    details.append(el("div", { class: "tempo-swap-row" }, el("label", { for: id, text: t("tempo.music.playlist.song") }), choice, go, add));
    if (!choice.options.length) go.disabled = add.disabled = true;
  });
  return details;
}

async function apply(edit, done) {
  if (busy) return;
  busy = true;
  errorBox.hidden = true;
  status.textContent = t("tempo.music.playlist.planning");
  try {
    const body = await api("POST", `/playlists/${playlistId}/edits`, edit);
    draw(body);
    mix.refresh();
    status.textContent = done;
    const again = entriesBox.children[Math.min(edit.to ?? edit.index, entriesBox.children.length - 1)];
    again?.querySelector("button:not([disabled])")?.focus();
  } catch (error) {
    status.textContent = "";
    showError(errorBox, error);
  } finally {
    busy = false;
  }
}

async function load() {
  try {
    const [body, plan] = await Promise.all([api("GET", `/playlists/${playlistId}`), api("GET", `/plans/${planId}`)]);
    unit = plan.plan.activity === "cycling" ? "rpm" : t("tempo.util.steps_per_min");
    document.getElementById("playlist-title").textContent = t("tempo.music.playlist.heading_named", { name: plan.plan.name });
    document.getElementById("plan-link").textContent = plan.plan.name;
    draw(body);
  } catch (error) {
    showError(errorBox, error);
  }
}

document.getElementById("playlist-delete-box").append(...deleteWithConfirmation({
  label: t("tempo.music.playlist.delete"), question: t("tempo.music.playlist.delete_question"),
  onDelete: async () => {
    errorBox.hidden = true;
    try {
      await api("DELETE", `/playlists/${playlistId}`);
      location.assign(`/phone/tempo/plans/${planId}`);
    } catch (error) {
      showError(errorBox, error);
    }
  },
}));

load();
mix.load();
