// The run's music (M4): the playlist's songs one after another, each started at its planned rate and then moved
// by the tempo rule (playbackRate with preservesPitch, so the key stays).
// The rule is window.CadenceLiveTempo.step from tempo-live-rules.js (the browser's copy of Tempo's
// LiveTempo.swift, held to it by Tests/TempoTests/live-tempo-cases.json), loaded by the page first.
// When the playlist has a current rendered mix (M6), that one file plays instead: songs already at their tempi and
// crossfaded on the beat, and one audio element that a locked phone keeps playing. The rule then moves the mix's
// rate around 1 (the song is the part of the mix playing now).
import { mixSource } from "./tempo-mix.js";
import { t } from "./i18n.js";

export class RunMusic {
  constructor(audio, songLabel) {
    this.audio = audio;
    this.songLabel = songLabel;
    this.entries = [];       // the playlist's entries with their song's url
    this.budget = 0.08;
    this.rule = { state: null, output: null };
    this.tempo = null;       // the music's tempo as played now (BPM), null without music
    this.mixUrl = null;      // the rendered mix playing, if any
  }

  /** The playlist as `GET /api/v1/tempo/playlists/{id}` answers it, and its mix (`…/mix`) when there is one. */
  load(body, mix = null) {
    const urls = new Map(body.songs.map((s) => [s.id.toLowerCase(), s.url]));
    this.budget = body.playlist.options?.stretchBudget ?? 0.08;
    if (mix && mix.state === "done" && !mix.stale && mix.files) {
      // Each part of the mix as an entry: its tempo is the song's as stretched in the mix, played at rate 1.
      this.mixUrl = mixSource(mix);
      // A part's tempo may move inside it (a ramp in the plan, the ease after a fade): `tempo` says from when.
      this.entries = mix.parts.map((p) => ({ song: { id: p.songId, title: p.title }, songBPM: p.songBPM * p.rate, beat: p.beat,
        recordedBPM: p.songBPM, tempo: p.tempo || null, playbackRate: 1, mixStart: p.mixStart, mixEnd: p.mixEnd, url: this.mixUrl }));
      this.audio.dataset.mix = "true";
      return;
    }
    this.mixUrl = null;
    this.entries = body.playlist.entries.map((e) => ({ ...e, url: urls.get(e.song.id.toLowerCase()) || `/api/v1/tempo/songs/${e.song.id.toLowerCase()}/file` }));
  }

  /** The part of the mix at the audio's position. */
  mixIndex() {
    const t = this.audio.currentTime || 0;
    const index = this.entries.findIndex((e) => t < e.mixEnd - 0.001);
    return index < 0 ? this.entries.length : index;
  }

  /** The mix from where the run is (`run.mixAt`, seconds into the mix), or from the start of part `index` (skip). */
  playMix(run, index, resume, save) {
    const audio = this.audio;
    if (index >= this.entries.length) {
      run.songIndex = this.entries.length;
      audio.pause();
      this.songLabel.textContent = t("tempo.run.music.mix_over");
      save();
      return;
    }
    if (!audio.src.endsWith(this.mixUrl)) {
      audio.src = this.mixUrl;
      audio.preservesPitch = true;
      const at = resume ? run.mixAt || 0 : this.entries[index].mixStart;
      audio.addEventListener("loadedmetadata", () => { audio.currentTime = at; }, { once: true });
    } else if (!resume) {
      audio.currentTime = this.entries[index].mixStart + 0.01;
    }
    if (this.rule.state === null) this.rule = { state: { rate: null, lastCadence: null, heartRateEase: 0 }, output: null };
    run.songIndex = index;
    save();
    this.songLabel.textContent = t("tempo.run.music.mix_part", { title: this.entries[index].song.title, number: index + 1, count: this.entries.length });
    if (!run.pausedAt && !run.endedAt) {
      audio.play().catch(() => { this.songLabel.textContent = t("tempo.run.music.mix_tap_to_start"); });
    }
  }

  /** Plays entry `index` for `run` (which keeps the index; `save` stores the run); `resume` keeps the song's place. */
  play(run, index, resume, save) {
    const audio = this.audio;
    if (!this.entries.length) return;
    if (this.mixUrl) {
      this.playMix(run, index, resume, save);
      return;
    }
    if (index >= this.entries.length) {
      run.songIndex = this.entries.length;
      audio.removeAttribute("src");
      this.songLabel.textContent = t("tempo.run.music.playlist_over");
      save();
      return;
    }
    run.songIndex = index;
    save();
    const entry = this.entries[index];
    if (!resume || !audio.src.endsWith(entry.url)) {
      audio.src = entry.url;
      audio.dataset.song = entry.song.id.toLowerCase();
    }
    audio.preservesPitch = true;
    audio.mozPreservesPitch = true;
    if (!resume || this.rule.state === null) {
      // A new song starts at its planned rate; the rule moves it from there.
      this.rule = { state: { rate: null, lastCadence: this.rule.state?.lastCadence ?? null,
                             heartRateEase: this.rule.state?.heartRateEase ?? 0 }, output: null };
      audio.playbackRate = Math.max(0.5, Math.min(2, entry.playbackRate));
      audio.dataset.rate = audio.playbackRate.toFixed(4);
    }
    this.songLabel.textContent = t("tempo.run.music.song", { title: entry.song.title, number: index + 1, count: this.entries.length });
    if (!run.pausedAt && !run.endedAt) {
      audio.play().catch(() => {
        // Autoplay refused (no tap yet, e.g. after a reload): the Resume tap starts it.
        this.songLabel.textContent = t("tempo.run.music.tap_to_start", { title: entry.song.title });
      });
    }
  }

  pause() { this.audio.pause(); }

  /** The entry playing now, if any. */
  current(run) {
    return run && !run.endedAt && run.songIndex < this.entries.length ? this.entries[run.songIndex] : null;
  }

  /** One step of the tempo rule: the song's rate and the tempo it gives. `heartRateZone` ({zone, low, high}) lets
   *  heart rate steer within the interval's zone. */
  step(run, planCadence, reading, heartRateZone = null) {
    if (this.mixUrl && !run.endedAt) {
      // The mix moves on by itself: follow which part is playing (and remember where, for a reload).
      const index = this.mixIndex();
      run.mixAt = this.audio.currentTime || run.mixAt || 0;
      if (index !== run.songIndex && index < this.entries.length) {
        run.songIndex = index;
        this.songLabel.textContent = t("tempo.run.music.mix_part", { title: this.entries[index].song.title, number: index + 1, count: this.entries.length });
      }
      const part = this.entries[index];
      if (part?.tempo?.length) {
        const point = part.tempo.findLast((p) => p.at <= run.mixAt) ?? part.tempo[0];
        part.songBPM = part.recordedBPM * point.rate;  // the tempo in the file here, before the rule's own rate
      }
    }
    stepTempoRule(this, this.current(run), planCadence, reading, heartRateZone);
  }
}

/**
 * One step of the tempo rule for `music` (a RunMusic or a FollowMusic) playing `entry`: keeps the rule's state in
 * `music.rule`, sets the playing element's rate (unless `music.switching`), and `music.tempo`, the tempo heard.
 * Returns the rule's output, or null without an entry.
 */
export function stepTempoRule(music, entry, planCadence, reading, heartRateZone) {
  const sensor = reading.cadence !== null || reading.hr !== null ? { time: reading.time, cadence: reading.cadence, heartRate: reading.hr } : null;
  music.rule = window.CadenceLiveTempo.step(music.rule.state, { now: Date.now(), planCadence, sensor,
    songBPM: entry ? entry.songBPM : null, plannedRate: entry ? entry.playbackRate : 1, stretchBudget: music.budget, heartRateZone });
  const out = music.rule.output;
  if (!entry) {
    music.tempo = null;
    return null;
  }
  if (!music.switching && Math.abs(music.audio.playbackRate - out.rate) > 0.0005) music.audio.playbackRate = out.rate;
  music.audio.dataset.rate = out.rate.toFixed(4);
  const beat = out.beat ?? entry.beat;
  music.tempo = entry.songBPM * (beat === "halfTime" ? 2 : beat === "doubleTime" ? 0.5 : 1) * out.rate;
  return out;
}
