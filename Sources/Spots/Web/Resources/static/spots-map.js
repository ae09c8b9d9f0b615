// The map of open place reminders (R3): a pin and its radius for each; tapping a pin shows
// the reminder and its place with a link to edit it; dragging a pin moves the place (saved at
// once, put back if the save fails). "Show where I am" centres the map on this device's
// position (drawn at once, without moving the map, when the browser already allows location).
// The list below is the same, as text.
import { formatNumber, t } from "./i18n.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { errorMessage, localizeTimes, makeMap, rememberZone } from "./spots-util.js";

rememberZone();
localizeTimes();

const element = document.getElementById("spots-map");
const status = document.getElementById("map-status");
const map = makeMap(element, status);
const L = globalThis.L;
const markers = new Map();

/** Saves the place where its pin was dropped; puts the pin back and says why when that fails. */
async function movePlace(item, marker, circle) {
  const was = [Number(item.dataset.latitude), Number(item.dataset.longitude)];
  const to = marker.getLatLng().wrap();
  const id = item.dataset.reminderId;
  const putBack = (message) => {
    marker.setLatLng(was);
    circle.setLatLng(was);
    status.textContent = message;
  };
  try {
    const shown = await fetch(`/api/v1/spots/reminders/${id}`);
    if (!shown.ok) return putBack(await errorMessage(shown, t("spots.map.move_failed")));
    const reminder = await shown.json();
    const place = { ...reminder.place, latitude: Number(to.lat.toFixed(6)), longitude: Number(to.lng.toFixed(6)) };
    // If-Match: a change made elsewhere since this read is never overwritten (412: the pin goes back, and says why).
    const saved = await fetch(`/api/v1/spots/reminders/${id}`, {
      method: "PUT", headers: { "Content-Type": "application/json", "If-Match": shown.headers.get("ETag") ?? "*" },
      body: JSON.stringify({ title: reminder.title, notes: reminder.notes, due: reminder.due ?? undefined, place }),
    });
    if (!saved.ok) return putBack(await errorMessage(saved, t("spots.map.move_failed")));
    item.dataset.latitude = String(place.latitude);
    item.dataset.longitude = String(place.longitude);
    status.textContent = t("spots.map.moved", { place: item.dataset.placeName, title: item.dataset.title });
    element.dataset.moved = id;
  } catch {
    putBack(t("spots.map.move_offline"));
  }
}

/** This device's position as a dot with its accuracy. `quiet` (on opening, when location is already allowed) keeps
 *  the view on the places and says nothing when the position cannot be had; the button centres the map on it. */
function showMe(quiet) {
  if (httpsMissing) {
    if (!quiet) sayHTTPSMissing(status, "location");
    return;
  }
  if (!("geolocation" in navigator)) {
    if (!quiet) status.textContent = t("spots.map.no_geolocation");
    return;
  }
  navigator.geolocation.getCurrentPosition((position) => {
    const at = [position.coords.latitude, position.coords.longitude];
    const accuracy = Math.round(position.coords.accuracy || 0);
    me?.remove();
    me = L.layerGroup([
      L.circle(at, { radius: accuracy, color: "#0a7a3d", weight: 1, fillOpacity: 0.1, interactive: false }),
      L.circleMarker(at, { radius: 7, color: "#ffffff", weight: 2, fillColor: "#0a7a3d", fillOpacity: 1 }).bindTooltip(t("spots.map.you_are_here")),
    ]).addTo(map);
    if (!quiet) map.setView(at, Math.max(map.getZoom(), 15));
    status.textContent = t("spots.map.you_are_within", { accuracy: formatNumber(accuracy) });
    element.dataset.me = `${at[0].toFixed(5)},${at[1].toFixed(5)}`;
    element.dataset.meFixes = String(Number(element.dataset.meFixes || 0) + 1);
  }, (error) => {
    if (!quiet) status.textContent = error.code === error.PERMISSION_DENIED
      ? t("spots.map.denied") : t("spots.map.not_found");
  }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 30000 });
}

let me = null;

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
  edit.textContent = t("spots.map.edit");
  edit.className = "spots-popup-edit";
  edit.setAttribute("aria-label", t("spots.map.edit_label", { title: item.dataset.title }));
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
    const marker = L.marker(at, { title: `${item.dataset.title} (${item.dataset.placeName})`, alt: item.dataset.placeName,
      draggable: true, autoPan: true })
      .addTo(map).bindPopup(() => popupContent(item));
    circle.on("click", () => marker.openPopup());
    marker.on("drag", () => circle.setLatLng(marker.getLatLng()));
    marker.on("dragend", () => movePlace(item, marker, circle));
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
  document.getElementById("show-me")?.addEventListener("click", () => showMe(false));
  navigator.permissions?.query({ name: "geolocation" }).then((p) => { if (p.state === "granted") showMe(true); }, () => {});
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
