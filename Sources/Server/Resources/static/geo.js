// Distances on the Earth, as Sources/Geo/Geo.swift computes them: one radius, one formula. The cases in
// Tests/GeoTests/geo-cases.json hold both to the same figures (e2e/browser/test_geo_js.py).

/** The IUGG mean radius of WGS 84, metres. */
export const EARTH_RADIUS_METRES = 6371008.8;

/** Great-circle distance in metres between two positions in degrees (haversine). */
export function metresBetween(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const s1 = Math.sin(((lat2 - lat1) * rad) / 2), s2 = Math.sin(((lon2 - lon1) * rad) / 2);
  const h = s1 * s1 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * s2 * s2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}
