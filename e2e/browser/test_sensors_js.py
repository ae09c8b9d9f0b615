"""Real sensors on the run pages (issue 19): the Web Bluetooth parsers in static/tempo-sensors.js read heart-rate
straps (GATT 0x2A37) and foot pods (0x2A53) byte for byte as the cases in gatt_cases.json say, and a reading that is
stale or taken without skin contact counts as no heart rate. The parsers run in Chromium, from the served module.

Chromium's WebDriver BiDi Bluetooth emulation (a simulated peripheral) is not driven here: these cases cover the
bytes, and the connect flow is the browser's own chooser."""
import json
from pathlib import Path

CASES = json.loads((Path(__file__).parent / "gatt_cases.json").read_text(encoding="utf-8"))

RUN_CASES = """
    const [cases, done] = arguments;
    import('/static/tempo-sensors.js').then((sensors) => {
        const run = (parse, list) => list.map((c) => {
            try { return { name: c.name, value: parse(new DataView(new Uint8Array(c.bytes).buffer)) }; }
            catch (error) { return { name: c.name, error: String(error.message) }; }
        });
        done({
            heartRate: run(sensors.parseHeartRate, cases.heartRate),
            runningSpeedCadence: run(sensors.parseRunningSpeedCadence, cases.runningSpeedCadence),
        });
    }, (error) => done({ failed: String(error) }));
"""


def test_the_page_reads_sensor_bytes_as_the_specifications_say(driver, server):
    driver.get(server + "/login")
    results = driver.execute_async_script(RUN_CASES, CASES)
    assert "failed" not in results, results
    for kind in ("heartRate", "runningSpeedCadence"):
        for case, result in zip(CASES[kind], results[kind], strict=True):
            if "error" in case:
                assert case["error"] in result.get("error", ""), (case, result)
            else:
                assert result.get("value") == case["expect"], (case, result)


def test_a_stale_or_contactless_reading_is_no_heart_rate(driver, server):
    driver.get(server + "/login")
    answers = driver.execute_async_script("""
        const done = arguments[0];
        import('/static/tempo-sensors.js').then(({ BluetoothSensor, STALE_MS }) => {
            const strap = new BluetoothSensor('heartRate');
            const now = 1_000_000;
            const at = (reading, age) => { strap.latest = { at: now - age, ...reading }; return strap.heartRate(now); };
            done({
                none: strap.heartRate(now),
                fresh: at({ bpm: 142, contact: true }, 1000),
                unknownContact: at({ bpm: 142, contact: null }, 1000),
                noContact: at({ bpm: 142, contact: false }, 1000),
                stale: at({ bpm: 142, contact: true }, STALE_MS + 1),
                zero: at({ bpm: 0, contact: true }, 0),
            });
        }, (error) => done({ failed: String(error) }));
    """)
    assert answers == {"none": None, "fresh": 142, "unknownContact": 142, "noContact": None, "stale": None, "zero": None}
