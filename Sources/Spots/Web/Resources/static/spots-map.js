// The map of open place reminders (R3): a pin and its radius for each; tapping a pin shows
// the reminder and its place with a link to edit it. The list below is the same, as text.
import { localizeTimes, makeMap, rememberZone } from "./spots-util.js";

rememberZone();
localizeTimes();

const element = document.getElementById("spots-map");
const status = document.getElementById("map-status");
const map = makeMap(element, status);
const L = globalThis.L;
const markers = new Map();

function popupContent(item) {
  const box = document.createElement("div");
  box.className = "spots-popup";
  const name = document.createElement("p");
  name.className = "spots-popup-place";
  name.textContent = item.dataset.placeName;
  const title = document.createElement("p");
  title.className = "spots-popup-title";
  title.textContent = item.dataset.title;
  const edit = document.createElement("a");
  edit.href = `/phone/spots/${item.dataset.reminderId}`;
  edit.textContent = "Edit";
  edit.className = "spots-popup-edit";
  edit.setAttribute("aria-label", `Edit ${item.dataset.title}`);
  box.append(name, title, edit);
  return box;
}

if (map) {
  const bounds = [];
  for (const item of document.querySelectorAll("#spots-pins [data-reminder-id]")) {
    const at = [Number(item.dataset.latitude), Number(item.dataset.longitude)];
    if (!at.every(Number.isFinite)) continue;
    const circle = L.circle(at, { radius: Number(item.dataset.radius) || 150, color: "#1b5fd1", weight: 2, fillOpacity: 0.12 })
      .addTo(map);
    const marker = L.marker(at, { title: `${item.dataset.title} (${item.dataset.placeName})`, alt: item.dataset.placeName })
      .addTo(map).bindPopup(() => popupContent(item));
    circle.on("click", () => marker.openPopup());
    markers.set(item.dataset.reminderId, marker);
    // The circle's own bounds need a map view first; the radius gives them as well.
    bounds.push(L.latLng(at).toBounds(2 * (Number(item.dataset.radius) || 150)));
  }
  if (bounds.length) {
    const all = L.latLngBounds(bounds[0].getSouthWest(), bounds[0].getNorthEast());
    for (const b of bounds) all.extend(b);
    map.fitBounds(all, { padding: [48, 48], maxZoom: 16 });
  } else {
    map.setView([30, 0], 2);
  }
  for (const button of document.querySelectorAll("[data-show-pin]")) {
    button.addEventListener("click", () => {
      const marker = markers.get(button.dataset.showPin);
      if (!marker) return;
      element.scrollIntoView({ block: "nearest" });
      map.setView(marker.getLatLng(), Math.max(map.getZoom(), 15));
      marker.openPopup();
    });
  }
}
element.dataset.ready = "true";
