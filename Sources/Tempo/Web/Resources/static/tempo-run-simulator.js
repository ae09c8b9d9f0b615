// The runner simulator (demos and tests), switched on explicitly: readings made up from the cadence, pace and
// heart rate typed here. A run started with it on is marked simulated, and the choice holds until the run ends.
import { t } from "./i18n.js";
import { parsePace } from "./tempo-run-common.js";
import { imperial, METRES_PER_MILE } from "./tempo-util.js";

const STORE = "cadence.tempo.simulator";
const $ = (id) => document.getElementById(id);

export class RunSimulator {
  constructor() {
    this.on = $("sim-on");
    this.cadence = $("sim-cadence");
    this.pace = $("sim-pace");
    this.hr = $("sim-hr");
  }

  values() {
    const cadence = Number(this.cadence.value), hr = Number(this.hr.value), typed = parsePace(this.pace.value);
    // Typed per km or per mi (the account's units); the run keeps seconds per km.
    const pace = typed === null ? null : imperial() ? typed / (METRES_PER_MILE / 1000) : typed;
    return { cadence: Number.isFinite(cadence) && cadence > 0 ? cadence : null, hr: Number.isFinite(hr) && hr > 0 ? hr : null, pace };
  }

  /** Shows the controls as they stand; during a run (`run`) the choice made at its start is locked. */
  refresh(run) {
    if (run) this.on.checked = !!run.simulated;
    this.on.disabled = !!run;
    $("sim-locked").hidden = !run;
    $("sim-controls").hidden = !this.on.checked;
    const { pace } = this.values();
    const paceInvalid = this.on.checked && pace === null;
    this.pace.setAttribute("aria-invalid", String(paceInvalid));
    $("sim-error").hidden = !paceInvalid;
    $("sim-error").textContent = paceInvalid ? t(imperial() ? "tempo.run.sim.pace_invalid_mi" : "tempo.run.sim.pace_invalid_km") : "";
    localStorage.setItem(STORE, JSON.stringify({ on: this.on.checked, cadence: this.cadence.value, pace: this.pace.value, hr: this.hr.value }));
    document.body.dataset.simulator = String(this.on.checked);
  }

  /** Puts back what was typed last time and follows changes; `currentRun` answers the run at that moment. */
  restore(currentRun) {
    const stored = JSON.parse(localStorage.getItem(STORE) || "null");
    if (stored) {
      this.on.checked = !!stored.on;
      if (stored.cadence) this.cadence.value = stored.cadence;
      if (stored.pace) this.pace.value = stored.pace;
      if (stored.hr) this.hr.value = stored.hr;
    }
    const changed = () => this.refresh(currentRun());
    for (const input of [this.on, this.cadence, this.pace, this.hr]) input.addEventListener("input", changed);
    this.on.addEventListener("change", changed);
    changed();
  }
}
