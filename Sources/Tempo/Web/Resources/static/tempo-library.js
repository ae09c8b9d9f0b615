// Tempo library (M1): the songs with their BPM, sorted and filtered by the API; uploads
// with a progress bar; songs being analysed are polled until they have a tempo; each song
// has a preview whose speed changes with playbackRate (pitch kept) and a "Set tempo" form.
import { formatNumber, plural, say, t } from "./i18n.js";
import { api, bpm, clock, deleteWithConfirmation, el, showError } from "./tempo-util.js";

const list = document.getElementById("songs");
const count = document.getElementById("songs-count");
const songsError = document.getElementById("songs-error");
const filter = document.getElementById("tempo-filter");
const uploadForm = document.getElementById("tempo-upload");
const fileInput = document.getElementById("tempo-files");
const progress = document.getElementById("upload-progress");
const bar = document.getElementById("upload-bar");
const uploadLabel = document.getElementById("upload-label");
const uploadError = document.getElementById("upload-error");
const uploadStatus = document.getElementById("upload-status");
const polling = new Map();

/** A key as the analysis names it ("E♭ minor"), in the page's language (note names and mode). */
function keyName(name) {
  const match = /^([A-G])([♯♭]?) (major|minor)$/.exec(name);
  if (!match) return name;
  const note = t(`tempo.music.note.${match[1]}`) + match[2];
  return t(`tempo.music.key.${match[3]}`, { note });
}

function query() {
  const params = new URLSearchParams();
  params.set("sort", filter.sort.value);
  for (const name of ["minBpm", "maxBpm"]) {
    const value = filter[name].value.trim();
    if (value) params.set(name, value);
  }
  return params;
}

function fieldError(error) {
  for (const name of ["minBpm", "maxBpm", "sort"]) {
    if (error.field === name) filter[name].setAttribute("aria-invalid", "true");
  }
}

async function loadSongs() {
  songsError.hidden = true;
  for (const name of ["minBpm", "maxBpm"]) filter[name].removeAttribute("aria-invalid");
  const params = query();
  const min = Number(params.get("minBpm")), max = Number(params.get("maxBpm"));
  if (params.has("minBpm") && params.has("maxBpm") && min > max) {
    filter.minBpm.setAttribute("aria-invalid", "true");
    filter.minBpm.setAttribute("aria-describedby", "songs-error");
    showError(songsError, { message: t("tempo.music.library.min_above_max"), field: "minBpm" });
    return;
  }
  let songs;
  try {
    songs = await api("GET", `/songs?${params}`);
  } catch (error) {
    fieldError(error);
    showError(songsError, error);
    return;
  }
  list.replaceChildren(...songs.map(row));
  for (const song of songs) if (pending(song)) poll(song.id);
  updateCount(songs.length);
}

function updateCount(n = list.children.length) {
  const filtered = filter.minBpm.value.trim() || filter.maxBpm.value.trim();
  document.getElementById("demo-offer").hidden = n > 0 || Boolean(filtered);
  if (n === 0) count.textContent = filtered ? t("tempo.music.library.none_in_range") : t("tempo.music.library.none_yet");
  else count.textContent = plural(filtered ? "tempo.music.library.count_in_range" : "tempo.music.library.count", n);
}

function pending(song) {
  return song.analysis === "pending" || song.analysis === "running";
}

function tempoText(song) {
  if (pending(song)) return t("tempo.music.library.analysing", { percent: formatNumber(Math.round(song.progress * 100)) });
  // Why, from the server's note in the page's language (a song analysed before notes were kept has English only).
  if (song.analysis === "failed") return song.messageNote ? say(song.messageNote) : song.message || t("tempo.music.library.analysis_failed");
  if (song.effectiveBpm == null) return song.analysis === "done" ? t("tempo.music.library.no_beat") : t("tempo.music.library.no_tempo");
  if (song.bpmOverride != null) return t("tempo.music.library.bpm_set_by_you", { bpm: bpm(song.effectiveBpm) });
  if (song.confidence == null) return t("tempo.music.library.bpm", { bpm: bpm(song.effectiveBpm) });
  return t("tempo.music.library.bpm_sure", { bpm: bpm(song.effectiveBpm), percent: formatNumber(Math.round(song.confidence * 100)) });
}

/** The alternative reading nearest to `factor` × the tempo (half or double), else the plain multiple. */
function alternative(song, factor) {
  const base = song.bpm ?? song.effectiveBpm;
  const wanted = base * factor;
  const near = (song.alternatives || []).filter((a) => Math.abs(a - wanted) <= wanted * 0.08);
  const value = near.length ? near.sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted))[0] : wanted;
  return Math.round(value * 10) / 10;
}

function row(song) {
  const id = song.id;
  const state = song.analysis === "failed" ? "failed" : pending(song) ? "pending" : "done";
  const item = el("li", { class: "tempo-song", "data-id": id, "data-analysis": song.analysis });
  const head = el("div", { class: "tempo-song-head" },
    el("span", { class: "tempo-song-title", text: song.title }),
    song.title.startsWith("Cadence demo · ") ? el("span", { class: "badge tempo-badge", text: t("tempo.music.library.demo_badge") }) : null,
    song.artist ? el("span", { class: "muted tempo-song-artist", text: song.artist }) : null,
    el("span", { class: `tempo-song-bpm tempo-${state}`, text: tempoText(song) }),
    song.durationMs ? el("span", { class: "muted tempo-song-duration", text: clock(song.durationMs / 1000) }) : null,
    song.key ? el("span", { class: "muted tempo-song-key", text: `${keyName(song.key.name)} (${song.key.camelot})` }) : null,
    song.loudness != null ? el("span", { class: "muted tempo-song-loudness", text: t("tempo.music.library.loudness", { value: formatNumber(song.loudness) }) }) : null);
  item.append(head);
  if (pending(song)) {
    item.append(el("progress", { class: "tempo-song-progress", max: "1", value: String(song.progress), "aria-label": t("tempo.music.library.analysing_song", { title: song.title }) }));
  }
  const tools = el("details", { class: "tempo-song-tools" }, el("summary", { text: t("tempo.music.library.tools") }));
  tools.addEventListener("toggle", () => {
    if (tools.open && tools.children.length === 1) tools.append(...toolsFor(song));
  }, { once: false });
  item.append(tools);
  return item;
}

function toolsFor(song) {
  const id = song.id;
  const nodes = [];
  const audio = el("audio", { controls: true, preload: "none", src: song.url, class: "tempo-audio", "aria-label": t("tempo.music.library.preview_song", { title: song.title }) });
  audio.preservesPitch = true;
  nodes.push(audio);
  const base = song.effectiveBpm;
  const rate = el("input", { type: "range", id: `rate-${id}`, min: "0.5", max: "1.5", step: "0.01", value: "1", class: "tempo-rate" });
  const rateText = el("output", { for: `rate-${id}`, id: `rate-text-${id}`, class: "tempo-rate-text" });
  const showRate = () => {
    const r = Number(rate.value);
    audio.preservesPitch = true;
    audio.defaultPlaybackRate = r;
    audio.playbackRate = r;
    const percent = formatNumber(Math.round(r * 100));
    rateText.textContent = base ? t("tempo.music.library.rate_bpm", { percent, bpm: formatNumber(Math.round(base * r)) })
      : t("tempo.music.library.rate", { percent });
  };
  rate.addEventListener("input", showRate);
  audio.addEventListener("play", () => { audio.preservesPitch = true; audio.playbackRate = Number(rate.value); });
  showRate();
  nodes.push(el("div", { class: "tempo-rate-row" }, el("label", { for: `rate-${id}`, text: t("tempo.music.library.preview_speed") }), rateText), rate);

  const error = el("p", { class: "error", role: "alert", id: `set-error-${id}`, hidden: true });
  const input = el("input", { type: "number", id: `bpm-${id}`, min: "20", max: "300", step: "0.1", inputmode: "decimal",
    value: base ? String(base) : "" });
  const setTempo = async (value) => {
    error.hidden = true;
    input.removeAttribute("aria-invalid");
    try {
      const updated = await api("PATCH", `/songs/${id}`, { bpmOverride: value });
      replace(updated, true);
    } catch (e) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
      showError(error, e);
    }
  };
  const form = el("form", { class: "tempo-set", novalidate: true },
    el("label", { for: input.id, text: t("tempo.music.library.tempo_label") }), input,
    el("div", { class: "button-row" }, el("button", { type: "submit", class: "secondary", text: t("tempo.music.library.set_tempo") })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    const value = Number(text);
    if (!text || !Number.isFinite(value)) {
      input.setAttribute("aria-invalid", "true");
      showError(error, { message: t("tempo.music.library.tempo_number"), field: "bpmOverride" });
      return;
    }
    setTempo(value);
  });
  nodes.push(form);
  if (song.bpm) {
    const half = alternative(song, 0.5), double = alternative(song, 2);
    const row = el("div", { class: "button-row" });
    if (half >= 30) {
      const b = el("button", { type: "button", class: "secondary", "data-action": "half", text: t("tempo.music.library.half", { bpm: bpm(half) }) });
      b.addEventListener("click", () => setTempo(half));
      row.append(b);
    }
    if (double <= 300) {
      const b = el("button", { type: "button", class: "secondary", "data-action": "double", text: t("tempo.music.library.double", { bpm: bpm(double) }) });
      b.addEventListener("click", () => setTempo(double));
      row.append(b);
    }
    if (song.bpmOverride != null) {
      const b = el("button", { type: "button", class: "secondary", "data-action": "clear", text: t("tempo.music.library.back_to", { bpm: bpm(song.bpm) }) });
      b.addEventListener("click", () => setTempo(null));
      row.append(b);
    }
    nodes.push(row);
  }
  nodes.push(error);

  nodes.push(...deleteWithConfirmation({
    label: t("tempo.music.library.delete"), question: t("tempo.music.library.delete_question", { title: song.title }),
    onDelete: async () => {
      try {
        await api("DELETE", `/songs/${id}`);
        audio.pause();
        list.querySelector(`[data-id="${id}"]`)?.remove();
        updateCount();
        uploadStatus.textContent = t("tempo.music.library.deleted", { title: song.title });
      } catch (e) {
        showError(error, e);
      }
    },
  }));
  return nodes;
}

function replace(song, keepOpen) {
  const old = list.querySelector(`[data-id="${song.id}"]`);
  if (!old) return;
  const open = keepOpen || old.querySelector("details")?.open;
  const fresh = row(song);
  old.replaceWith(fresh);
  if (open) fresh.querySelector("details").open = true;
}

function poll(id) {
  if (polling.has(id)) return;
  const tick = async () => {
    let song;
    try {
      song = await api("GET", `/songs/${id}`);
    } catch {
      polling.delete(id);
      return;
    }
    replace(song);
    if (pending(song)) polling.set(id, setTimeout(tick, 700));
    else polling.delete(id);
  };
  polling.set(id, setTimeout(tick, 500));
}

filter.addEventListener("submit", (event) => {
  event.preventDefault();
  history.replaceState(null, "", `/phone/tempo?${query()}`);
  loadSongs();
});
filter.sort.addEventListener("change", () => filter.requestSubmit());

uploadForm.addEventListener("submit", (event) => {
  event.preventDefault();
  uploadError.hidden = true;
  fileInput.removeAttribute("aria-invalid");
  const files = [...fileInput.files];
  if (!files.length) {
    fileInput.setAttribute("aria-invalid", "true");
    showError(uploadError, { message: t("tempo.music.library.choose_files"), field: "file" });
    return;
  }
  const data = new FormData();
  for (const file of files) data.append("file", file, file.name);
  const request = new XMLHttpRequest();
  request.open("POST", "/api/v1/tempo/songs");
  progress.hidden = false;
  bar.value = 0;
  uploadLabel.textContent = plural("tempo.music.library.uploading_files", files.length);
  uploadForm.querySelector("button").disabled = true;
  request.upload.addEventListener("progress", (e) => {
    if (e.lengthComputable) bar.value = e.loaded / e.total;
  });
  request.addEventListener("load", async () => {
    uploadForm.querySelector("button").disabled = false;
    let body = null;
    try {
      body = JSON.parse(request.responseText);
    } catch {}
    if (request.status !== 201) {
      progress.hidden = true;
      fileInput.setAttribute("aria-invalid", "true");
      showError(uploadError, { message: body?.error?.message || t("tempo.music.library.upload_failed_status", { status: request.status }), field: body?.error?.field });
      return;
    }
    bar.value = 1;
    uploadLabel.textContent = t("tempo.music.library.uploaded");
    uploadStatus.textContent = plural("tempo.music.library.added", body.length);
    uploadForm.reset();
    await loadSongs();
    // A song the filter hides still gets analysed; show the new ones anyway.
    for (const song of body) {
      if (!list.querySelector(`[data-id="${song.id}"]`)) { list.prepend(row(song)); poll(song.id); }
    }
    updateCount();
  });
  request.addEventListener("error", () => {
    uploadForm.querySelector("button").disabled = false;
    progress.hidden = true;
    showError(uploadError, t("tempo.music.library.upload_unreachable"));
  });
  request.send(data);
});

loadSongs();

// Cadence's own demo songs, for trying Tempo with an empty library.
document.getElementById("add-demo").addEventListener("click", async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await api("POST", "/songs/demo");
    await loadSongs();
  } catch (error) {
    showError(songsError, error);
  } finally {
    button.disabled = false;
  }
});
