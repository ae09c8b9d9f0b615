// The run's music (M4): the playlist's songs one after another, each started at its planned rate and then moved
// by the tempo rule (playbackRate with preservesPitch, so the key stays).
// The rule is window.CadenceLiveTempo.step from tempo-live-rules.js (the browser's copy of Tempo's
// LiveTempo.swift, held to it by Tests/TempoTests/live-tempo-cases.json), loaded by the page first.

export class RunMusic {
  constructor(audio, songLabel) {
    this.audio = audio;
    this.songLabel = songLabel;
    this.liveStep = window.CadenceLiveTempo.step;
    this.entries = [];       // the playlist's entries with their song's url
    this.budget = 0.08;
    this.rule = { state: null, output: null };
    this.tempo = null;       // the music's tempo as played now (BPM), null without music
  }

  /** The playlist as `GET /api/v1/tempo/playlists/{id}` answers it. */
  load(body) {
    const urls = new Map(body.songs.map((s) => [s.id.toLowerCase(), s.url]));
    this.budget = body.playlist.options?.stretchBudget ?? 0.08;
    this.entries = body.playlist.entries.map((e) => ({ ...e, url: urls.get(e.song.id.toLowerCase()) || `/api/v1/tempo/songs/${e.song.id.toLowerCase()}/file` }));
  }

  /** Plays entry `index` for `run` (which keeps the index; `save` stores the run); `resume` keeps the song's place. */
  play(run, index, resume, save) {
    const audio = this.audio;
    if (!this.entries.length) return;
    if (index >= this.entries.length) {
      run.songIndex = this.entries.length;
      audio.removeAttribute("src");
      this.songLabel.textContent = "The playlist is over.";
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
    this.songLabel.textContent = `♪ ${entry.song.title} (${index + 1} of ${this.entries.length})`;
    if (!run.pausedAt && !run.endedAt) {
      audio.play().catch(() => {
        // Autoplay refused (no tap yet, e.g. after a reload): the Resume tap starts it.
        this.songLabel.textContent = `♪ ${entry.song.title}: tap Pause and Resume to start the music.`;
      });
    }
  }

  /** The entry playing now, if any. */
  current(run) {
    return run && !run.endedAt && run.songIndex < this.entries.length ? this.entries[run.songIndex] : null;
  }

  /** One step of the tempo rule: the song's rate and the tempo it gives. `heartRateZone` ({zone, low, high}) lets
   *  heart rate steer within the interval's zone. */
  step(run, planCadence, reading, heartRateZone = null) {
    const entry = this.current(run);
    const sensor = reading.cadence !== null || reading.hr !== null ? { time: reading.time, cadence: reading.cadence, heartRate: reading.hr } : null;
    const result = this.liveStep(this.rule.state, { now: Date.now(), planCadence, sensor, songBPM: entry ? entry.songBPM : null,
      plannedRate: entry ? entry.playbackRate : 1, stretchBudget: this.budget, heartRateZone });
    this.rule = result;
    const out = result.output;
    if (!entry) {
      this.tempo = null;
      return;
    }
    if (Math.abs(this.audio.playbackRate - out.rate) > 0.0005) this.audio.playbackRate = out.rate;
    this.audio.dataset.rate = out.rate.toFixed(4);
    const beat = out.beat ?? entry.beat;
    this.tempo = entry.songBPM * (beat === "halfTime" ? 2 : beat === "doubleTime" ? 0.5 : 1) * out.rate;
  }
}
