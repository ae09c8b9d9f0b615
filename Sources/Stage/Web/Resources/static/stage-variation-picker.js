// The presenter's choice of variation (S6): the picker shows when the talk has more than the original. A choice
// made here is saved; the page takes the new variation in when the live event for it arrives, as it does for a
// choice made on the edit page or on another device.
import { t } from "./i18n.js";
import { variationName } from "./stage-edit-variations.js";

export class VariationPicker {
  constructor(talkId, select, container, note) {
    this.talkId = talkId;
    this.select = select;
    this.container = container;
    this.note = note;
    this.presented = null; // the variation the talk presents now
    select.addEventListener("change", () => this.choose(select.value));
  }

  async refresh() {
    const response = await fetch(`/api/v1/stage/talks/${this.talkId}/variations`, { credentials: "same-origin" });
    if (!response.ok) return;
    const { active, variations } = await response.json();
    this.presented = active;
    this.select.replaceChildren(...variations.map((v) => new Option(variationName(v), v.id, false, v.id === active)));
    this.container.hidden = variations.length < 2;
  }

  async choose(id) {
    const response = await fetch(`/api/v1/stage/talks/${this.talkId}/variation`, {
      method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id }),
    }).catch(() => null);
    if (!response || !response.ok) {
      const answer = response ? await response.json().catch(() => ({})) : {};
      this.note(answer.error?.message || t("stage.variation.failed"));
      this.refresh();
    }
  }
}
