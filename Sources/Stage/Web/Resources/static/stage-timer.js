// The presenter's timer and its log (S4): the timer counts the talk (tap pauses, holding resets); the log keeps
// how long each slide was shown, on the timer's clock, so a paused timer pauses the slide too.
import { formatDuration } from "./stage-draw.js";
import { t } from "./i18n.js";

export class PresenterTimer {
  constructor(button) {
    this.button = button;
    this.startedAt = 0;
    this.elapsedBefore = 0;
    this.runningSince = null;
  }

  start() {
    this.startedAt = Date.now();
    this.runningSince = performance.now();
    setInterval(() => this.draw(), 500);
    this.draw();
  }

  /** Carries on a talk's time from before a reload (the interface language changed). */
  resumeFrom(elapsed, startedAt) {
    this.elapsedBefore = elapsed;
    if (startedAt) this.startedAt = startedAt;
    if (this.runningSince !== null) this.runningSince = performance.now();
    this.draw();
  }

  elapsed() {
    return this.elapsedBefore + (this.runningSince === null ? 0 : performance.now() - this.runningSince);
  }

  toggle() {
    if (this.runningSince === null) this.runningSince = performance.now();
    else {
      this.elapsedBefore = this.elapsed();
      this.runningSince = null;
    }
    this.draw();
  }

  reset() {
    this.elapsedBefore = 0;
    this.startedAt = Date.now();
    if (this.runningSince !== null) this.runningSince = performance.now();
    this.draw();
  }

  draw() {
    const paused = this.runningSince === null;
    this.button.textContent = formatDuration(this.elapsed());
    this.button.dataset.paused = String(paused);
    this.button.setAttribute("aria-label", t(paused ? "stage.timer.label_paused" : "stage.timer.label", { time: this.button.textContent }));
  }

  /** Tap pauses or resumes; holding 0.8 s resets (then `onReset`). */
  wire(onReset) {
    let holdTimer = null;
    let held = false;
    this.button.addEventListener("pointerdown", () => {
      held = false;
      holdTimer = setTimeout(() => {
        held = true;
        this.reset();
        onReset();
      }, 800);
    });
    for (const type of ["pointerup", "pointerleave", "pointercancel"]) {
      this.button.addEventListener(type, () => clearTimeout(holdTimer));
    }
    this.button.addEventListener("click", () => {
      if (!held) this.toggle();
      held = false;
    });
  }
}

export class SlideLog {
  constructor(timer) {
    this.timer = timer;
    this.entries = [];
    this.current = null;
  }

  enter(slide) {
    this.close();
    this.current = { slide: slide.number, slideId: slide.id, enteredAt: Date.now(), timerAt: this.timer.elapsed() };
  }

  close() {
    if (!this.current) return;
    const { slide, slideId, enteredAt, timerAt } = this.current;
    this.entries.push({ slide, slideId, enteredAt, spentMs: Math.max(0, Math.round(this.timer.elapsed() - timerAt)) });
    this.current = null;
  }

  /** Starts again from `slide` (the one on screen when the timer was reset), or from nothing. */
  reset(slide) {
    this.entries = [];
    this.current = null;
    if (slide) this.enter(slide);
  }
}
