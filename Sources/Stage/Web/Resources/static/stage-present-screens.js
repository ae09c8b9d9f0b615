// What the audience sees (S2): the presented slide, blanked or not, mirrored or projected. Every change goes to the
// server as one POST (ScreenSender, which says a failure and retries); the server sends it to every paired display.
import { ScreenSender } from "./stage-screen-sender.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export class PresenterScreens {
  constructor(root, presented, note) {
    this.root = root;
    this.presented = presented;
    this.note = note;
    this.blank = false;
    this.mode = root.dataset.screenMode === "project" ? "project" : "mirror";
    this.ended = false;
    this.sender = new ScreenSender({
      onError(text) {
        const element = $("screen-error");
        element.hidden = !text;
        element.textContent = text || "";
      },
      onSent() {
        root.dataset.sent = String(Number(root.dataset.sent || 0) + 1);
      },
    });
    $("blank").addEventListener("click", () => this.toggleBlank());
    for (const choice of $("mode").querySelectorAll("[data-mode]")) {
      choice.addEventListener("click", () => this.chooseMode(choice.dataset.mode));
    }
    this.showMode();
  }

  send(force = false) {
    const slide = this.presented.current;
    if (!slide || this.ended) return;
    const { deck, state } = this.presented;
    this.sender.send({ talkId: this.presented.talkId, slideId: slide.id, number: slide.number, total: deck.total,
                       step: slide.steps ? state.page : 0, blank: this.blank, mode: this.mode }, force);
  }

  toggleBlank() {
    this.blank = !this.blank;
    $("blank").setAttribute("aria-pressed", String(this.blank));
    $("blank-badge").hidden = !this.blank;
    this.send();
  }

  // What the audience sees, as a choice of two that always shows which is on: this screen (mirror, the default:
  // the slide with these notes) or the slides alone (project). The choice is kept for this account's next talk.
  chooseMode(mode) {
    if (mode === this.mode || (mode !== "mirror" && mode !== "project")) return;
    this.mode = mode;
    this.showMode();
    this.note(this.mode === "mirror" ? t("stage.present.mirroring") : t("stage.present.projecting"));
    this.send();
    fetch("/api/v1/stage/preferences", {
      method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ screenMode: this.mode }),
    }).catch(() => {});
  }

  showMode() {
    $("mode").dataset.mode = this.mode;
    for (const choice of $("mode").querySelectorAll("[data-mode]")) {
      choice.setAttribute("aria-checked", String(choice.dataset.mode === this.mode));
    }
  }

  // The talk ended: nothing more is sent; resolves when a slide still on its way has landed or been dropped.
  stop() {
    this.ended = true;
    return this.sender.stop();
  }
}
