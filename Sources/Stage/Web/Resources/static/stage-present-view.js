// What the presenter's own screen shows of the deck: the current slide, its notes page by page (stage-notes.js),
// the previous and next thumbnails, the slide strip, and the notes' size.
import { drawSlide, showVideoTimeLeft } from "./stage-draw.js";
import { fillNotes, notesPageCount, notesPageStep } from "./stage-notes.js";
import { t } from "./i18n.js";

const FONT_KEY = "cadence.stage.notesSize";
const $ = (id) => document.getElementById(id);

export class PresenterView {
  // `presented`: a PresentedDeck. `onEnter(slide)`: a slide came on screen (the log). `afterRender(redraw)`: the
  // screens may need telling.
  constructor(root, presented, { onEnter, afterRender }) {
    this.root = root;
    this.presented = presented;
    this.onEnter = onEnter;
    this.afterRender = afterRender;
    this.notes = $("notes");
    this.wireFontSize();
    addEventListener("resize", () => this.presented.hasSlides && this.showPage(this.presented.current));
  }

  // `redraw`: the deck was replaced (another variation, appeal or edit), so even the same slide may have other
  // notes and neighbours.
  render(redraw = false) {
    const { deck, state } = this.presented;
    if (!this.presented.hasSlides) {
      $("position").textContent = "0/0";
      this.notes.textContent = t("stage.present.no_slides");
      return;
    }
    const slide = this.presented.current;
    this.root.dataset.slide = String(state.number);
    this.root.dataset.page = String(state.page);
    $("position").textContent = `${state.number}/${deck.total}`;
    const entered = $("current-frame").dataset.slide !== slide.id;
    if (entered) this.onEnter(slide);
    if (entered || redraw) {
      $("current-frame").dataset.slide = slide.id;
      const media = drawSlide($("current-frame"), slide, { video: "muted" });
      showVideoTimeLeft($("video-remaining"), media);
      this.drawNotes(slide);
      this.drawNeighbour($("prev-thumb"), state.index - 1, "previous");
      this.drawNeighbour($("next-thumb"), state.index + 1, "next");
      this.markStrip();
    }
    this.showPage(slide);
    this.afterRender(redraw); // a replaced deck may change what the screens show of the same slide
  }

  // A new deck: its strip, then everything drawn again.
  redrawDeck() {
    this.root.dataset.total = String(this.presented.deck.total);
    this.buildStrip();
    this.render(true);
  }

  drawNeighbour(button, index, which) {
    const slide = this.presented.slideAt(index);
    const total = this.presented.deck.total;
    drawSlide(button.querySelector(".thumb-frame"), slide, { lazy: true });
    button.querySelector(".thumb-label").textContent = t(`stage.present.${which}_thumb`, { number: slide.number });
    button.dataset.number = String(slide.number);
    button.setAttribute("aria-label", t(`stage.present.${which}_thumb_label`, { number: slide.number, total }));
  }

  buildStrip() {
    $("strip").replaceChildren(...this.presented.deck.slides.map((slide) => {
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

  markStrip() {
    for (const button of $("strip").querySelectorAll(".strip-item")) {
      const current = Number(button.dataset.number) === this.presented.state.number;
      button.classList.toggle("current", current);
      if (current) {
        button.setAttribute("aria-current", "true");
        button.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" });
      } else button.removeAttribute("aria-current");
    }
  }

  // Notes: a new slide starts at their top.
  drawNotes(slide) {
    this.notes.scrollTop = 0;
    this.notes.replaceChildren();
    if (slide.steps) return; // caption steps are drawn page by page in showPage
    fillNotes(this.notes, slide.notes);
  }

  showPage(slide) {
    const { state } = this.presented;
    if (slide.steps) {
      state.setPageCount(slide.steps.length);
      fillNotes(this.notes, slide.steps[state.page].notes);
      const caption = slide.steps[state.page].caption;
      if (caption) {
        const shown = document.createElement("p");
        shown.className = "note-caption";
        shown.textContent = t("stage.present.on_screen", { caption });
        this.notes.prepend(shown);
      }
    } else {
      state.setPageCount(notesPageCount(this.notes));
      this.notes.scrollTo({ top: state.page * notesPageStep(this.notes),
                            behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    }
    $("more-notes").hidden = !state.hasMoreNotes;
    this.root.dataset.page = String(state.page);
    this.root.dataset.pages = String(state.pageCount);
  }

  // The notes' size, kept for this browser; a new size pages the notes again.
  wireFontSize() {
    const fontSize = () => Number(localStorage.getItem(FONT_KEY)) || 20;
    const setFont = (size) => {
      const clamped = Math.min(48, Math.max(12, size));
      this.notes.style.setProperty("--notes-size", `${clamped}px`);
      localStorage.setItem(FONT_KEY, String(clamped));
      this.root.dataset.fontSize = String(clamped);
      if (this.presented.hasSlides) this.showPage(this.presented.current);
    };
    setFont(fontSize());
    $("font-up").addEventListener("click", () => setFont(fontSize() + 2));
    $("font-down").addEventListener("click", () => setFont(fontSize() - 2));
  }

  // Every slide and note element says its own language, whatever the interface's.
  applyContentLanguages() {
    for (const element of [$("current-frame"), $("strip"), ...document.querySelectorAll(".neighbour .thumb-frame")]) {
      element.lang = this.root.dataset.slideLanguage;
    }
    this.notes.lang = this.root.dataset.notesLanguage;
  }
}
