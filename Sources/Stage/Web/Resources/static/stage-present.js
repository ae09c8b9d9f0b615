// The presenter (S2–S4): current slide with its notes, previous/next thumbnails, the
// slide strip, keyboard and clicker control, blank and mirror, the timer and its log,
// the appeal choice, and an alert whenever no audience display is connected.
// Every change of what the audience sees goes to the server as one POST; the server
// sends it to every paired display on the live channel. A POST that fails is said on the
// presenter and retried until it lands (or a newer state replaces it).
import { PresenterState, positionInNewDeck } from "./stage-rules.js";
import { drawSlide, formatDuration } from "./stage-draw.js";

const FONT_KEY = "cadence.stage.notesSize";
const $ = (id) => document.getElementById(id);

export function setupPresenter(live) {
  const root = $("presenter");
  const talkId = root.dataset.talkId;
  const advanceMethod = root.dataset.advance;
  const notes = $("notes");
  let deck = null;
  let state = null;
  let blank = false;
  let mode = root.dataset.screenMode === "project" ? "project" : "mirror";
  let lastSent = "";
  let ended = false;

  // --- Loading, with a cancellable dialog after half a second -------------------------
  const controller = new AbortController();
  const slowTimer = setTimeout(() => ($("loading").hidden = false), 500);
  $("loading-cancel").addEventListener("click", () => {
    controller.abort();
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });
  fetch(`/api/v1/stage/talks/${talkId}/deck`, { credentials: "same-origin", signal: controller.signal })
    .then((response) => {
      if (!response.ok) throw new Error(`The talk could not be loaded (${response.status}).`);
      return response.json();
    })
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
    showHint();
    render();
  }

  // --- Drawing ---------------------------------------------------------------------
  const slideAt = (index) => deck.slides[(index + deck.slides.length) % deck.slides.length];

  // `redraw`: the deck was replaced (another variation, appeal or edit), so even the same
  // slide may have other notes and neighbours.
  function render(redraw = false) {
    if (!deck || deck.slides.length === 0) {
      $("position").textContent = "0/0";
      notes.textContent = "This talk has no slides to show.";
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
      watchVideo(media);
      drawNotes(slide);
      drawNeighbour($("prev-thumb"), state.index - 1, "Previous");
      drawNeighbour($("next-thumb"), state.index + 1, "Next");
      markStrip();
    }
    showPage(slide);
    sendScreen(redraw); // a replaced deck may change what the screens show of the same slide
  }

  function drawNeighbour(button, index, label) {
    const slide = slideAt(index);
    drawSlide(button.querySelector(".thumb-frame"), slide, { lazy: true });
    button.querySelector(".thumb-label").textContent = `${label}: ${slide.number}`;
    button.dataset.number = String(slide.number);
    button.setAttribute("aria-label", `${label} slide, ${slide.number} of ${deck.total}`);
  }

  function buildStrip() {
    $("strip").replaceChildren(...deck.slides.map((slide) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "strip-item";
      button.dataset.number = String(slide.number);
      button.setAttribute("aria-label", `Slide ${slide.number}${slide.title ? `: ${slide.title}` : ""}`);
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

  // Notes: one paragraph per line; leading tabs are indentation levels (kept in em, so
  // they grow and shrink with the font), "•" lines hang their bullet.
  function drawNotes(slide) {
    notes.scrollTop = 0;
    notes.replaceChildren();
    if (slide.steps) return; // caption steps are drawn page by page in showPage
    fillNotes(slide.notes);
  }

  function fillNotes(text) {
    notes.replaceChildren();
    if (!text) {
      const empty = document.createElement("p");
      empty.className = "note-line muted";
      empty.textContent = "No notes for this slide.";
      notes.append(empty);
      return;
    }
    for (const raw of text.split("\n")) {
      // Imported notes indent with tabs; edited ones (rich-notes markup) with two spaces a level.
      const tabs = raw.match(/^\t*/)[0].length;
      const spaces = tabs ? 0 : raw.match(/^ */)[0].length;
      const level = tabs || Math.floor(spaces / 2);
      const line = document.createElement("p");
      line.className = "note-line";
      line.dataset.level = String(Math.min(level, 6));
      const content = raw.slice(tabs || spaces);
      if (/^[•–-]\s/.test(content)) line.classList.add("bullet");
      if (content) appendRich(line, content);
      else line.textContent = "\u00a0";
      notes.append(line);
    }
  }

  // Rich-notes markup (Sources/Stage/Variations/RichNotes.swift) as elements, never as HTML text:
  // **bold**, *italic*, __underline__, ~~strikethrough~~.
  function appendRich(parent, text) {
    const pattern = /(\*\*|__|~~|\*)(.+?)\1/;
    let rest = text;
    while (rest) {
      const match = pattern.exec(rest);
      if (!match) {
        parent.append(rest);
        return;
      }
      if (match.index) parent.append(rest.slice(0, match.index));
      const styled = document.createElement({ "**": "b", __: "u", "~~": "s", "*": "i" }[match[1]]);
      appendRich(styled, match[2]);
      parent.append(styled);
      rest = rest.slice(match.index + match[0].length);
    }
  }

  function pageStep() {
    const lineHeight = parseFloat(getComputedStyle(notes).lineHeight) || 24;
    return Math.max(lineHeight, notes.clientHeight - lineHeight);
  }

  function measurePages() {
    const overflow = notes.scrollHeight - notes.clientHeight;
    return overflow <= 1 ? 1 : 1 + Math.ceil(overflow / pageStep());
  }

  function showPage(slide) {
    if (slide.steps) {
      state.setPageCount(slide.steps.length);
      fillNotes(slide.steps[state.page].notes);
      const caption = slide.steps[state.page].caption;
      if (caption) {
        const shown = document.createElement("p");
        shown.className = "note-caption";
        shown.textContent = `On screen: ${caption}`;
        notes.prepend(shown);
      }
    } else {
      state.setPageCount(measurePages());
      notes.scrollTo({ top: state.page * pageStep(), behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    }
    $("more-notes").hidden = !state.hasMoreNotes;
    root.dataset.page = String(state.page);
    root.dataset.pages = String(state.pageCount);
  }

  // --- What the audience sees -------------------------------------------------------
  let sending = null;
  let queued = null;
  let wake = null; // ends a retry's wait early when a newer state is queued

  function screenState() {
    const slide = slideAt(state.index);
    return {
      talkId, slideId: slide.id, number: slide.number, total: deck.total,
      step: slide.steps ? state.page : 0, blank, mode,
    };
  }

  function sendScreen(force = false) {
    if (!deck || deck.slides.length === 0 || ended) return;
    const body = screenState();
    const key = JSON.stringify(body);
    if (key === lastSent && !force) return;
    lastSent = key;
    queued = body;
    if (wake) wake();
    else if (!sending) flush();
  }

  // One request at a time, always the newest state, so the screens never go backwards. A
  // failure is shown and retried (sooner at first, then every few seconds) until it lands.
  async function flush() {
    let delay = 500;
    while (queued && !ended) {
      const body = queued;
      queued = null;
      sending = postScreen(body);
      const failure = await sending;
      root.dataset.sent = String(Number(root.dataset.sent || 0) + 1);
      if (!failure) {
        screenError(null);
        delay = 500;
        continue;
      }
      if (!failure.retry) {
        // Refused for good (the slide is gone, say): said once; the next move sends anew.
        screenError(`Screens did not update: ${failure.message}`);
        continue;
      }
      screenError(`Screens did not update: ${failure.message} Retrying…`);
      if (!queued) queued = body;
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, delay);
      });
      wake = null;
      delay = Math.min(delay * 2, 5000);
    }
    sending = null;
  }

  // Answers null when the screens took the state, else what went wrong, in words, and whether
  // trying again can help (no network, a busy or failing server).
  async function postScreen(body) {
    try {
      const response = await fetch("/api/v1/stage/screen", {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      if (response.ok) return null;
      const answer = await response.json().catch(() => ({}));
      const retry = response.status >= 500 || response.status === 408 || response.status === 429;
      return { message: answer.error?.message || `the server answered ${response.status}.`, retry };
    } catch {
      return { message: "the server cannot be reached.", retry: true };
    }
  }

  function screenError(text) {
    const element = $("screen-error");
    element.hidden = !text;
    element.textContent = text || "";
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
    else note(`There is no slide ${number}; this talk has ${deck.total}.`);
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

  // Keyboards and presentation clickers: arrows, PageUp/PageDown, space; a number then
  // Enter jumps; B or "." blanks the screens.
  let typed = "";
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("select, input:not(#jump), textarea")) return;
    if (target.id === "jump" && event.key !== "Enter" && event.key !== "Escape") return;
    if (/^[0-9]$/.test(event.key)) {
      typed += event.key;
      $("jump").value = typed;
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "Enter": {
        const value = typed || $("jump").value.trim();
        typed = "";
        $("jump").value = "";
        if (value) jump(Number(value));
        else if (target.tagName !== "BUTTON") advance();
        else return;
        break;
      }
      case "Escape":
        typed = "";
        $("jump").value = "";
        break;
      case "ArrowRight": case "ArrowDown": case "PageDown": case " ":
        if (target.tagName === "BUTTON" && event.key === " ") return;
        advance();
        break;
      case "ArrowLeft": case "ArrowUp": case "PageUp":
        back();
        break;
      case "b": case "B": case ".":
        toggleBlank();
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  // Touch: swiping or tapping the sides, as chosen in Settings.
  const surface = document.querySelector(".presenter-main");
  if (advanceMethod === "swipe") {
    let startX = null;
    surface.addEventListener("touchstart", (event) => (startX = event.touches[0].clientX), { passive: true });
    surface.addEventListener("touchend", (event) => {
      if (startX === null) return;
      const dx = event.changedTouches[0].clientX - startX;
      startX = null;
      if (Math.abs(dx) > 50) (dx < 0 ? advance : back)();
    });
  } else if (advanceMethod === "tap-sides") {
    surface.addEventListener("click", (event) => {
      const box = surface.getBoundingClientRect();
      const x = (event.clientX - box.left) / box.width;
      if (x < 1 / 3) back();
      else if (x > 2 / 3) advance();
    });
  }

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
    note(mode === "mirror" ? "The screens now mirror this view." : "The screens now show the slides only.");
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
      note(answer.error?.message || "The appeal could not be saved; check the connection and try again.");
      return;
    }
    const loaded = await fetchDeck().catch((error) => (note(error.message), null));
    if (!loaded) return;
    pendingDeck = loaded;
    note(takePendingDeck() ? "Appeal changed: it shows when the appeal comes." : "Appeal saved: it takes effect the next time the appeal is shown.");
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

  function fetchDeck() {
    return fetch(`/api/v1/stage/talks/${talkId}/deck`, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`The talk could not be loaded (${response.status}).`);
      return response.json();
    });
  }
  $("appeal-kind").addEventListener("change", saveAppeal);
  $("appeal-song").addEventListener("change", saveAppeal);

  // Video slides: the presenter alone sees the time left.
  function watchVideo(media) {
    const label = $("video-remaining");
    label.hidden = true;
    if (!media || media.tagName !== "VIDEO") return;
    const update = () => {
      if (!Number.isFinite(media.duration)) return;
      label.hidden = false;
      label.textContent = `Video · ${formatDuration((media.duration - media.currentTime) * 1000)} left`;
    };
    media.addEventListener("timeupdate", update);
    media.addEventListener("loadedmetadata", update);
  }

  function note(text) {
    $("presenter-note").textContent = text;
  }

  function showHint() {
    $("silence-hint").hidden = false;
    setTimeout(() => ($("silence-hint").hidden = true), 5000);
  }

  // --- Timer and log (S4): tap pauses, holding resets -----------------------------------
  const timer = {
    startedAt: 0, elapsedBefore: 0, runningSince: null, handle: null,
    start() {
      this.startedAt = Date.now();
      this.runningSince = performance.now();
      this.handle = setInterval(() => this.draw(), 500);
      this.draw();
    },
    elapsed() {
      return this.elapsedBefore + (this.runningSince === null ? 0 : performance.now() - this.runningSince);
    },
    toggle() {
      if (this.runningSince === null) this.runningSince = performance.now();
      else {
        this.elapsedBefore = this.elapsed();
        this.runningSince = null;
      }
      this.draw();
    },
    reset() {
      this.elapsedBefore = 0;
      this.startedAt = Date.now();
      if (this.runningSince !== null) this.runningSince = performance.now();
      log.reset();
      this.draw();
    },
    draw() {
      const button = $("timer");
      button.textContent = formatDuration(this.elapsed());
      button.dataset.paused = String(this.runningSince === null);
      button.setAttribute("aria-label", `Timer ${button.textContent}${this.runningSince === null ? ", paused" : ""}. Tap to pause or resume, hold to reset.`);
    },
  };

  let holdTimer = null;
  let held = false;
  $("timer").addEventListener("pointerdown", () => {
    held = false;
    holdTimer = setTimeout(() => {
      held = true;
      timer.reset();
      note("Timer reset.");
    }, 800);
  });
  for (const type of ["pointerup", "pointerleave", "pointercancel"]) {
    $("timer").addEventListener(type, () => clearTimeout(holdTimer));
  }
  $("timer").addEventListener("click", () => {
    if (!held) timer.toggle();
    held = false;
  });

  const log = {
    entries: [], current: null,
    enter(slide) {
      this.close();
      this.current = { slide: slide.number, slideId: slide.id, enteredAt: Date.now(), timerAt: timer.elapsed() };
    },
    close() {
      if (!this.current) return;
      const { slide, slideId, enteredAt, timerAt } = this.current;
      this.entries.push({ slide, slideId, enteredAt, spentMs: Math.max(0, Math.round(timer.elapsed() - timerAt)) });
      this.current = null;
    },
    reset() {
      this.entries = [];
      if (state && deck.slides.length) this.enter(slideAt(state.index));
    },
  };

  // Ending (S4): the log is kept (20 minutes or more) and the screens are told the talk ended,
  // however the presenter leaves: End, another page, a closed tab or window (pagehide, when
  // only a beacon still gets out).
  function finish() {
    if (ended) return null;
    ended = true;
    log.close();
    return {
      talkId, talkTitle: deck ? deck.title : document.title, startedAt: timer.startedAt,
      durationMs: Math.round(timer.elapsed()), entries: log.entries,
    };
  }

  $("end").addEventListener("click", async () => {
    const body = finish();
    if (!body) return;
    queued = null;
    await sending; // a slide still on its way must not land after the end
    const post = (url, payload) => fetch(url, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
    }).catch(() => null);
    await post("/api/v1/stage/screen", { talkId, ended: true });
    const saved = await post("/api/v1/stage/logs", body);
    const answer = saved ? await saved.json().catch(() => ({})) : {};
    sessionStorage.setItem("cadence.stage.ended", answer.saved ? "The presentation was logged (Settings › Presentation logs)." : "");
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });

  addEventListener("pagehide", () => {
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
  let presentedVariation = null;
  async function listVariations() {
    const response = await fetch(`/api/v1/stage/talks/${talkId}/variations`, { credentials: "same-origin" });
    if (!response.ok) return;
    const { active, variations } = await response.json();
    presentedVariation = active;
    const select = $("variation");
    select.replaceChildren(...variations.map((v) => new Option(v.name, v.id, false, v.id === active)));
    $("variation-choice").hidden = variations.length < 2;
  }
  $("variation").addEventListener("change", async () => {
    const response = await fetch(`/api/v1/stage/talks/${talkId}/variation`, {
      method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: $("variation").value }),
    }).catch(() => null);
    if (!response || !response.ok) {
      const answer = response ? await response.json().catch(() => ({})) : {};
      note(answer.error?.message || "The variation could not be chosen; check the connection and try again.");
      listVariations();
    }
  });
  listVariations();

  live.on("stage.variation", async (data) => {
    if (!deck || String(data.talkId).toLowerCase() !== String(talkId).toLowerCase()) return;
    listVariations();
    try {
      deck = await fetchDeck();
      pendingDeck = null;
      state = new PresenterState(deck.slides.length);
      root.dataset.total = String(deck.total);
      buildStrip();
      // Redraw everything even when both variations start with the same slide: its notes and
      // its neighbours may differ.
      render(true);
      note(`Now presenting “${data.name}”.`);
    } catch (error) {
      note(error.message);
    }
  });

  // An edit saved elsewhere (the edit page on another device) to the variation presented here:
  // taken in at once, on the same slide, unless the appeal is on screen (then when it ends).
  live.on("stage.variation.edited", async (data) => {
    if (!deck || String(data.talkId).toLowerCase() !== String(talkId).toLowerCase()) return;
    if (String(data.variationId).toLowerCase() !== String(presentedVariation).toLowerCase()) return;
    try {
      pendingDeck = await fetchDeck();
      takePendingDeck();
    } catch (error) {
      note(error.message);
    }
  });

  // --- Displays (S2): say clearly when none is connected, when one drops, when it is back ---
  let known = null;
  live.on("presence", (data) => {
    const displays = new Map((data.online || []).filter((entry) => entry.role === "display")
      .map((entry) => [entry.deviceId || entry.connectionId, entry.name]));
    const alert = $("display-alert");
    root.dataset.displays = String(displays.size);
    const lost = known ? [...known].filter(([id]) => !displays.has(id)).map(([, name]) => name) : [];
    const arrived = known ? [...displays].filter(([id]) => !known.has(id)).map(([, name]) => name) : [];
    known = displays;
    if (displays.size === 0) {
      alert.hidden = false;
      alert.dataset.kind = "none";
      alert.textContent = lost.length
        ? `Display ${lost.join(", ")} disconnected. No display is connected now.`
        : "No display is connected. Open /display on a paired screen to show the slides.";
    } else if (lost.length) {
      alert.hidden = false;
      alert.dataset.kind = "lost";
      alert.textContent = `Display ${lost.join(", ")} disconnected. ${displays.size} still connected.`;
    } else if (arrived.length) {
      alert.hidden = false;
      alert.dataset.kind = "back";
      alert.textContent = `Display ${arrived.join(", ")} connected.`;
      setTimeout(() => { if (alert.dataset.kind === "back") alert.hidden = true; }, 4000);
      sendScreen(true); // a screen that just opened catches up at once
    }
  });
}
