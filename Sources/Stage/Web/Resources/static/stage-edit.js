// Edit mode (S5, S6): a variation's slides as thumbnails — select, hide/show, drag or move to
// reorder, duplicate, delete, insert an uploaded picture or video — and the current slide's
// notes in a small rich editor. Every change goes to the server at once (notes after a short
// pause) as an edit on the revision it was made on; a 409 means another device changed the
// variation, so it is reloaded. Undo/redo keep up to ten whole states (order, visibility,
// notes) and put an earlier one back with the edits needed; leaving the page clears them.
// Another device's edits arrive on the live channel and are taken in at once.
import { LiveChannel } from "./live.js";
import { talkAPI } from "./stage-edit-api.js";
import { EditHistory, bindUndoKeys } from "./stage-edit-history.js";
import { listOtherTalks, slideItem } from "./stage-edit-slide.js";
import { VariationsPanel, openVariation, variationName } from "./stage-edit-variations.js";
import { markupToHTML } from "./stage-notes.js";
import { t, plural } from "./i18n.js";
const $ = (id) => document.getElementById(id);
const root = $("editor");
const talkId = root.dataset.talkId;
const slideLanguages = root.dataset.slideLanguages.split(" ").filter(Boolean);
const notesLanguage = root.dataset.notesLanguage;
const api = `/api/v1/stage/talks/${talkId}`;
const NOTES_PAUSE = 600;

let variationId = new URL(location.href).searchParams.get("variation");
let talk = null;             // TalkBody of the variation being edited
let currentId = null;        // the slide whose notes are open
const selected = new Set();
let notesTimer = null;
let notesDirty = false;
let queue = Promise.resolve();
const editHistory = new EditHistory(10, () => updateHistoryButtons());
let pending = 0;
let refocus = null;          // after a move: [slide id, button class] to keep the keyboard where it was

// --- Talking to the server ----------------------------------------------------------
const call = talkAPI(api);

function showError(message) {
  $("edit-error").textContent = message;
  $("edit-error").hidden = !message;
}

function saving(delta) {
  pending += delta;
  $("save-state").textContent = pending > 0 || notesDirty ? t("stage.edit.saving") : t("stage.edit.saved");
  root.dataset.saving = String(pending > 0 || notesDirty);
}

/// Sends edits one after another, each on the revision the one before left.
function edit(op, fields = {}) {
  saving(1);
  const run = queue.then(async () => {
    try {
      talk = op === "notes" ? await saveNotes(fields)
        : await call("POST", `/variations/${talk.variation.id}/edits`, { revision: talk.variation.revision, op, ...fields });
      showError("");
      render();
    } catch (error) {
      if (error.status === 409) {
        await takeInServerState();
        showError(t("stage.edit.reloaded"));
      } else {
        showError(error.message);
        render();
      }
      throw error;
    } finally {
      saving(-1);
    }
  });
  queue = run.catch(() => {});
  return run;
}

/// One slide's notes go on their own (the answer is that slide's notes and the new revision),
/// so saving while typing costs the same in a long talk as in a short one.
async function saveNotes({ slideId, ...notes }) {
  const answer = await call("PUT", `/variations/${talk.variation.id}/slides/${slideId}/notes`, { revision: talk.variation.revision, ...notes });
  const slide = talk.slides.find((s) => s.id === answer.slideId);
  if (slide) slide.notes = answer.notes;
  return { ...talk, variation: answer.variation };
}

/// The variation as the server has it now (another device changed it). The undo history is
/// about states that are gone, so it goes too.
async function takeInServerState() {
  await reload();
  editHistory.clear();
  notesDirty = false;
  render();
  drawNotes(true);
}

async function reload() {
  const list = await call("GET", "/variations");
  panel.set(list);
  if (!variationId || !list.variations.some((v) => v.id === variationId)) variationId = list.active;
  talk = await call("GET", `/variations/${variationId}`);
  if (!talk.slides.some((s) => s.id === currentId)) currentId = talk.slides[0] ? talk.slides[0].id : null;
  for (const id of [...selected]) if (!talk.slides.some((s) => s.id === id)) selected.delete(id);
}

// --- Undo and redo: whole states ------------------------------------------------------
function snapshot() {
  return {
    slides: talk.slides.map((s) => ({ id: s.id, hidden: s.hidden })),
    notes: Object.fromEntries(talk.slides.map((s) => [s.id, s.notes[notesLanguage] || ""])),
  };
}

/// Call before a change: the state now can be gone back to; what could be redone goes.
function remember() {
  editHistory.remember(snapshot());
}

function updateHistoryButtons() {
  $("undo").disabled = editHistory.undoStack.length === 0;
  $("redo").disabled = editHistory.redoStack.length === 0;
  root.dataset.undo = String(editHistory.undoStack.length);
  root.dataset.redo = String(editHistory.redoStack.length);
}

/// Puts a remembered state back: slides added since are deleted (or hidden when they cannot
/// be), slides deleted since come back (the server keeps the last ten deleted), the order and
/// visibility arranged, and notes that differ written back.
async function restore(state) {
  const present = new Set(talk.slides.map((s) => s.id));
  const wanted = new Set(state.slides.map((s) => s.id));
  const extra = [];
  for (const slide of talk.slides) {
    if (wanted.has(slide.id)) continue;
    try { await edit("delete", { slideId: slide.id }); } catch { extra.push({ id: slide.id, hidden: true }); }
  }
  const order = state.slides.concat(extra);
  const now = talk.slides.map((s) => `${s.id}:${s.hidden}`).join();
  if (order.map((s) => `${s.id}:${s.hidden}`).join() !== now) {
    try {
      await edit("arrange", { slides: order });
    } catch (error) {
      if (error.status === 409) throw error;
      // A slide deleted too long ago is gone for good: put back the rest and say so.
      await edit("arrange", { slides: order.filter((s) => present.has(s.id)) });
      showError(t("stage.edit.undelete_failed"));
    }
  }
  for (const slide of talk.slides) {
    const text = state.notes[slide.id];
    if (text !== undefined && text !== (slide.notes[notesLanguage] || "")) {
      await edit("notes", { slideId: slide.id, language: notesLanguage, text });
    }
  }
}

async function step(direction) {
  await flushNotes();
  await queue;
  const state = editHistory.take(direction, snapshot());
  if (!state) return;
  try { await restore(state); } catch { /* shown already */ }
  drawNotes(true);
  updateHistoryButtons();
}
const undo = () => step("undo");
const redo = () => step("redo");

// --- Slides ---------------------------------------------------------------------------
function picture(slide) {
  for (const language of slideLanguages) if (slide.media[language]) return slide.media[language];
  return Object.values(slide.media)[0] || null;
}

function arrangement() {
  return talk.slides.map((s) => ({ id: s.id, hidden: s.hidden }));
}

function change(op, fields) {
  remember();
  return edit(op, fields).catch(() => {
    editHistory.forget();
  });
}

function move(from, to) {
  if (to < 0 || to >= talk.slides.length || from === to) return Promise.resolve();
  const order = arrangement();
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return change("arrange", { slides: order });
}

function render() {
  if (!talk) return;
  root.dataset.state = "ready";
  root.dataset.variation = talk.variation.id;
  root.dataset.revision = String(talk.variation.revision);
  const list = $("slides");
  list.replaceChildren(...talk.slides.map((slide, index) => slideItem(slide, index, {
    total: talk.slides.length, isCurrent: slide.id === currentId, isSelected: selected.has(slide.id), picture: picture(slide),
    select: (checked) => {
      if (checked) selected.add(slide.id); else selected.delete(slide.id);
      labelSlideTools();
    },
    open: () => selectCurrent(slide.id),
    move: (to, focus) => {
      refocus = [slide.id, focus];
      move(index, to);
    },
    drop: (from) => move(from, index),
  })));
  if (refocus && pending <= 1) {
    const button = list.querySelector(`li[data-id="${refocus[0]}"] .${refocus[1]}`);
    if (button) button.focus();
    refocus = null;
  }
  panel.draw(talk);
  drawNotes(false);
  updateHistoryButtons();
  labelSlideTools();
}

/** "Duplicate", or "Duplicate 2 selected": the buttons say what they will act on. */
function labelSlideTools() {
  const count = targets().filter((id) => selected.has(id)).length;
  for (const [id, key] of [["hide", "hide"], ["show", "show"], ["duplicate", "duplicate"], ["delete", "delete"]]) {
    $(id).textContent = count ? plural(`stage.edit.${key}_selected`, count) : t(`stage.edit.${key}_current`);
  }
  const summary = $("variation-summary");
  if (summary && talk) summary.textContent = variationName(talk.variation);
}

function selectCurrent(id) {
  if (id === currentId) return;
  flushNotes();
  currentId = id;
  render();
  drawNotes(true);
}

function targets() {
  const ids = selected.size ? [...selected] : currentId ? [currentId] : [];
  return ids.filter((id) => talk.slides.some((s) => s.id === id));
}

function setHidden(hidden) {
  const ids = new Set(targets());
  if (!ids.size) return showError(t("stage.edit.select_first"));
  const order = arrangement().map((s) => (ids.has(s.id) ? { id: s.id, hidden } : s));
  selected.clear();
  return change("arrange", { slides: order });
}

// --- Notes: the editor shows rich-notes markup as HTML (stage-notes.js) --------------------
function currentSlide() {
  return talk && talk.slides.find((s) => s.id === currentId);
}

/// Redraws the editor from the slide's saved notes (not while the person is typing).
function drawNotes(force) {
  const slide = currentSlide();
  const editor = $("notes-editor");
  if (!slide) {
    editor.replaceChildren();
    $("notes-slide").textContent = "";
    return;
  }
  const index = talk.slides.indexOf(slide);
  $("notes-slide").textContent = t("stage.edit.notes_slide", { number: index + 1 });
  if (!force && (notesDirty || editor.dataset.slide === slide.id)) return;
  editor.dataset.slide = slide.id;
  editor.innerHTML = markupToHTML(slide.notes[notesLanguage] || "");
}

function notesInput() {
  if (!notesDirty) {
    remember();
    notesDirty = true;
    saving(0);
  }
  clearTimeout(notesTimer);
  notesTimer = setTimeout(flushNotes, NOTES_PAUSE);
}

function flushNotes() {
  clearTimeout(notesTimer);
  if (!notesDirty) return Promise.resolve();
  notesDirty = false;
  const editor = $("notes-editor");
  const sent = edit("notes", { slideId: editor.dataset.slide, language: notesLanguage, html: editor.innerHTML });
  return sent.catch(() => {});
}

// --- Wiring ------------------------------------------------------------------------------
function wire() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hide").addEventListener("click", () => setHidden(true));
  $("show").addEventListener("click", () => setHidden(false));
  // The slide tools act on what is ticked, or on the current slide when nothing is, and say which.
  $("duplicate").addEventListener("click", async () => {
    const ids = targets();
    if (!ids.length) return showError(t("stage.edit.select_first"));
    selected.clear();
    for (const id of ids) await change("duplicate", { slideId: id });
    render();
  });
  $("delete").addEventListener("click", async () => {
    for (const id of targets()) await change("delete", { slideId: id });
    selected.clear();
    render();
  });
  $("insert-file").addEventListener("change", async () => {
    const file = $("insert-file").files[0];
    if (!file) return;
    saving(1);
    try {
      const media = await call("POST", `/media?filename=${encodeURIComponent(file.name)}`, undefined, file);
      const index = talk.slides.findIndex((s) => s.id === currentId);
      const position = index < 0 ? talk.slides.length : index + ($("insert-where").value === "after" ? 1 : 0);
      await change("insert", { assetId: media.assetId, position });
    } catch (error) {
      showError(error.message);
    } finally {
      saving(-1);
      $("insert-file").value = "";
    }
  });
  // A shared variation: the server keeps what the talk presented as "Before …", then presents it.
  $("import-variation").addEventListener("change", async () => {
    const file = $("import-variation").files[0];
    if (!file) return;
    await flushNotes();
    try {
      const result = await call("POST", "/variations/import", undefined, file);
      openVariation(result.imported.id);
    } catch (error) {
      showError(error.message);
    } finally {
      $("import-variation").value = "";
    }
  });
  $("insert-slide").addEventListener("click", async () => {
    const slideId = $("insert-from").value;
    if (!slideId) return showError(t("stage.edit.choose_insert"));
    const index = talk.slides.findIndex((s) => s.id === currentId);
    const position = index < 0 ? talk.slides.length : index + ($("insert-where").value === "after" ? 1 : 0);
    await change("insert", { slideId, position });
  });
  $("reset").addEventListener("click", () => ($("confirm-reset").hidden = false));
  $("reset-no").addEventListener("click", () => ($("confirm-reset").hidden = true));
  $("reset-yes").addEventListener("click", async () => {
    $("confirm-reset").hidden = true;
    await flushNotes();
    await change("reset");
    drawNotes(true);
  });
  $("restore-notes").addEventListener("click", async () => {
    await flushNotes();
    if (currentId) await change("restoreNotes", { slideId: currentId });
    drawNotes(true);
  });

  const editor = $("notes-editor");
  editor.addEventListener("input", notesInput);
  editor.addEventListener("blur", flushNotes);
  for (const button of document.querySelectorAll(".fmt")) {
    button.addEventListener("mousedown", (event) => event.preventDefault()); // keep the selection
    button.addEventListener("click", () => {
      editor.focus();
      document.execCommand(button.dataset.command, false, null);
    });
  }

  bindUndoKeys(undo, redo);

  // Leaving edit mode: what is still being typed is saved, and the history goes.
  $("done").addEventListener("click", async (event) => {
    event.preventDefault();
    await flushNotes();
    await queue;
    editHistory.clear();
    location.assign($("done").href);
  });
}

// --- Another device's edits: an edit page open elsewhere (or the API) saved a change; take it in
// now rather than at this page's next save (a 409). Our own edits come back too, but their answers,
// which the queue waits for, already carry that revision. While notes are being typed, the save
// that follows says it instead (the 409 path), so typing is never replaced under the cursor.
const live = new LiveChannel();
window.cadenceEditLive = live; // for the test that provokes a conflict
live.on("stage.variation.edited", async (data) => {
  if (!talk || String(data.variationId).toLowerCase() !== String(talk.variation.id).toLowerCase()) return;
  await queue;
  if (!(data.revision > talk.variation.revision) || notesDirty) return;
  try {
    await takeInServerState();
  } catch {
    return; // offline: the next save finds out
  }
  $("save-state").textContent = t("stage.edit.updated_elsewhere");
});

const panel = new VariationsPanel({
  call, api, talkId, current: () => talk, flushNotes, waitForSaves: () => queue, render, showError,
});
wire();
panel.wire();
live.connect();
listOtherTalks(root.dataset.seriesId, talkId, $("insert-from"), $("insert-slide")).catch(() => ($("insert-from").disabled = true));
reload()
  .then(() => {
    render();
    drawNotes(true);
    saving(0);
    $("save-state").textContent = "";
  })
  .catch((error) => showError(t("stage.edit.load_failed", { reason: error.message })));
