// The audience display (S2, S3): the current slide fills the screen with a fade,
// overlays and captions on top; black before the talk starts, while blanked, and after
// it ends. Follows `stage.screen` events; on opening it asks what is on screen now.
import { drawSlide } from "./stage-draw.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { t } from "./i18n.js";

export function setupDisplay(live) {
  new ScreenWakeLock().keep(true); // an audience screen never dims
  const screen = document.getElementById("screen");
  const layers = [document.getElementById("layer-a"), document.getElementById("layer-b")];
  const caption = document.getElementById("screen-caption");
  const mirror = document.getElementById("screen-mirror");
  const status = document.getElementById("screen-status");
  let front = 0;
  let shownSlide = null;
  const paired = document.getElementById("display-paired");
  if (paired) paired.textContent = t("stage.display.paired", { name: paired.dataset.accountName || "" });
  status.textContent = t("stage.display.waiting", { device: status.dataset.deviceName || "" });

  function show(state) {
    screen.dataset.talk = state.talkId || "";
    if (state.blank || state.ended || !state.media) {
      screen.dataset.state = state.ended ? "ended" : state.talkId ? "blank" : "black";
      status.hidden = Boolean(state.talkId) && !state.ended;
      status.textContent = state.ended ? t("stage.display.ended") : status.textContent;
      for (const layer of layers) {
        layer.classList.remove("visible");
        for (const video of layer.querySelectorAll("video")) video.pause();
      }
      caption.hidden = true;
      mirror.hidden = true;
      shownSlide = null;
      return;
    }
    screen.dataset.state = "showing";
    status.hidden = true;
    screen.dataset.mode = state.mode;
    screen.dataset.slide = state.slideId;
    // The slide's words, the caption and the mirrored notes are content in their own languages.
    for (const layer of layers) layer.lang = state.slideLanguage || "";
    caption.lang = state.captionLanguage || "";
    mirror.lang = state.notesLanguage || "";
    if (shownSlide !== state.slideId + state.media) {
      // Crossfade: draw into the back layer, then swap which one is visible.
      const back = layers[1 - front];
      const media = drawSlide(back, state, { video: "play" });
      const reveal = () => {
        back.classList.add("visible");
        layers[front].classList.remove("visible");
        for (const video of layers[front].querySelectorAll("video")) video.pause();
        front = 1 - front;
      };
      if (media && media.tagName === "IMG" && !media.complete) {
        media.addEventListener("load", reveal, { once: true });
        media.addEventListener("error", reveal, { once: true });
      } else {
        reveal();
      }
      if (media && media.tagName === "VIDEO") media.play().catch(() => { media.muted = true; media.play().catch(() => {}); });
      shownSlide = state.slideId + state.media;
    }
    caption.hidden = !state.caption;
    caption.textContent = state.caption || "";
    mirror.hidden = state.mode !== "mirror" || !state.notes;
    mirror.textContent = state.mode === "mirror" ? state.notes || "" : "";
  }

  live.on("stage.screen", show);
  fetch("/api/v1/stage/screen", { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((state) => state && show(state))
    .catch(() => {});
}
