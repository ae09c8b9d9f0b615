// What replaces the presented deck while the talk goes on: the appeal choice (A.3.4), another variation (S6), an
// edit saved on another device, the slides' or notes' language (seed 002). Each loads the deck again and offers
// it to PresentedDeck, which decides when it lands.
import { VariationPicker } from "./stage-variation-picker.js";
import { variationName } from "./stage-edit-variations.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const sameId = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

export function wireDeckChanges({ root, live, presented, view, note }) {
  const talkId = presented.talkId;

  // The appeal: saved now, shown the next time the appeal slides are.
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
    const loaded = await presented.fetch().catch((error) => (note(error.message), null));
    if (!loaded) return;
    note(presented.offer(loaded) ? t("stage.present.appeal_changed") : t("stage.present.appeal_saved"));
  }
  $("appeal-kind").addEventListener("change", saveAppeal);
  $("appeal-song").addEventListener("change", saveAppeal);

  // Variations: chosen here (the picker shows when the talk has more than the original), on the edit page or on
  // another device, the variation is loaded in place; the timer keeps running and the show starts again at slide 1.
  const variations = new VariationPicker(talkId, $("variation"), $("variation-choice"), note);
  variations.refresh();
  live.on("stage.variation", async (data) => {
    if (!presented.deck || !sameId(data.talkId, talkId)) return;
    variations.refresh();
    try {
      presented.begin(await presented.fetch());
      // Everything is drawn again even when both variations start with the same slide: its notes and its
      // neighbours may differ.
      view.redrawDeck();
      note(t("stage.present.now_presenting", { name: variationName(data) }));
    } catch (error) {
      note(error.message);
    }
  });

  // An edit saved elsewhere to the variation presented here: taken in at once, on the same slide, unless the appeal
  // is on screen (then when it ends).
  live.on("stage.variation.edited", async (data) => {
    if (!presented.deck || !sameId(data.talkId, talkId) || !sameId(data.variationId, variations.presented)) return;
    try {
      presented.offer(await presented.fetch());
    } catch (error) {
      note(error.message);
    }
  });

  // The slides' and the notes' languages are the series' (saved, the deck loaded again in place, the interface as
  // it is).
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
    view.applyContentLanguages();
    try {
      if (!presented.offer(await presented.fetch())) note(t("stage.present.language_waits"));
    } catch (error) {
      note(error.message);
    }
  }
  $("slide-language").addEventListener("change", (event) => chooseContentLanguage("slideLanguage", event.currentTarget));
  $("notes-language").addEventListener("change", (event) => chooseContentLanguage("notesLanguage", event.currentTarget));
}
