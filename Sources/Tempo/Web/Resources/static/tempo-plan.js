// Tempo plan editor (M2): name, activity and steps (intervals by time or distance with a
// zone, cadence or pace target and an optional ramp; repeats with a count, nested), saved
// whole with PUT; the API's checks name the bad field by its path (steps[0].repeat.count),
// which is the data-path of the input shown here. The intensity curve is drawn from the
// saved plan's `curve`.
import { clockText } from "./format.js";
import { locale, plural, t } from "./i18n.js";
import { api, clock, describeCurve, drawChart, el, showError } from "./tempo-util.js";
import { showSnackbar } from "./snackbar.js";

const root = document.getElementById("plan-editor");
const planId = root.dataset.planId;
const form = document.getElementById("plan-form");
const stepsBox = document.getElementById("plan-steps");
const nameInput = document.getElementById("plan-name");
const activityInput = document.getElementById("plan-activity");
const errorBox = document.getElementById("plan-error");
const notice = document.getElementById("plan-notice");
const chart = document.getElementById("plan-curve");
const summary = document.getElementById("plan-summary");
const title = document.getElementById("plan-title");
const makeButton = document.getElementById("make-playlist");
let model = [];
let dirty = false;
let uid = 0;
/** The one step whose editor is open (its path); every other step is a one-line row (issue 39). */
let openPath = null;

// ---- plan JSON ⇄ editing model

/** A number for an input, in the page's decimal sign ("2,5") and without grouping, so number() reads it back. */
function decimal(value) {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value);
}

/** A pace target as the editor writes it: rounded to the second first, so 359.7 s is "6:00", never "5:60". */
function paceText(seconds) {
  return clockText(Math.round(seconds));
}

function fromTarget(target) {
  if ("zone" in target) return { kind: "zone", value: decimal(target.zone) };
  if ("cadence" in target) return { kind: "cadence", value: decimal(target.cadence) };
  return { kind: "pace", value: paceText(target.pace) };
}

function fromSteps(steps) {
  return steps.map((step) => {
    if (step.repeat) return { type: "repeat", count: String(step.repeat.count), steps: fromSteps(step.repeat.steps) };
    const i = step.interval;
    let lengthValue, lengthUnit;
    if ("seconds" in i.length) {
      const s = i.length.seconds;
      [lengthValue, lengthUnit] = s >= 60 && Number.isInteger((s / 60) * 100) ? [decimal(s / 60), "min"] : [decimal(s), "s"];
    } else {
      const m = i.length.metres;
      [lengthValue, lengthUnit] = m >= 1000 && Number.isInteger(m / 100) ? [decimal(m / 1000), "km"] : [decimal(m), "m"];
    }
    const target = fromTarget(i.target);
    return { type: "interval", name: i.name, lengthValue, lengthUnit, targetKind: target.kind, targetValue: target.value,
      ramp: !!i.endTarget, endValue: i.endTarget ? fromTarget(i.endTarget).value : "" };
  });
}

class FieldError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

function number(text, field, message) {
  const value = Number(String(text).trim().replace(",", "."));
  if (String(text).trim() === "" || !Number.isFinite(value)) throw new FieldError(field, message);
  return value;
}

function toTarget(kind, text, field) {
  if (kind === "zone") return { zone: number(text, field, t("tempo.plan.check.zone")) };
  if (kind === "cadence") return { cadence: number(text, field, t("tempo.plan.check.cadence")) };
  const match = String(text).trim().match(/^(\d{1,2}):([0-5]\d)$/);
  if (match) return { pace: Number(match[1]) * 60 + Number(match[2]) };
  return { pace: number(text, field, t("tempo.plan.check.pace")) * 60 };
}

function toSteps(steps, path) {
  return steps.map((step, index) => {
    const here = `${path}[${index}]`;
    if (step.type === "repeat") {
      return { repeat: { count: Math.round(number(step.count, `${here}.repeat.count`, t("tempo.plan.check.count"))),
        steps: toSteps(step.steps, `${here}.repeat.steps`) } };
    }
    const n = number(step.lengthValue, `${here}.length`, t("tempo.plan.check.length"));
    const length = step.lengthUnit === "min" ? { seconds: Math.round(n * 60 * 100) / 100 } : step.lengthUnit === "s" ? { seconds: n }
      : step.lengthUnit === "km" ? { metres: n * 1000 } : { metres: n };
    const interval = { name: step.name, length, target: toTarget(step.targetKind, step.targetValue, `${here}.target`) };
    if (step.ramp) interval.endTarget = toTarget(step.targetKind, step.endValue, `${here}.endTarget`);
    return { interval };
  });
}

function planJSON() {
  return { id: planId, name: nameInput.value, activity: activityInput.value, steps: toSteps(model, "steps") };
}

// ---- rendering the steps

function newInterval() {
  return { type: "interval", name: "", lengthValue: "5", lengthUnit: "min", targetKind: "zone", targetValue: "3", ramp: false, endValue: "" };
}

function changed() {
  dirty = true;
  notice.hidden = true;
}

function field(labelText, input, extra) {
  const id = `f${++uid}`;
  input.id = id;
  return el("div", { class: `tempo-field${extra ? ` ${extra}` : ""}` }, el("label", { for: id, text: labelText }), input);
}

function bind(input, step, key, rerender) {
  input.value = step[key];
  input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => {
    step[key] = input.value;
    changed();
    if (rerender) render();
    else input.closest(".tempo-step-row")?.dispatchEvent(new Event("summarise"));
  });
  return input;
}

/** A step in one line, for its row: "Sprint · 2 min · zone 5", a ramp "zone 2 → 4". */
function stepLine(step) {
  const length = `${step.lengthValue || "?"} ${t(`tempo.plan.unit.${step.lengthUnit}`)}`;
  const target = (value) => step.targetKind === "zone" ? t("tempo.plan.row.zone", { zone: value || "?" })
    : step.targetKind === "cadence" ? `${value || "?"} ${cadenceUnit(activityInput.value)}` : t("tempo.plan.row.pace", { pace: value || "?" });
  return [length, step.ramp ? `${target(step.targetValue)} → ${target(step.endValue)}` : target(step.targetValue)].join(" · ");
}

function select(options) {
  return el("select", {}, ...options.map(([value, label]) => el("option", { value, text: label })));
}

function targetHint(kind) {
  return kind === "zone" ? "1–5" : kind === "cadence" ? cadenceUnit(activityInput.value) : t("tempo.plan.pace_hint");
}

/** The cadence's unit for an activity: pedal turns for cycling, steps otherwise. */
function cadenceUnit(activity) {
  return activity === "cycling" ? "rpm" : t("tempo.util.steps_per_min");
}

function intervalEditor(step, path) {
  const box = el("div", { class: "tempo-interval" });
  const name = bind(el("input", { type: "text", maxlength: "60", "data-path": `${path}.name`, placeholder: t("tempo.plan.name_placeholder") }), step, "name");
  const length = bind(el("input", { type: "text", inputmode: "decimal", "data-path": `${path}.length`, class: "tempo-num" }), step, "lengthValue");
  const unit = bind(select(["min", "s", "km", "m"].map((unit) => [unit, t(`tempo.plan.unit.${unit}`)])), step, "lengthUnit");
  const kind = bind(select([["zone", t("tempo.plan.target.zone")], ["cadence", t("tempo.plan.target.cadence")], ["pace", t("tempo.plan.target.pace")]]), step, "targetKind", true);
  const value = bind(el("input", { type: "text", inputmode: step.targetKind === "pace" ? "text" : "decimal", "data-path": `${path}.target`,
    class: "tempo-num" }), step, "targetValue");
  const ramp = el("input", { type: "checkbox" });
  ramp.checked = step.ramp;
  ramp.addEventListener("change", () => { step.ramp = ramp.checked; changed(); render(); });
  const rampId = `f${++uid}`;
  ramp.id = rampId;
  box.append(
    field(t("tempo.plan.field.name"), name, "tempo-wide"),
    el("div", { class: "tempo-pair" }, field(t("tempo.plan.field.length"), length), field(t("tempo.plan.field.unit"), unit)),
    el("div", { class: "tempo-pair" }, field(t("tempo.plan.field.target"), kind),
      field(t("tempo.plan.field.value", { hint: targetHint(step.targetKind) }), value)),
    el("label", { class: "choice", for: rampId }, ramp, t("tempo.plan.field.ramp")));
  if (step.ramp) {
    const end = bind(el("input", { type: "text", inputmode: step.targetKind === "pace" ? "text" : "decimal", "data-path": `${path}.endTarget`,
      class: "tempo-num" }), step, "endValue");
    box.append(field(t("tempo.plan.field.ends_at", { hint: targetHint(step.targetKind) }), end));
  }
  return box;
}

function moveButtons(list, index, label) {
  const row = el("div", { class: "button-row tempo-step-buttons" });
  const add = (text, aria, action, disabled) => {
    const button = el("button", { type: "button", class: "secondary", text, "aria-label": t(aria, { step: label }), disabled });
    button.addEventListener("click", () => { action(); changed(); render(); });
    row.append(button);
  };
  add("↑", "tempo.plan.move_up", () => list.splice(index - 1, 0, ...list.splice(index, 1)), index === 0);
  add("↓", "tempo.plan.move_down", () => list.splice(index + 1, 0, ...list.splice(index, 1)), index === list.length - 1);
  add(t("tempo.plan.remove"), "tempo.plan.remove_step", () => list.splice(index, 1), false);
  return row;
}

function addButtons(list, where, path) {
  const row = el("div", { class: "button-row" });
  for (const type of ["interval", "repeat"]) {
    const button = el("button", { type: "button", class: "secondary", text: t(`tempo.plan.add_${type}${where ? "_inside" : ""}`) });
    button.addEventListener("click", () => {
      list.push(type === "interval" ? newInterval() : { type: "repeat", count: "2", steps: [newInterval()] });
      // The new step opens, ready to fill in.
      openPath = type === "interval" ? `${path}[${list.length - 1}]` : `${path}[${list.length - 1}].repeat.steps[0]`;
      changed();
      render();
    });
    row.append(button);
  }
  return row;
}

function stepsEditor(list, path, depth) {
  const box = el("ol", { class: "tempo-step-list", "data-path": path });
  list.forEach((step, index) => {
    const here = `${path}[${index}]`;
    const n = index + 1;
    const label = step.type === "repeat" ? t("tempo.plan.repeat_label", { n })
      : step.name ? t("tempo.plan.step_label_named", { n, name: step.name }) : t("tempo.plan.step_label", { n });
    const item = el("li", { class: `tempo-step tempo-step-${step.type}`, "data-path": here });
    if (step.type === "repeat") {
      const count = bind(el("input", { type: "number", min: "1", max: "50", step: "1", "data-path": `${here}.repeat.count`,
        class: "tempo-num" }), step, "count");
      const set = el("fieldset", { class: "tempo-repeat", "data-path": `${here}.repeat` },
        el("legend", { text: t("tempo.plan.repeat") }), field(t("tempo.plan.times"), count, "tempo-count"),
        stepsEditor(step.steps, `${here}.repeat.steps`, depth + 1), addButtons(step.steps, true, `${here}.repeat.steps`));
      item.append(set, moveButtons(list, index, label));
    } else {
      // A row that opens into its editor; opening one closes the one open before.
      const row = el("details", { class: "tempo-step-row" });
      const line = el("span", { class: "step-line muted" });
      const name = el("span", { class: "step-name" });
      const summarise = () => {
        name.textContent = step.name || t("tempo.plan.step_label", { n });
        line.textContent = stepLine(step);
      };
      summarise();
      row.addEventListener("summarise", summarise);
      row.append(el("summary", { "aria-label": t("tempo.plan.edit_step", { step: label }) }, name, line),
        el("div", { class: "tempo-step-body" }, intervalEditor(step, here), moveButtons(list, index, label)));
      row.open = openPath === here;
      row.addEventListener("toggle", () => {
        if (row.open) {
          openPath = here;
          for (const other of stepsBox.querySelectorAll(".tempo-step-row[open]")) if (other !== row) other.open = false;
        } else if (openPath === here) openPath = null;
      });
      item.append(row);
    }
    box.append(item);
  });
  return box;
}

function render() {
  const focused = document.activeElement?.id;
  uid = 0;
  stepsBox.replaceChildren(stepsEditor(model, "steps", 0));
  if (focused) document.getElementById(focused)?.focus();
}

// ---- errors, saving, the curve

function clearErrors() {
  errorBox.hidden = true;
  for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  for (const node of root.querySelectorAll(".tempo-invalid")) node.classList.remove("tempo-invalid");
}

function showFieldError(error) {
  showError(errorBox, error);
  if (!error.field) return;
  // The input for the path, or the nearest step or list that holds it.
  const nodes = [...root.querySelectorAll("[data-path]")].filter((n) => error.field === n.dataset.path
    || error.field.startsWith(`${n.dataset.path}.`) || error.field.startsWith(`${n.dataset.path}[`));
  nodes.sort((a, b) => b.dataset.path.length - a.dataset.path.length);
  const node = nodes[0];
  if (!node) return;
  // A refused field in a folded step: that step opens.
  const row = node.closest(".tempo-step-row");
  if (row && !row.open) row.open = true;
  if (node.matches("input, select")) {
    node.setAttribute("aria-invalid", "true");
    node.setAttribute("aria-describedby", "plan-error");
    node.focus();
  } else {
    node.classList.add("tempo-invalid");
    node.scrollIntoView({ block: "center" });
  }
}

function show(body) {
  const plan = body.plan;
  title.textContent = plan.name;
  document.title = `${plan.name} · Cadence`;
  const unit = cadenceUnit(plan.activity);
  drawChart(chart, { curve: body.curve, unit });
  summary.textContent = plural("tempo.plan.summary", body.segments.length,
    { duration: clock(body.totalSeconds), curve: describeCurve(body.curve, unit) });
}

async function save() {
  clearErrors();
  let plan;
  try {
    plan = planJSON();
  } catch (error) {
    showFieldError(error);
    return null;
  }
  try {
    const body = await api("PUT", `/plans/${planId}`, plan);
    dirty = false;
    show(body);
    nameInput.value = body.plan.name;
    model = fromSteps(body.plan.steps);
    render();
    return body;
  } catch (error) {
    showFieldError(error);
    return null;
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await save()) {
    showSnackbar(t("tempo.plan.saved"));
  }
});

form.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-add]");
  if (!button || button.closest(".tempo-step-list")) return;
  model.push(button.dataset.add === "interval" ? newInterval() : { type: "repeat", count: "2", steps: [newInterval()] });
  openPath = button.dataset.add === "interval" ? `steps[${model.length - 1}]` : `steps[${model.length - 1}].repeat.steps[0]`;
  changed();
  render();
});
nameInput.addEventListener("input", changed);
activityInput.addEventListener("change", () => { changed(); render(); });

makeButton.addEventListener("click", async () => {
  makeButton.disabled = true;
  clearErrors();
  notice.hidden = true;
  if (dirty && !(await save())) {
    makeButton.disabled = false;
    return;
  }
  notice.textContent = t("tempo.plan.choosing_songs");
  notice.hidden = false;
  try {
    const playlist = await api("POST", `/plans/${planId}/playlists`);
    location.assign(`/phone/tempo/playlists/${playlist.id.toLowerCase()}`);
  } catch (error) {
    notice.hidden = true;
    makeButton.disabled = false;
    showError(errorBox, error);
  }
});

document.getElementById("save-template").addEventListener("click", async () => {
  clearErrors();
  notice.hidden = true;
  if (dirty && !(await save())) return;
  try {
    const template = await api("POST", `/plans/${planId}/template`, { name: nameInput.value });
    notice.textContent = t("tempo.plan.saved_template", { name: template.plan.name });
    notice.hidden = false;
  } catch (error) {
    showFieldError(error);
  }
});

async function loadPlaylists() {
  const list = document.getElementById("plan-playlists");
  try {
    const playlists = await api("GET", `/plans/${planId}/playlists`);
    list.replaceChildren(...playlists.map((p, index) => el("li", {},
      el("a", { href: `/phone/tempo/playlists/${p.id.toLowerCase()}`, text: t("tempo.plan.playlist_n", { n: index + 1 }) }),
      el("span", { class: "muted", text: ` ${plural("tempo.plan.playlist_detail", p.playlist.entries.length,
        { percent: Math.round(p.playlist.coverage * 100) })}` }))));
    document.getElementById("playlists-empty").hidden = playlists.length > 0;
  } catch {}
}

async function load() {
  try {
    const body = await api("GET", `/plans/${planId}`);
    nameInput.value = body.plan.name;
    activityInput.value = body.plan.activity;
    model = fromSteps(body.plan.steps);
    render();
    show(body);
  } catch (error) {
    showError(errorBox, error);
  }
}

load();
loadPlaylists();
