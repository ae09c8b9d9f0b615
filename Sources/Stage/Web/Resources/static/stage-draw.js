// Draws a slide into a frame: its picture or video, and the overlays on top, placed
// by fractions of the frame so they land in the same place on every screen. Shared
// by the presenter (current slide, thumbnails) and the audience display.
import { clockText } from "./format.js";
import { t } from "./i18n.js";

/** A video's length, to the nearest second: "1:30", "1:02:05". */
export function formatDuration(ms) {
  return clockText(Math.round(ms / 1000));
}

/**
 * @param frame element to fill (emptied first)
 * @param slide { kind, media, overlays, durationMs }
 * @param options { video: "play" | "muted" | "poster", lazy: bool }
 */
export function drawSlide(frame, slide, { video = "poster", lazy = false } = {}) {
  frame.replaceChildren();
  if (!slide || !slide.media) return null;
  let media;
  if (slide.kind === "video") {
    media = document.createElement("video");
    media.src = slide.media;
    media.playsInline = true;
    media.preload = video === "poster" ? "metadata" : "auto";
    if (video !== "poster") media.autoplay = true;
    if (video !== "play") media.muted = true;
    media.setAttribute("aria-hidden", "true");
  } else {
    media = document.createElement("img");
    media.src = slide.media;
    media.alt = "";
    media.decoding = "async";
    if (lazy) media.loading = "lazy";
  }
  media.className = "slide-media";
  frame.append(media);
  for (const overlay of slide.overlays || []) {
    const box = document.createElement("div");
    box.className = "slide-overlay";
    box.textContent = overlay.text;
    if (overlay.language) box.lang = overlay.language; // the words' own language (a fallback may differ from the frame's)
    Object.assign(box.style, {
      left: `${overlay.x * 100}%`,
      top: `${overlay.y * 100}%`,
      width: `${overlay.width * 100}%`,
      height: `${overlay.height * 100}%`,
      color: overlay.color,
      fontFamily: overlay.font,
      fontSize: `${overlay.size * 100}cqh`,
      textAlign: overlay.align,
      background: overlay.box || "transparent",
    });
    frame.append(box);
  }
  if (slide.kind === "video" && video === "poster") {
    const label = document.createElement("span");
    label.className = "video-label";
    label.lang = document.documentElement.lang; // the interface's word inside a slide frame
    label.textContent = slide.durationMs ? t("stage.draw.video_length", { duration: formatDuration(slide.durationMs) }) : t("stage.draw.video");
    if (!slide.durationMs) {
      media.addEventListener("loadedmetadata", () => {
        if (Number.isFinite(media.duration)) label.textContent = t("stage.draw.video_length", { duration: formatDuration(media.duration * 1000) });
      });
    }
    frame.append(label);
  }
  return media;
}

/** On a video slide, the presenter alone sees the time left under it. */
export function showVideoTimeLeft(label, media) {
  label.hidden = true;
  if (!media || media.tagName !== "VIDEO") return;
  const update = () => {
    if (!Number.isFinite(media.duration)) return;
    label.hidden = false;
    label.textContent = t("stage.draw.video_left", { duration: formatDuration((media.duration - media.currentTime) * 1000) });
  };
  media.addEventListener("timeupdate", update);
  media.addEventListener("loadedmetadata", update);
}
