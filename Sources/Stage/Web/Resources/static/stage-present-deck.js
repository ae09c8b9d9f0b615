// The deck being presented and where the presenter stands in it (PresenterState), and the deck that waits to
// replace it: an appeal change never lands while the appeal is on screen (A.3.4), an edit or a language change lands
// on the same slide. What the deck looks like is stage-present-view.js's; this module draws nothing.
import { PresenterState, positionInNewDeck } from "./stage-rules.js";
import { t } from "./i18n.js";

export class PresentedDeck {
  // `onReplaced`: another deck took this one's place (draw it all again).
  constructor(talkId, { onReplaced }) {
    this.talkId = talkId;
    this.onReplaced = onReplaced;
    this.deck = null;
    this.state = null;
    this.pending = null;
  }

  get hasSlides() {
    return Boolean(this.deck && this.deck.slides.length);
  }

  slideAt(index) {
    const slides = this.deck.slides;
    return slides[(index + slides.length) % slides.length];
  }

  get current() {
    return this.hasSlides ? this.slideAt(this.state.index) : null;
  }

  fetch(signal) {
    return fetch(`/api/v1/stage/talks/${this.talkId}/deck`, { credentials: "same-origin", signal }).then((response) => {
      if (!response.ok) throw new Error(t("stage.present.load_failed", { status: response.status }));
      return response.json();
    });
  }

  // A deck from the start (the first load, another variation): the show starts at slide 1.
  begin(loaded) {
    this.deck = loaded;
    this.pending = null;
    this.state = new PresenterState(loaded.slides.length);
  }

  // A deck to take in when it may: at once, or when the appeal it would change is off screen. True when it landed.
  offer(loaded) {
    this.pending = loaded;
    return this.takePending();
  }

  // Swaps in the waiting deck, unless it brings another appeal while the appeal is on screen; true when it did.
  takePending() {
    if (!this.pending || !this.deck) return false;
    const current = this.current;
    const appealChanged = JSON.stringify(this.pending.appeal) !== JSON.stringify(this.deck.appeal);
    const moved = current
      ? positionInNewDeck(this.state, this.pending.slides.map((slide) => slide.id), current.id, current.appeal && appealChanged)
      : new PresenterState(this.pending.slides.length);
    if (!moved) return false;
    this.deck = this.pending;
    this.pending = null;
    this.state = moved;
    this.onReplaced();
    return true;
  }
}
