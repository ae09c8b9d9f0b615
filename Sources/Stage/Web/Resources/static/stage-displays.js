// The presenter's word on the audience displays (S2): said clearly when none is connected, when one drops, and
// when it is back (then `onArrived`, so a screen that just opened catches up at once).

export function watchDisplays(live, alert, root, onArrived) {
  let known = null;
  live.on("presence", (data) => {
    const displays = new Map((data.online || []).filter((entry) => entry.role === "display")
      .map((entry) => [entry.deviceId || entry.connectionId, entry.name]));
    root.dataset.displays = String(displays.size);
    const lost = known ? [...known].filter(([id]) => !displays.has(id)).map(([, name]) => name) : [];
    const arrived = known ? [...displays].filter(([id]) => !known.has(id)).map(([, name]) => name) : [];
    known = displays;
    if (displays.size === 0) {
      alert.hidden = false;
      alert.dataset.kind = "none";
      alert.textContent = lost.length
        ? `Display ${lost.join(", ")} disconnected. No display is connected now.`
        : "No display is connected. Open /display on a paired screen to show the slides.";
    } else if (lost.length) {
      alert.hidden = false;
      alert.dataset.kind = "lost";
      alert.textContent = `Display ${lost.join(", ")} disconnected. ${displays.size} still connected.`;
    } else if (arrived.length) {
      alert.hidden = false;
      alert.dataset.kind = "back";
      alert.textContent = `Display ${arrived.join(", ")} connected.`;
      setTimeout(() => { if (alert.dataset.kind === "back") alert.hidden = true; }, 4000);
      onArrived();
    }
  });
}
