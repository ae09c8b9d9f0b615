// The presenter (S2–S4): current slide with its notes, previous/next thumbnails, the
// slide strip, keyboard and clicker control, blank and mirror, the timer and its log,
// the appeal choice, and an alert whenever no audience display is connected.
// Every change of what the audience sees goes to the server as one POST; the server
// sends it to every paired display on the live channel. A POST that fails is said on the
// presenter and retried until it lands (or a newer state replaces it).
import { PresenterState, positionInNewDeck } from "./stage-rules.js";
import { drawSlide, showVideoTimeLeft } from "./stage-draw.js";
import { fillNotes, notesPageCount, notesPageStep } from "./stage-notes.js";
import { wireControls } from "./stage-controls.js";
import { watchDisplays } from "./stage-displays.js";
import { ScreenSender } from "./stage-screen-sender.js";
import { VariationPicker } from "./stage-variation-picker.js";
import { variationName } from "./stage-edit-variations.js";
import { PresenterTimer, SlideLog } from "./stage-timer.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { t } from "./i18n.js";

const FONT_KEY = "cadence.stage.notesSize";
// Where the presenter was when it reloaded itself in another interface language (only then): it carries on there.
const RESUME_KEY = "cadence.stage.resume";
const $ = (id) => document.getElementById(id);

export function setupPresenter(live) {
  new ScreenWakeLock().keep(true); // a presenter's phone drives the screens for an hour
  const root = $("presenter");
  const talkId = root.dataset.talkId;
  const advanceMethod = root.dataset.advance;
  const notes = $("notes");
  let deck = null;
  let state = null;
  let blank = false;
  let mode = root.dataset.screenMode === "project" ? "project" : "mirror";
  let ended = false;
  let reloading = false; // the interface language changed: the page reloads without ending the talk

  // --- Loading, with a cancellable dialog after half a second -------------------------
  const controller = new AbortController();
  const slowTimer = setTimeout(() => ($("loading").hidden = false), 500);
  $("loading-cancel").addEventListener("click", () => {
    controller.abort();
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });
  fetchDeck(controller.signal)
    .then((loaded) => {
      clearTimeout(slowTimer);
      $("loading").hidden = true;
      start(loaded);
    })
    .catch((error) => {
      clearTimeout(slowTimer);
      $("loading").hidden = true;
      if (error.name !== "AbortError") note(error.message);
    });

  function start(loaded) {
    deck = loaded;
    state = new PresenterState(deck.slides.length);
    root.dataset.total = String(deck.total);
    $("appeal-kind").value = deck.appeal.kind;
    if (deck.songs.length) {
      $("song-choice").hidden = false;
      $("appeal-song").replaceChildren(...deck.songs.map((song) => new Option(song, song, false, song === deck.appeal.song)));
    }
    buildStrip();
    timer.start();
    const resumed = resume();
    if (!resumed) showHint();
    render();
  }

  // After the interface language changed (the page reloaded itself), the talk carries on where it was.
  function resume() {
    const saved = JSON.parse(sessionStorage.getItem(RESUME_KEY) || "null");
    sessionStorage.removeItem(RESUME_KEY);
    if (!saved || saved.talkId !== talkId) return false;
    if (saved.number) state.jumpToNumber(saved.number);
    timer.resumeFrom(saved.elapsed || 0, saved.startedAt);
    return true;
  }

  // --- Drawing ---------------------------------------------------------------------
  const slideAt = (index) => deck.slides[(index + deck.slides.length) % deck.slides.length];

  // `redraw`: the deck was replaced (another variation, appeal or edit), so even the same
  // slide may have other notes and neighbours.
  function render(redraw = false) {
    if (!deck || deck.slides.length === 0) {
      $("position").textContent = "0/0";
      notes.textContent = t("stage.present.no_slides");
      return;
    }
    const slide = slideAt(state.index);
    root.dataset.slide = String(state.number);
    root.dataset.page = String(state.page);
    $("position").textContent = `${state.number}/${deck.total}`;
    const entered = $("current-frame").dataset.slide !== slide.id;
    if (entered) log.enter(slide);
    if (entered || redraw) {
      $("current-frame").dataset.slide = slide.id;
      const media = drawSlide($("current-frame"), slide, { video: "muted" });
      showVideoTimeLeft($("video-remaining"), media);
      drawNotes(slide);
      drawNeighbour($("prev-thumb"), state.index - 1, "previous");
      drawNeighbour($("next-thumb"), state.index + 1, "next");
      markStrip();
    }
    showPage(slide);
    sendScreen(redraw); // a replaced deck may change what the screens show of the same slide
  }

  function drawNeighbour(button, index, which) {
    const slide = slideAt(index);
    drawSlide(button.querySelector(".thumb-frame"), slide, { lazy: true });
    button.querySelector(".thumb-label").textContent = t(`stage.present.${which}_thumb`, { number: slide.number });
    button.dataset.number = String(slide.number);
    button.setAttribute("aria-label", t(`stage.present.${which}_thumb_label`, { number: slide.number, total: deck.total }));
  }

  function buildStrip() {
    $("strip").replaceChildren(...deck.slides.map((slide) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "strip-item";
      button.dataset.number = String(slide.number);
      button.setAttribute("aria-label", slide.title ? t("stage.present.strip_item_titled", { number: slide.number, title: slide.title })
        : t("stage.present.strip_item", { number: slide.number }));
      const frame = document.createElement("span");
      frame.className = "thumb-frame";
      drawSlide(frame, slide, { lazy: true });
      const number = document.createElement("span");
      number.className = "strip-number";
      number.textContent = String(slide.number);
      button.append(frame, number);
      item.append(button);
      return item;
    }));
  }

  function markStrip() {
    for (const button of $("strip").querySelectorAll(".strip-item")) {
      const current = Number(button.dataset.number) === state.number;
      button.classList.toggle("current", current);
      if (current) {
        button.setAttribute("aria-current", "true");
        button.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" });
      } else button.removeAttribute("aria-current");
    }
  }

  // Notes (stage-notes.js): a new slide starts at their top.
  function drawNotes(slide) {
    notes.scrollTop = 0;
    notes.replaceChildren();
    if (slide.steps) return; // caption steps are drawn page by page in showPage
    fillNotes(notes, slide.notes);
  }

  function showPage(slide) {
    if (slide.steps) {
      state.setPageCount(slide.steps.length);
      fillNotes(notes, slide.steps[state.page].notes);
      const caption = slide.steps[state.page].caption;
      if (caption) {
        const shown = document.createElement("p");
        shown.className = "note-caption";
        shown.textContent = t("stage.present.on_screen", { caption });
        notes.prepend(shown);
      }
    } else {
      state.setPageCount(notesPageCount(notes));
      notes.scrollTo({ top: state.page * notesPageStep(notes), behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    }
    $("more-notes").hidden = !state.hasMoreNotes;
    root.dataset.page = String(state.page);
    root.dataset.pages = String(state.pageCount);
  }

  // --- What the audience sees -------------------------------------------------------
  const screens = new ScreenSender({
    onError(text) {
      const element = $("screen-error");
      element.hidden = !text;
      element.textContent = text || "";
    },
    onSent() {
      root.dataset.sent = String(Number(root.dataset.sent || 0) + 1);
    },
  });

  function sendScreen(force = false) {
    if (!deck || deck.slides.length === 0 || ended) return;
    const slide = slideAt(state.index);
    screens.send({ talkId, slideId: slide.id, number: slide.number, total: deck.total, step: slide.steps ? state.page : 0, blank, mode },
                 force);
  }

  // --- Moving ------------------------------------------------------------------------
  function advance() {
    if (!state) return;
    state.advance();
    moved();
  }

  function back() {
    if (!state) return;
    state.back();
    moved();
  }

  function jump(number) {
    if (!state) return false;
    const ok = state.jumpToNumber(number);
    if (ok) moved();
    else note(t("stage.present.no_such_slide", { number, total: deck.total }));
    return ok;
  }

  // After a move, an appeal change that waited for the appeal to end may land.
  function moved() {
    if (!takePendingDeck()) render();
  }

  $("next").addEventListener("click", advance);
  $("back").addEventListener("click", back);
  for (const id of ["prev-thumb", "next-thumb"]) {
    $(id).addEventListener("click", (event) => jump(Number(event.currentTarget.dataset.number)));
  }
  $("strip").addEventListener("click", (event) => {
    const button = event.target.closest(".strip-item");
    if (button) jump(Number(button.dataset.number));
  });

  wireControls({ advance, back, jump, toggleBlank, jumpInput: $("jump"), surface: document.querySelector(".presenter-main"),
                 advanceMethod });

  // --- Tools -------------------------------------------------------------------------
  function setFont(size) {
    const clamped = Math.min(48, Math.max(12, size));
    notes.style.setProperty("--notes-size", `${clamped}px`);
    localStorage.setItem(FONT_KEY, String(clamped));
    root.dataset.fontSize = String(clamped);
    if (state && deck.slides.length) showPage(slideAt(state.index));
  }
  const fontSize = () => Number(localStorage.getItem(FONT_KEY)) || 20;
  setFont(fontSize());
  $("font-up").addEventListener("click", () => setFont(fontSize() + 2));
  $("font-down").addEventListener("click", () => setFont(fontSize() - 2));
  addEventListener("resize", () => state && deck.slides.length && showPage(slideAt(state.index)));

  function toggleBlank() {
    blank = !blank;
    $("blank").setAttribute("aria-pressed", String(blank));
    $("blank-badge").hidden = !blank;
    sendScreen();
  }
  $("blank").addEventListener("click", toggleBlank);

  // Mirror (the default) or project; the choice is kept for this account's next talk.
  $("mode").addEventListener("click", () => {
    mode = mode === "project" ? "mirror" : "project";
    $("mode").setAttribute("aria-pressed", String(mode === "mirror"));
    note(mode === "mirror" ? t("stage.present.mirroring") : t("stage.present.projecting"));
    sendScreen();
    fetch("/api/v1/stage/preferences", {
      method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ screenMode: mode }),
    }).catch(() => {});
  });

  // The appeal (A.3.4): a change never lands while the appeal is on screen; it takes effect the
  // next time the appeal slides are shown (the new deck waits in `pendingDeck` until then).
  let pendingDeck = null;
  async function saveAppeal() {
    const body = { kind: $("appeal-kind").value, song: $("song-choice").hidden ? null : $("appeal-song").value };
    const response = await fetch(`/api/v1/stage/talks/${talkId}/appeal`, {
      method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    }).catch(() => null);
    const answer = response ? await response.json().catch(() => ({})) : {};
    if (!response || !response.ok) {
      note(answer.error?.message || t("stage.present.appeal_failed"));
      return;
    }
    const loaded = await fetchDeck().catch((error) => (note(error.message), null));
    if (!loaded) return;
    pendingDeck = loaded;
    note(takePendingDeck() ? t("stage.present.appeal_changed") : t("stage.present.appeal_saved"));
  }

  // Swaps in the waiting deck, unless it brings another appeal while the appeal is on screen;
  // true when it did.
  function takePendingDeck() {
    if (!pendingDeck || !deck) return false;
    const current = deck.slides.length ? slideAt(state.index) : null;
    const appealChanged = JSON.stringify(pendingDeck.appeal) !== JSON.stringify(deck.appeal);
    const moved = current ? positionInNewDeck(state, pendingDeck.slides.map((slide) => slide.id), current.id, current.appeal && appealChanged)
      : new PresenterState(pendingDeck.slides.length);
    if (!moved) return false;
    deck = pendingDeck;
    pendingDeck = null;
    state = moved;
    root.dataset.total = String(deck.total);
    buildStrip();
    render(true);
    return true;
  }

  function fetchDeck(signal) {
    return fetch(`/api/v1/stage/talks/${talkId}/deck`, { credentials: "same-origin", signal }).then((response) => {
      if (!response.ok) throw new Error(t("stage.present.load_failed", { status: response.status }));
      return response.json();
    });
  }
  $("appeal-kind").addEventListener("change", saveAppeal);
  $("appeal-song").addEventListener("change", saveAppeal);

  function note(text) {
    $("presenter-note").textContent = text;
  }

  function showHint() {
    $("silence-hint").hidden = false;
    setTimeout(() => ($("silence-hint").hidden = true), 5000);
  }

  // --- Timer and log (S4): tap pauses, holding resets -----------------------------------
  const timer = new PresenterTimer($("timer"));
  const log = new SlideLog(timer);
  timer.wire(() => {
    log.reset(state && deck.slides.length ? slideAt(state.index) : null);
    note(t("stage.present.timer_reset"));
  });

  // Ending (S4): the log is kept (20 minutes or more) and the screens are told the talk ended,
  // however the presenter leaves: End, another page, a closed tab or window (pagehide, when
  // only a beacon still gets out).
  function finish() {
    if (ended) return null;
    ended = true;
    screens.stop();
    log.close();
    return {
      talkId, talkTitle: deck ? deck.title : document.title, startedAt: timer.startedAt,
      durationMs: Math.round(timer.elapsed()), entries: log.entries,
    };
  }

  $("end").addEventListener("click", async () => {
    const body = finish();
    if (!body) return;
    await screens.stop(); // a slide still on its way must not land after the end
    const post = (url, payload) => fetch(url, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
    }).catch(() => null);
    await post("/api/v1/stage/screen", { talkId, ended: true });
    const saved = await post("/api/v1/stage/logs", body);
    const answer = saved ? await saved.json().catch(() => ({})) : {};
    sessionStorage.setItem("cadence.stage.ended", answer.saved ? t("stage.present.logged") : "");
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });

  addEventListener("pagehide", () => {
    if (reloading) return; // the same talk carries on in the other language
    const body = finish();
    if (!body) return;
    const beacon = (url, payload) => navigator.sendBeacon(url, new Blob([JSON.stringify(payload)], { type: "application/json" }));
    beacon("/api/v1/stage/screen", { talkId, ended: true });
    beacon("/api/v1/stage/logs", body);
  });
  // Back from the browser's page cache: the talk ended when the page was left, so start afresh.
  addEventListener("pageshow", (event) => { if (event.persisted) location.reload(); });

  // --- Variations (S6): chosen here (the picker shows when the talk has more than the original),
  // on the edit page or on another device, the variation is loaded in place by the live event
  // below; the timer keeps running and the show starts again at slide 1.
  const variations = new VariationPicker(talkId, $("variation"), $("variation-choice"), note);
  variations.refresh();

  live.on("stage.variation", async (data) => {
    if (!deck || String(data.talkId).toLowerCase() !== String(talkId).toLowerCase()) return;
    variations.refresh();
    try {
      deck = await fetchDeck();
      pendingDeck = null;
      state = new PresenterState(deck.slides.length);
      root.dataset.total = String(deck.total);
      buildStrip();
      // Redraw everything even when both variations start with the same slide: its notes and
      // its neighbours may differ.
      render(true);
      note(t("stage.present.now_presenting", { name: variationName(data) }));
    } catch (error) {
      note(error.message);
    }
  });

  // An edit saved elsewhere (the edit page on another device) to the variation presented here:
  // taken in at once, on the same slide, unless the appeal is on screen (then when it ends).
  live.on("stage.variation.edited", async (data) => {
    if (!deck || String(data.talkId).toLowerCase() !== String(talkId).toLowerCase()) return;
    if (String(data.variationId).toLowerCase() !== String(variations.presented).toLowerCase()) return;
    try {
      pendingDeck = await fetchDeck();
      takePendingDeck();
    } catch (error) {
      note(error.message);
    }
  });

  // --- Languages (seed 002): the slides' language, the notes' language and the interface's are three
  // independent choices. The first two are the series' (saved, the deck is loaded again in place, the interface
  // stays as it is); the third is the account's language setting (saved, then the page comes back in it on the
  // same slide without ending the talk, the slides and notes as they were).
  async function chooseContentLanguage(field, select) {
    const response = await fetch(`/api/v1/stage/series/${root.dataset.seriesId}`, {
      method: "PATCH", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ [field]: select.value }),
    }).catch(() => null);
    const answer = response ? await response.json().catch(() => ({})) : {};
    if (!response || !response.ok) {
      select.value = root.dataset[field];
      note(answer.error?.message || t("stage.present.language_failed"));
      return;
    }
    root.dataset[field] = select.value;
    applyContentLanguages();
    try {
      pendingDeck = await fetchDeck();
      if (!takePendingDeck()) note(t("stage.present.language_waits"));
    } catch (error) {
      note(error.message);
    }
  }

  // Every slide and note element says its own language, whatever the interface's.
  function applyContentLanguages() {
    for (const element of [$("current-frame"), $("strip"), ...document.querySelectorAll(".neighbour .thumb-frame")]) {
      element.lang = root.dataset.slideLanguage;
    }
    notes.lang = root.dataset.notesLanguage;
  }

  $("slide-language").addEventListener("change", (event) => chooseContentLanguage("slideLanguage", event.currentTarget));
  $("notes-language").addEventListener("change", (event) => chooseContentLanguage("notesLanguage", event.currentTarget));
  $("app-language").addEventListener("change", async (event) => {
    const select = event.currentTarget;
    const response = await fetch("/api/v1/account", {
      method: "PATCH", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ language: select.value }),
    }).catch(() => null);
    if (!response || !response.ok) {
      const answer = response ? await response.json().catch(() => ({})) : {};
      select.value = document.documentElement.lang;
      note(answer.error?.message || t("stage.present.language_failed"));
      return;
    }
    reloading = true;
    sessionStorage.setItem(RESUME_KEY, JSON.stringify({
      talkId, number: state ? state.number : 0, elapsed: timer.elapsed(), startedAt: timer.startedAt,
    }));
    location.reload();
  });

  // Displays (S2): said clearly when none is connected, when one drops, when it is back; a screen that just
  // opened catches up at once.
  watchDisplays(live, $("display-alert"), root, () => sendScreen(true));
}
