// The playlist's mix (M6): ask for it, follow its rendering, then play or download it. A mix made before the
// playlist's last edit still plays while the new one renders.
import { formatNumber, plural, say, t } from "./i18n.js";
import { api, clock, showError } from "./tempo-util.js";

const $ = (id) => document.getElementById(id);

/** The format this browser plays: AAC in M4A where it can (Safari, Chrome), else Opus in WebM (Firefox on Linux). */
export function mixSource(mix) {
  const probe = document.createElement("audio");
  return probe.canPlayType("audio/mp4") ? mix.files.m4a : mix.files.webm;
}

export class MixPanel {
  constructor(playlistId, errorBox) {
    this.playlistId = playlistId;
    this.errorBox = errorBox;
    this.timer = null;
    $("mix-render").addEventListener("click", () => this.request());
  }

  async load() {
    try {
      const mix = await api("GET", `/playlists/${this.playlistId}/mix`);
      this.show(mix.state === "none" ? null : mix);
    } catch (error) {
      showError(this.errorBox, error);
    }
  }

  async request() {
    $("mix-render").disabled = true;
    try {
      this.show(await api("POST", `/playlists/${this.playlistId}/mix`));
    } catch (error) {
      $("mix-render").disabled = false;
      showError(this.errorBox, error);
    }
  }

  /** After an edit the server renders again on its own; follow it. */
  refresh() { this.load(); }

  show(mix) {
    clearTimeout(this.timer);
    const root = $("mix");
    root.dataset.state = mix ? mix.state : "none";
    const working = mix && (mix.state === "queued" || mix.state === "rendering");
    $("mix-progress").hidden = !working;
    $("mix-bar").value = working ? mix.progress : 0;
    $("mix-render").disabled = !!working;
    $("mix-render").hidden = !!mix && mix.state === "done" && !mix.stale;
    let text;
    if (!mix) text = t("tempo.music.mix.none");
    else if (mix.state === "failed") text = mix.messageNote ? say(mix.messageNote) : mix.message || t("tempo.music.mix.failed");
    else if (working) {
      // The files already there are the mix made before the last edit: it plays while the new one renders.
      const key = `tempo.music.mix.${mix.state === "queued" ? "queued" : "rendering"}${mix.files ? "_meanwhile" : ""}`;
      text = t(key, { percent: formatNumber(Math.round(mix.progress * 100)) });
    } else text = plural("tempo.music.mix.ready", mix.parts.length, { duration: clock(mix.durationSeconds) });
    $("mix-status").textContent = text;
    const audio = $("mix-audio");
    if (mix && mix.files) {
      const source = mixSource(mix);
      if (!audio.src.endsWith(source)) audio.src = source;
      audio.hidden = false;
      $("mix-download-m4a").href = `${mix.files.m4a}?download`;
      $("mix-download-webm").href = `${mix.files.webm}?download`;
    } else {
      audio.removeAttribute("src");
      audio.hidden = true;
    }
    $("mix-download-m4a").hidden = $("mix-download-webm").hidden = !(mix && mix.files);
    root.dataset.stale = String(!!mix?.stale);
    if (working) this.timer = setTimeout(() => this.load(), 1000);
  }
}
