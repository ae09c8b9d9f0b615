// The reminder form (R1, R2): the due time in this browser's zone, and the place: tap the map
// to drop the pin (drag it to adjust), or search the gazetteer by name; radius and trigger.
import { formatNumber, plural, t } from "./i18n.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { browserZone, errorMessage, localInputValue, makeMap, rememberZone } from "./spots-util.js";

const $ = (id) => document.getElementById(id);
const zone = rememberZone();

// Due: the server rendered it in the zone it knew; show it in ours and say which zone we send.
const due = $("due");
const tz = $("tz");
if (due.dataset.ms && tz.value !== zone) due.value = localInputValue(Number(due.dataset.ms));
tz.value = zone;
$("tz-hint").textContent = t("spots.edit.zone_hint", { zone });

const latitude = $("latitude");
const longitude = $("longitude");
const placeName = $("placeName");
const radius = $("radius");
const coordinates = $("place-coordinates");
const mapStatus = $("map-status");
const mapElement = $("spots-edit-map");

const map = makeMap(mapElement, mapStatus, { zoomControl: true });
let marker = null;
let circle = null;

function currentRadius() {
  const value = Number(radius.value);
  return Number.isFinite(value) && value >= 50 && value <= 50000 ? value : 150;
}

function describe() {
  if (!latitude.value || !longitude.value) {
    coordinates.textContent = t("spots.edit.no_place");
    return;
  }
  coordinates.textContent = t("spots.edit.pin_at", { latitude: formatNumber(Number(latitude.value), 5), longitude: formatNumber(Number(longitude.value), 5) });
}

function drawPin(lat, lon) {
  if (!map) return;
  const L = globalThis.L;
  const at = [lat, lon];
  if (!marker) {
    marker = L.marker(at, { draggable: true, keyboard: true, title: t("spots.edit.pin_title"), alt: t("spots.edit.pin_alt") }).addTo(map);
    marker.on("dragend", () => {
      const p = marker.getLatLng();
      setPin(p.lat, p.lng, { move: false });
    });
    circle = L.circle(at, { radius: currentRadius(), color: "#1b5fd1", weight: 2, fillOpacity: 0.15, interactive: false }).addTo(map);
  } else {
    marker.setLatLng(at);
    circle.setLatLng(at);
  }
}

function setPin(lat, lon, { move = true, zoom = null } = {}) {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  latitude.value = lat.toFixed(6);
  longitude.value = wrapped.toFixed(6);
  if (!placeName.value.trim()) placeName.value = t("spots.edit.dropped_pin");
  drawPin(lat, wrapped);
  if (map && move) map.setView([lat, wrapped], zoom ?? Math.max(map.getZoom(), 15));
  describe();
}

function clearPin() {
  latitude.value = "";
  longitude.value = "";
  placeName.value = "";
  if (marker) marker.remove();
  if (circle) circle.remove();
  marker = null;
  circle = null;
  describe();
}

if (map) {
  if (latitude.value && longitude.value) {
    const lat = Number(latitude.value), lon = Number(longitude.value);
    map.fitBounds(globalThis.L.latLng(lat, lon).toBounds(2 * currentRadius()), { maxZoom: 17 });
    drawPin(lat, lon);
  } else {
    map.setView([30, 0], 2);
  }
  map.on("click", (event) => setPin(event.latlng.lat, event.latlng.lng, { move: false }));
  radius.addEventListener("input", () => circle?.setRadius(currentRadius()));
}
describe();

$("clear-place").addEventListener("click", clearPin);

// "Use my location": the pin where this device is (asks for permission only when pressed).
const locate = $("locate-me");
if (!navigator.geolocation && !httpsMissing) locate.hidden = true;
locate.addEventListener("click", () => {
  if (httpsMissing) return sayHTTPSMissing(mapStatus, "location");
  mapStatus.textContent = t("spots.edit.locating");
  navigator.geolocation.getCurrentPosition((position) => {
    if (!placeName.value.trim()) placeName.value = t("spots.edit.my_location");
    setPin(position.coords.latitude, position.coords.longitude, { zoom: 16 });
    mapStatus.textContent = t("spots.edit.pinned_here", { accuracy: formatNumber(Math.round(position.coords.accuracy)) });
  }, (error) => {
    mapStatus.textContent = error.code === error.PERMISSION_DENIED
      ? t("spots.edit.denied")
      : t("spots.edit.unavailable");
  }, { enableHighAccuracy: true, maximumAge: 30000, timeout: 20000 });
});

// Gazetteer search as you type (debounced); each result is a button.
const search = $("place-search");
const results = $("place-results");
const searchStatus = $("place-search-status");
let debounce = null;
let inFlight = null;

function showResults(places, query) {
  results.replaceChildren();
  for (const place of places) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary place-result";
    button.textContent = place.label || `${place.name}, ${place.country}`;
    button.addEventListener("click", () => {
      placeName.value = place.name;
      setPin(place.latitude, place.longitude, { zoom: 13 });
      results.replaceChildren();
      searchStatus.textContent = t("spots.edit.pinned", { place: button.textContent });
    });
    item.append(button);
    results.append(item);
  }
  searchStatus.textContent = places.length ? plural("spots.edit.found", places.length) : t("spots.edit.none_found", { query });
}

async function runSearch() {
  const query = search.value.trim();
  if (inFlight) inFlight.abort();
  if (!query) {
    results.replaceChildren();
    searchStatus.textContent = "";
    return;
  }
  inFlight = new AbortController();
  try {
    const response = await fetch(`/api/v1/spots/places?q=${encodeURIComponent(query)}&limit=8`, { signal: inFlight.signal });
    if (!response.ok) {
      searchStatus.textContent = await errorMessage(response, t("spots.edit.search_failed"));
      return;
    }
    showResults(await response.json(), query);
  } catch (error) {
    if (error.name !== "AbortError") searchStatus.textContent = t("spots.edit.search_offline");
  }
}

search.addEventListener("input", () => {
  clearTimeout(debounce);
  debounce = setTimeout(runSearch, 250);
});
search.addEventListener("keydown", (event) => {
  // Enter picks the first result instead of sending the form.
  if (event.key !== "Enter") return;
  event.preventDefault();
  results.querySelector("button")?.click();
});

// Repeats: show only the controls the chosen frequency uses (all stay in the form without script).
const repeat = $("repeat");
const repeatEnds = $("repeatEnds");
function showRepeatControls() {
  const often = repeat.value !== "" && repeat.value !== "custom";
  const show = (selector, visible) => document.querySelectorAll(selector).forEach((element) => { element.hidden = !visible; });
  show("[data-repeat-detail]", often);
  show("[data-repeat-weekly]", repeat.value === "WEEKLY");
  show("[data-repeat-count]", repeatEnds.value === "count");
  show("[data-repeat-until]", repeatEnds.value === "until");
}
repeat.addEventListener("change", showRepeatControls);
repeatEnds.addEventListener("change", showRepeatControls);
showRepeatControls();
