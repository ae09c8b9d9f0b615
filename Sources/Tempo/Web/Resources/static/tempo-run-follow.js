// Follow my pace (no playlist): the run page picks each song by the runner's cadence (window.CadencePaceFollow,
// tempo-pace-follow.js) and the tempo rule steers its rate as with a playlist. When the cadence stays out of the
// current song's stretch budget for FOLLOW_AFTER steps, the best song for the new cadence comes in, crossfaded over
// FADE_SECONDS starting on the current song's next bar, the incoming song entering on its own first bar (beats from
// GET …/songs/{id}/beats; without them, at once and from the start). A song that ends is followed by the best one
// for the cadence then. There is always music while the library has an analysed song.
import { stepTempoRule } from "./tempo-run-music.js";
import { formatNumber, t } from "./i18n.js";
import { cadenceUnit } from "./tempo-run-common.js";

const FOLLOW_AFTER = 5;
const FADE_SECONDS = 2;
const RECENT = 5;

export class FollowMusic {
  constructor(audio, spare, songLabel, activityCadence) {
    this.players = [audio, spare];
    this.audio = audio;
    this.songLabel = songLabel;
    this.entries = [];          // the songs chosen so far, in order
    this.library = [];
    this.budget = 0.08;
    this.rule = { state: null, output: null };
    this.tempo = null;
    this.mixUrl = null;
    this.target = activityCadence;  // what to choose for before any reading
    this.outFor = 0;
    this.switching = false;
    this.beats = new Map();     // song id → { beats, bars } in seconds
    for (const player of this.players) {
      player.preservesPitch = true;
      player.addEventListener("ended", () => { if (player === this.audio && this.run) this.next(this.run, null, false); });
    }
  }

  /** The library as `GET /api/v1/tempo/songs` answers it: the songs with a tempo. */
  follow(songs) {
    this.library = songs.filter((s) => s.effectiveBpm > 0 && s.analysis === "done")
      .map((s) => ({ id: s.id.toLowerCase(), bpm: s.effectiveBpm, title: s.title, url: s.url }));
    this.audio.dataset.follow = "true";
  }

  play(run, index, resume, save) {
    this.run = run;
    this.save = save;
    if (resume && this.entries[run.songIndex] && this.audio.src) {
      if (!run.pausedAt && !run.endedAt) this.audio.play().catch(() => {});
      return;
    }
    this.next(run, index > 0 ? this.entries[run.songIndex]?.song.id : null, false);
  }

  pause() { for (const player of this.players) player.pause(); }

  current(run) {
    return run && !run.endedAt ? this.entries[run.songIndex] || null : null;
  }

  /** The best song for the cadence now (not `avoid`), started at once, or crossfaded in on the next bar. */
  async next(run, avoid, onTheBar) {
    const recent = this.entries.slice(-RECENT).map((e) => e.song.id);
    const library = avoid ? this.library.filter((s) => s.id !== avoid) : this.library;
    const choice = window.CadencePaceFollow.chooseSong(library.length ? library : this.library, this.target, this.budget, recent);
    if (!choice) {
      this.songLabel.textContent = t("tempo.run.music.no_songs");
      return;
    }
    const entry = { song: { id: choice.song.id, title: choice.song.title }, songBPM: choice.song.bpm, beat: choice.beat,
      playbackRate: choice.rate, url: choice.song.url };
    if (onTheBar && this.audio.src && !this.audio.paused) await this.crossfade(entry);
    else await this.start(entry, this.audio, 0);
    this.entries.push(entry);
    run.songIndex = this.entries.length - 1;
    this.rule = { state: { rate: null, lastCadence: this.rule.state?.lastCadence ?? null,
                           heartRateEase: this.rule.state?.heartRateEase ?? 0 }, output: null };
    this.outFor = 0;
    this.songLabel.textContent = t("tempo.run.music.chosen_for", { title: entry.song.title, cadence: formatNumber(Math.round(this.target)),
      unit: cadenceUnit(run.activity) });
    this.save?.();
  }

  async start(entry, player, from) {
    player.src = entry.url;
    player.dataset.song = entry.song.id;
    player.playbackRate = Math.max(0.5, Math.min(2, entry.playbackRate));
    player.dataset.rate = player.playbackRate.toFixed(4);
    player.volume = 1;
    if (from > 0) await new Promise((done) => player.addEventListener("loadedmetadata", () => { player.currentTime = from; done(); }, { once: true }));
    if (this.run && !this.run.pausedAt && !this.run.endedAt) {
      await player.play().catch(() => { this.songLabel.textContent = t("tempo.run.music.tap_to_start", { title: entry.song.title }); });
    }
  }

  async beatsOf(id) {
    if (!this.beats.has(id)) {
      try {
        const body = await (await fetch(`/api/v1/tempo/songs/${id}/beats`)).json();
        const seconds = (list) => (list || []).map((ms) => ms / 1000);
        this.beats.set(id, { beats: seconds(body.beats), bars: seconds(body.barStarts) });
      } catch {
        this.beats.set(id, { beats: [], bars: [] });
      }
    }
    return this.beats.get(id);
  }

  /** Waits for the playing song's next bar, then fades the other player in on the incoming song's first bar. */
  async crossfade(entry) {
    this.switching = true;
    const outgoing = this.audio, incoming = this.players.find((p) => p !== outgoing);
    const [out, into] = await Promise.all([this.beatsOf(outgoing.dataset.song), this.beatsOf(entry.song.id)]);
    const marks = out.bars.length ? out.bars : out.beats.filter((_, i) => i % 4 === 0);
    const bar = marks.find((t) => t > outgoing.currentTime + 0.2);
    if (bar !== undefined) {
      const deadline = Date.now() + 8000;
      while (outgoing.currentTime < bar && !outgoing.paused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 30));
    }
    incoming.volume = 0;
    await this.start(entry, incoming, into.bars[0] ?? into.beats[0] ?? 0);
    incoming.volume = 0;
    const steps = 20;
    for (let i = 1; i <= steps; i++) {
      await new Promise((r) => setTimeout(r, (FADE_SECONDS * 1000) / steps));
      incoming.volume = i / steps;
      outgoing.volume = 1 - i / steps;
    }
    outgoing.pause();
    outgoing.volume = 1;
    this.audio = incoming;
    this.switching = false;
  }

  /** One step of the tempo rule, and a new song when the cadence has left this one's budget for a while. */
  step(run, planCadence, reading, heartRateZone = null) {
    this.run = run;
    const entry = this.current(run);
    const out = stepTempoRule(this, entry, planCadence, reading, heartRateZone);
    if (this.rule.output.targetCadence) this.target = this.rule.output.targetCadence;
    if (!out) return;
    const beat = out.beat ?? entry.beat;
    const away = out.targetCadence && window.CadencePaceFollow.outOfBudget(out.targetCadence, entry.songBPM, beat, this.budget);
    this.outFor = away ? this.outFor + 1 : 0;
    if (this.outFor >= FOLLOW_AFTER && !this.switching && !run.pausedAt) {
      this.outFor = 0;
      this.next(run, entry.song.id, true);
    }
  }
}
