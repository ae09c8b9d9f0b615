// The presenter (S2–S4): current slide with its notes, previous/next thumbnails, the slide strip, keyboard and
// clicker control, blank and mirror, the timer and its log, the appeal choice, and an alert whenever no audience
// display is connected. This module loads the deck and wires the parts, each a module of its own: the deck and
// where the presenter stands (stage-present-deck.js), what the presenter sees (stage-present-view.js), what the
// audience sees (stage-present-screens.js), moving (here, with keys and clicker in stage-controls.js), the timer and
// log (stage-timer.js), what replaces the deck meanwhile (stage-present-changes.js) and ending
// (stage-present-ending.js).
import { PresentedDeck } from "./stage-present-deck.js";
import { PresenterView } from "./stage-present-view.js";
import { PresenterScreens } from "./stage-present-screens.js";
import { wireDeckChanges } from "./stage-present-changes.js";
import { wireEnding } from "./stage-present-ending.js";
import { wireControls } from "./stage-controls.js";
import { watchDisplays } from "./stage-displays.js";
import { PresenterTimer, SlideLog } from "./stage-timer.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { t } from "./i18n.js";

// Where the presenter was when it reloaded itself in another interface language (only then): it carries on there.
const RESUME_KEY = "cadence.stage.resume";
const $ = (id) => document.getElementById(id);

export function setupPresenter(live) {
  new ScreenWakeLock().keep(true); // a presenter's phone drives the screens for an hour
  const root = $("presenter");
  const note = (text) => ($("presenter-note").textContent = text);
  let reloading = false; // the interface language changed: the page reloads without ending the talk

  const timer = new PresenterTimer($("timer"));
  const log = new SlideLog(timer);
  const presented = new PresentedDeck(root.dataset.talkId, { onReplaced: () => view.redrawDeck() });
  const screens = new PresenterScreens(root, presented, note);
  const view = new PresenterView(root, presented, { onEnter: (slide) => log.enter(slide), afterRender: (redraw) => screens.send(redraw) });

  // --- Loading, with a cancellable dialog after half a second -------------------------
  const controller = new AbortController();
  const slowTimer = setTimeout(() => ($("loading").hidden = false), 500);
  $("loading-cancel").addEventListener("click", () => {
    controller.abort();
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });
  presented.fetch(controller.signal)
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
    presented.begin(loaded);
    root.dataset.total = String(loaded.total);
    $("appeal-kind").value = loaded.appeal.kind;
    if (loaded.songs.length) {
      $("song-choice").hidden = false;
      $("appeal-song").replaceChildren(...loaded.songs.map((song) => new Option(song, song, false, song === loaded.appeal.song)));
    }
    view.buildStrip();
    timer.start();
    if (!resume()) showHint();
    view.render();
  }

  // After the interface language changed (the page reloaded itself), the talk carries on where it was.
  function resume() {
    const saved = JSON.parse(sessionStorage.getItem(RESUME_KEY) || "null");
    sessionStorage.removeItem(RESUME_KEY);
    if (!saved || saved.talkId !== presented.talkId) return false;
    if (saved.number) presented.state.jumpToNumber(saved.number);
    timer.resumeFrom(saved.elapsed || 0, saved.startedAt);
    return true;
  }

  function showHint() {
    $("silence-hint").hidden = false;
    setTimeout(() => ($("silence-hint").hidden = true), 5000);
  }

  // --- Moving ------------------------------------------------------------------------
  function advance() {
    if (!presented.state) return;
    presented.state.advance();
    moved();
  }

  function back() {
    if (!presented.state) return;
    presented.state.back();
    moved();
  }

  function jump(number) {
    if (!presented.state) return false;
    const ok = presented.state.jumpToNumber(number);
    if (ok) moved();
    else note(t("stage.present.no_such_slide", { number, total: presented.deck.total }));
    return ok;
  }

  // After a move, an appeal change that waited for the appeal to end may land.
  function moved() {
    if (!presented.takePending()) view.render();
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
  wireControls({ advance, back, jump, toggleBlank: () => screens.toggleBlank(), jumpInput: $("jump"),
                 surface: document.querySelector(".presenter-main"), advanceMethod: root.dataset.advance });

  // --- Timer and log (S4): tap pauses, holding resets -----------------------------------
  timer.wire(() => {
    log.reset(presented.current);
    note(t("stage.present.timer_reset"));
  });

  wireDeckChanges({ root, live, presented, view, note });
  wireEnding({ root, presented, screens, timer, log, isReloading: () => reloading });

  // The interface's language is the account's setting: saved, then the page comes back in it on the same slide
  // without ending the talk, the slides and notes as they were.
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
      talkId: presented.talkId, number: presented.state ? presented.state.number : 0, elapsed: timer.elapsed(), startedAt: timer.startedAt,
    }));
    location.reload();
  });

  // The rarely used tools (notes' size, go to, languages, appeal, End) are in a sheet over the presenter.
  const sheet = $("tools-sheet");
  $("more-tools").addEventListener("click", () => sheet.showModal());
  $("close-tools").addEventListener("click", () => sheet.close());
  sheet.addEventListener("click", (event) => { if (event.target === sheet) sheet.close(); }); // a tap beside it

  // Displays (S2): said clearly when none is connected, when one drops, when it is back; a screen that just
  // opened catches up at once.
  watchDisplays(live, $("display-alert"), root, () => screens.send(true));
}
