// Spots alerts (R4) on the phone's Spots pages and on the watch: each `spots.alert` from the
// live channel shows in place (big, dismissible), as a browser notification when the person
// allowed them (asked only with a button), vibrates where the device can, and chimes.
import { t } from "./i18n.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { formatDateTime, formatTime } from "./spots-util.js";

export function describeAlert(alert) {
  const place = alert.placeName;
  if (alert.kind === "arrive") return place ? t("spots.alert.arrived", { place }) : t("spots.alert.arrived_somewhere");
  if (alert.kind === "leave") return place ? t("spots.alert.left", { place }) : t("spots.alert.left_somewhere");
  if (alert.late && alert.due) return t("spots.alert.late", { when: formatDateTime(alert.due) });
  return alert.due ? t("spots.alert.due_now_at", { time: formatTime(alert.due) }) : t("spots.alert.due_now");
}

export function setupSpotsAlerts(live) {
  const area = document.getElementById("spots-alert");
  if (!area) return;
  const onWatch = area.dataset.device === "watch";
  const seen = new Set();

  function vibrate() {
    // Browsers refuse (and complain) before the person has touched the page.
    if (!navigator.vibrate) return;
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    navigator.vibrate([200, 100, 200]);
  }

  // A short two-note chime, made here (no audio file to fetch). Where the platform lets a page say so (Safari's
  // audio session), it is "ambient" sound, which the ringer switch silences as it does other apps' sounds.
  let audio = null;
  function chime() {
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return "blocked";  // autoplay rules
    try {
      if (navigator.audioSession) navigator.audioSession.type = "ambient";
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume();
      const start = audio.currentTime + 0.02;
      for (const [index, frequency] of [880, 660].entries()) {
        const tone = audio.createOscillator();
        const level = audio.createGain();
        tone.frequency.value = frequency;
        const at = start + index * 0.18;
        level.gain.setValueAtTime(0.0001, at);
        level.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
        level.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
        tone.connect(level).connect(audio.destination);
        tone.start(at);
        tone.stop(at + 0.17);
      }
      return "played";
    } catch {
      return "unavailable";
    }
  }

  function notify(alert, text) {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      new Notification(alert.title, { body: [text, alert.notes].filter(Boolean).join("\n"), tag: `spots-${alert.reminderId}` });
    } catch { /* some browsers allow notifications only from a service worker */ }
  }

  function dismiss(item) {
    item.remove();
    if (!area.querySelector(".spots-alert-item")) {
      area.hidden = true;
      document.body.classList.remove("spots-alerting");
    }
  }

  function show(alert) {
    const text = describeAlert(alert);
    const item = document.createElement("article");
    item.className = "spots-alert-item";
    item.setAttribute("role", "alert");
    item.dataset.reminderId = alert.reminderId;
    item.dataset.kind = alert.kind;
    if (alert.late) item.dataset.late = "true";
    const title = document.createElement("p");
    title.className = "spots-alert-title";
    title.textContent = alert.title;
    const what = document.createElement("p");
    what.className = "spots-alert-what";
    what.textContent = text;
    item.append(title, what);
    if (alert.notes && !onWatch) {
      const notes = document.createElement("p");
      notes.className = "spots-alert-notes";
      notes.textContent = alert.notes;
      item.append(notes);
    }
    const buttons = document.createElement("div");
    buttons.className = "button-row";
    if (!onWatch) {
      const open = document.createElement("a");
      open.className = "button secondary";
      open.href = `/phone/spots/${alert.reminderId}`;
      open.textContent = t("spots.alert.open");
      buttons.append(open);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.className = "primary";
    close.textContent = t("spots.alert.dismiss");
    close.setAttribute("aria-label", t("spots.alert.dismiss_label", { title: alert.title }));
    close.addEventListener("click", () => dismiss(item));
    buttons.append(close);
    item.append(buttons);
    // The newest on top; the watch keeps only the newest.
    if (onWatch) for (const old of area.querySelectorAll(".spots-alert-item")) old.remove();
    area.prepend(item);
    area.hidden = false;
    document.body.classList.add("spots-alerting");
    if (!onWatch) area.scrollIntoView({ block: "nearest" });
    close.focus({ preventScroll: !onWatch });
    vibrate();
    item.dataset.sound = chime();
    notify(alert, text);
  }

  // A calendar app wrote (CalDAV): say so, with a link that shows the lists as they are now.
  live.on("spots.changed", () => {
    if (onWatch) return;
    let note = document.getElementById("spots-changed");
    if (!note) {
      note = document.createElement("p");
      note.id = "spots-changed";
      note.className = "notice";
      note.setAttribute("role", "status");
      area.after(note);
    }
    const link = document.createElement("a");
    link.href = location.pathname + location.search;
    link.textContent = t("spots.alert.show_changes");
    note.replaceChildren(t("spots.alert.changed") + " ", link);
  });

  live.on("spots.alert", (data, message) => {
    if (!data || !data.reminderId) return;
    // One alert per event: a replayed or doubly delivered event shows once.
    const key = typeof message?.seq === "number" ? `seq:${message.seq}` : `${data.reminderId}:${data.kind}:${data.due ?? ""}`;
    if (seen.has(key)) return;
    seen.add(key);
    show(data);
  });

  // The button that asks for notification permission: never asked on load.
  const ask = document.getElementById("spots-notify");
  const status = document.getElementById("notify-status");
  if (!ask) return;
  function update() {
    // Over plain HTTP browsers report notifications as "denied", which no setting changes: say what is missing.
    if (httpsMissing) {
      ask.hidden = true;
      if (status) sayHTTPSMissing(status, "notifications");
      return;
    }
    if (!("Notification" in window)) {
      ask.hidden = true;
      if (status) status.textContent = t("spots.alert.no_notifications");
      return;
    }
    const permission = Notification.permission;
    ask.hidden = permission !== "default";
    if (status) {
      status.textContent = permission === "granted" ? t("spots.alert.notifications_on")
        : permission === "denied" ? t("spots.alert.notifications_blocked")
        : "";
    }
  }
  ask.addEventListener("click", async () => {
    try {
      await Notification.requestPermission();
    } catch { /* older callback-style browsers */ }
    update();
  });
  update();
}
