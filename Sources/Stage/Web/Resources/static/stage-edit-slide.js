// One slide in the edit list: its checkbox, its thumbnail (which opens its notes), its number, the buttons that move
// it and drag and drop. `view` says how it stands (total, isCurrent, isSelected, picture) and what to do on a
// change (select, open, move, drop); the edit page owns the state.
import { t } from "./i18n.js";

export function slideItem(slide, index, view) {
  const number = index + 1;
  const item = document.createElement("li");
  item.className = "edit-slide" + (slide.hidden ? " is-hidden" : "") + (view.isCurrent ? " is-current" : "");
  item.draggable = true;
  item.dataset.id = slide.id;
  item.dataset.index = String(index);
  if (view.isCurrent) item.setAttribute("aria-current", "true");

  const check = document.createElement("input");
  check.type = "checkbox";
  check.id = `select-${slide.id}`;
  check.checked = view.isSelected;
  check.setAttribute("aria-label", t("stage.edit.select_slide", { number }));
  check.addEventListener("change", () => view.select(check.checked));

  const open = document.createElement("button");
  open.type = "button";
  open.className = "edit-thumb";
  open.setAttribute("aria-label", t(slide.hidden ? "stage.edit.open_hidden_slide" : "stage.edit.open_slide", { number }));
  const src = view.picture;
  if (src) {
    const img = document.createElement("img");
    img.src = src;
    img.alt = "";
    img.loading = "lazy";
    img.width = 160;
    img.height = 90;
    open.append(img);
  } else {
    const empty = document.createElement("span");
    empty.className = "thumb-empty";
    open.append(empty);
  }
  open.addEventListener("click", view.open);

  const label = document.createElement("span");
  label.className = "edit-slide-label";
  label.textContent = `${number}${slide.hidden ? " · hidden" : ""}`;

  const up = document.createElement("button");
  up.type = "button";
  up.className = "secondary move-up";
  up.textContent = "↑";
  up.setAttribute("aria-label", t("stage.edit.move_up", { number }));
  up.disabled = index === 0;
  up.addEventListener("click", () => view.move(index - 1, index - 1 === 0 ? "move-down" : "move-up"));
  const down = document.createElement("button");
  down.type = "button";
  down.className = "secondary move-down";
  down.textContent = "↓";
  down.setAttribute("aria-label", t("stage.edit.move_down", { number }));
  down.disabled = index === view.total - 1;
  down.addEventListener("click", () => view.move(index + 1, index + 1 === view.total - 1 ? "move-up" : "move-down"));

  item.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData("text/plain", String(index));
    event.dataTransfer.effectAllowed = "move";
    item.classList.add("dragging");
  });
  item.addEventListener("dragend", () => item.classList.remove("dragging"));
  item.addEventListener("dragover", (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  });
  item.addEventListener("drop", (event) => {
    event.preventDefault();
    const from = Number(event.dataTransfer.getData("text/plain"));
    if (!Number.isNaN(from)) view.drop(from);
  });

  item.append(check, open, label, up, down);
  return item;
}

/** The other talks of the series and their slides, for "a slide from another talk". */
export async function listOtherTalks(seriesId, talkId, select, insertButton) {
  const series = await fetch(`/api/v1/stage/series/${seriesId}`, { credentials: "same-origin" }).then((r) => r.json());
  const groups = [];
  for (const other of (series.talks || []).filter((t) => t.id.toLowerCase() !== talkId.toLowerCase())) {
    const body = await fetch(`/api/v1/stage/talks/${other.id}`, { credentials: "same-origin" }).then((r) => r.json());
    const group = document.createElement("optgroup");
    group.label = other.title;
    (body.slides || []).forEach((slide, n) => group.append(new Option(`${n + 1}. ${slide.title || "Slide"}`, slide.id)));
    if (group.children.length) groups.push(group);
  }
  select.append(...groups);
  select.disabled = groups.length === 0;
  insertButton.disabled = groups.length === 0;
}
