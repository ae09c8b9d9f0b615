"""The pages measure distances in JavaScript (static/geo.js: "moved more than 25 m" on Spots, a run's distance
on Tempo) and the server in Swift (Sources/Geo). Both run the cases of Tests/GeoTests/geo-cases.json, here in
Chromium, so the two cannot drift apart (they once used two Earth radii)."""
import json
from pathlib import Path

CASES_FILE = Path(__file__).resolve().parents[2] / "Tests" / "GeoTests" / "geo-cases.json"


def test_the_pages_measure_distances_as_the_server_does(driver, server):
    shared = json.loads(CASES_FILE.read_text(encoding="utf-8"))
    driver.get(server + "/login")
    results = driver.execute_async_script("""
        const [cases, done] = arguments;
        import('/static/geo.js').then((geo) => {
            done({radius: geo.EARTH_RADIUS_METRES,
                  metres: cases.map((c) => geo.metresBetween(c.from[0], c.from[1], c.to[0], c.to[1]))});
        }).catch((error) => done(String(error)));
    """, shared["cases"])
    assert isinstance(results, dict), results
    assert results["radius"] == shared["earthRadius"]
    for case, metres in zip(shared["cases"], results["metres"]):
        assert abs(metres - case["metres"]) < 1e-6, (case["name"], metres, case["metres"])
