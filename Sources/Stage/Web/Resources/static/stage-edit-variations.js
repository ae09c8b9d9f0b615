// The edit page's variations (S6): which one is edited, which one the talk presents, and making, renaming,
// sharing, presenting and deleting them. Choosing another variation opens the page on it.
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** A variation's name as shown: the original's default name, made by the server, in the page's language. */
export function variationName(v) {
  return v.hasDefaultName ? t("stage.variation2.original") : v.name;
}

export function openVariation(id) {
  const url = new URL(location.href);
  url.searchParams.set("variation", id);
  location.assign(url.toString());
}

export class VariationsPanel {
  /** `current()` answers the talk as edited; `waitForSaves()` the edits still on their way. */
  constructor({ call, api, talkId, current, flushNotes, waitForSaves, render, showError }) {
    Object.assign(this, { call, api, talkId, current, flushNotes, waitForSaves, render, showError });
    this.variations = [];   // VariationBody list
    this.activeId = null;   // the variation the talk presents
  }

  /** The list as `GET …/variations` answers it. */
  set(list) {
    this.variations = list.variations;
    this.activeId = list.active;
  }

  draw(talk) {
    const { variations, activeId } = this;
    $("variation").replaceChildren(...variations.map((v) =>
      new Option(t(`stage.variation2.option_${v.isOriginal ? "original" : "other"}${v.id === activeId ? "_presented" : ""}`, { name: variationName(v) }),
        v.id, false, v.id === talk.variation.id)));
    const active = variations.find((v) => v.id === activeId);
    $("presented").textContent = talk.variation.id === activeId ? t("stage.edit.presented_now") : t("stage.edit.presented", { name: active ? variationName(active) : "—" });
    $("present").disabled = talk.variation.id === activeId;
    $("delete-variation").disabled = talk.variation.isOriginal;
    if (document.activeElement !== $("variation-name")) $("variation-name").value = variationName(talk.variation);
    $("share-variation").href = `${this.api}/variations/${talk.variation.id}/export`;
  }

  wire() {
    $("variation").addEventListener("change", () => openVariation($("variation").value));
    $("present").addEventListener("click", () => this.guarded(async () => {
      await this.call("PUT", "/variation", { id: this.current().variation.id });
      this.activeId = this.current().variation.id;
      this.render();
    }));
    $("rename").addEventListener("click", () => this.guarded(async () => {
      await this.waitForSaves();
      const talk = this.current();
      // The original's name shown translated and left as it was is kept as stored.
      const typed = $("variation-name").value;
      const name = typed === variationName(talk.variation) ? talk.variation.name : typed;
      const renamed = await this.call("PUT", `/variations/${talk.variation.id}`, { name, revision: talk.variation.revision });
      talk.variation = renamed;
      this.variations = this.variations.map((v) => (v.id === renamed.id ? renamed : v));
      this.render();
    }));
    $("delete-variation").addEventListener("click", () => {
      $("confirm-delete-variation-text").textContent = t("stage.edit.delete_named", { name: variationName(this.current().variation) });
      $("confirm-delete-variation").hidden = false;
    });
    $("delete-variation-no").addEventListener("click", () => ($("confirm-delete-variation").hidden = true));
    $("delete-variation-yes").addEventListener("click", () => this.guarded(async () => {
      await this.call("DELETE", `/variations/${this.current().variation.id}`);
      openVariation(this.talkId);
    }));
    $("new-variation").addEventListener("click", () => this.guarded(async () => {
      await this.flushNotes();
      await this.waitForSaves();
      const body = { name: $("new-name").value.trim() };
      if ($("new-from").value === "this") body.from = this.current().variation.id;
      const created = await this.call("POST", "/variations", body);
      openVariation(created.id);
    }));
  }

  async guarded(action) {
    try {
      await action();
      this.showError("");
    } catch (error) {
      this.showError(error.message);
    }
  }
}
