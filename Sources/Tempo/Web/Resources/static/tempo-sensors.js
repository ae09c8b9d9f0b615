// Real sensors over Web Bluetooth (M4): a heart-rate strap or watch (GATT Heart Rate service 0x180D, measurement
// 0x2A37) and a running foot pod (Running Speed and Cadence 0x1814, measurement 0x2A53). The parsers read the
// characteristic's bytes exactly as the Bluetooth SIG specifications lay them out; their cases are shared in
// Tests/TempoTests/gatt-cases.json. A reading older than STALE_MS, or taken while the strap says it has no skin
// contact, is no reading: the run then records no heart rate rather than a stale or made-up one.
import { t } from "./i18n.js";

export const STALE_MS = 5000;

/** Heart Rate Measurement (0x2A37): flags, then the value (8 or 16 bits), energy expended, RR intervals. */
export function parseHeartRate(view) {
  if (view.byteLength < 2) throw new Error("a heart-rate measurement has at least 2 bytes");
  const flags = view.getUint8(0);
  const wide = (flags & 0x01) !== 0;
  let offset = 1;
  if (view.byteLength < offset + (wide ? 2 : 1)) throw new Error("the heart-rate value is cut off");
  const bpm = wide ? view.getUint16(offset, true) : view.getUint8(offset);
  offset += wide ? 2 : 1;
  // Bits 1–2: 0b10 no contact, 0b11 contact; 0b0x the sensor cannot tell.
  const contactBits = (flags >> 1) & 0x03;
  const contact = contactBits === 0b11 ? true : contactBits === 0b10 ? false : null;
  let energy = null;
  if (flags & 0x08) {
    if (view.byteLength < offset + 2) throw new Error("the energy expended is cut off");
    energy = view.getUint16(offset, true);
    offset += 2;
  }
  const rr = [];
  if (flags & 0x10) {
    for (; offset + 1 < view.byteLength; offset += 2) rr.push(view.getUint16(offset, true) / 1024); // 1/1024 s
  }
  return { bpm, contact, energy, rr };
}

/** RSC Measurement (0x2A53): flags, speed (1/256 m/s), cadence (1/min), then optional stride length and distance. */
export function parseRunningSpeedCadence(view) {
  if (view.byteLength < 4) throw new Error("a running speed and cadence measurement has at least 4 bytes");
  const flags = view.getUint8(0);
  const speed = view.getUint16(1, true) / 256;
  const cadence = view.getUint8(3);
  let offset = 4;
  let strideLength = null;
  if (flags & 0x01) {
    if (view.byteLength < offset + 2) throw new Error("the stride length is cut off");
    strideLength = view.getUint16(offset, true) / 100; // centimetres → metres
    offset += 2;
  }
  let distance = null;
  if (flags & 0x02) {
    if (view.byteLength < offset + 4) throw new Error("the total distance is cut off");
    distance = view.getUint32(offset, true) / 10; // decimetres → metres
  }
  return { speed, cadence, strideLength, distance, running: (flags & 0x04) !== 0 };
}

const KINDS = {
  heartRate: { service: "heart_rate", characteristic: "heart_rate_measurement", parse: parseHeartRate },
  footPod: { service: "running_speed_and_cadence", characteristic: "rsc_measurement", parse: parseRunningSpeedCadence },
};

/** One paired sensor: asks the person to choose it (a click is required), then keeps its newest reading. */
export class BluetoothSensor {
  constructor(kind, onChange = () => {}) {
    this.kind = kind;
    this.onChange = onChange;
    this.name = null;
    this.latest = null; // { at, ...reading }
    this.device = null;
  }

  static available() {
    return typeof navigator !== "undefined" && "bluetooth" in navigator;
  }

  async connect() {
    const { service, characteristic, parse } = KINDS[this.kind];
    this.device = await navigator.bluetooth.requestDevice({ filters: [{ services: [service] }] });
    this.name = this.device.name || t(this.kind === "heartRate" ? "tempo.run.sensors.heart_rate" : "tempo.run.sensors.foot_pod");
    this.device.addEventListener("gattserverdisconnected", () => {
      this.latest = null;
      this.onChange(this);
    });
    const server = await this.device.gatt.connect();
    const measurement = await (await server.getPrimaryService(service)).getCharacteristic(characteristic);
    measurement.addEventListener("characteristicvaluechanged", (event) => {
      try {
        this.latest = { at: Date.now(), ...parse(event.target.value) };
      } catch {
        return; // a malformed notification is skipped; the next one counts
      }
      this.onChange(this);
    });
    await measurement.startNotifications();
    this.onChange(this);
  }

  /** Beats per minute now, or null: no strap, a stale reading, or no skin contact. */
  heartRate(now = Date.now()) {
    const reading = this.latest;
    if (!reading || now - reading.at > STALE_MS || reading.contact === false || !(reading.bpm > 0)) return null;
    return reading.bpm;
  }

  /** Steps per minute now from a foot pod, or null. */
  cadence(now = Date.now()) {
    const reading = this.latest;
    if (!reading || now - reading.at > STALE_MS || !(reading.cadence > 0)) return null;
    return reading.cadence;
  }

  get connected() {
    return Boolean(this.device?.gatt?.connected);
  }
}
