"""Follow my pace without a plan: a runner with two songs (150 and 180 BPM) starts a run with "Follow my pace" and the
simulator at 150 steps/min — the 150 BPM song plays. The cadence goes to 180: after a few seconds out of the song's
stretch budget the 180 BPM song comes in on the second player, crossfaded, and the page says what it was chosen for.
The choosing rule (tempo-pace-follow.js) is also checked on its own, in the page."""
import wave

import numpy as np
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page
from browser.test_tempo import wait_until
from browser.test_tempo_run import signed_in_runner, upload_analysed

PASSWORD = "follow password 1"
RATE = 22050


def beat_song(path, bpm, seconds=45):
    """Hi-hat clicks on every beat and a kick on the first of each bar, so the song has beats and bars."""
    samples = np.zeros(int(seconds * RATE))
    t = np.arange(int(0.12 * RATE)) / RATE
    kick = 0.7 * np.sin(2 * np.pi * 60 * t) * np.exp(-t / 0.05)
    hat = 0.25 * np.random.default_rng(int(bpm)).uniform(-1, 1, len(t)) * np.exp(-t / 0.008)
    for i, start in enumerate(np.arange(0.2, seconds - 0.2, 60 / bpm)):
        at = int(start * RATE)
        samples[at:at + len(t)] += hat[: len(samples) - at] if at + len(t) > len(samples) else hat
        if i % 4 == 0:
            samples[at:at + len(t)] += kick[: len(samples[at:at + len(t)])]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes((np.clip(samples, -1, 1) * 32000).astype("<i2").tobytes())


def playing(driver, element_id):
    return driver.execute_script("const a = document.getElementById(arguments[0]); return a.src && !a.paused ? a.dataset.song : null;",
                                 element_id)


def test_an_unplanned_run_follows_the_cadence_from_song_to_song(driver, server, tmp_path):
    token = signed_in_runner(driver, server, "follow", PASSWORD)
    for bpm in (150, 180):
        beat_song(tmp_path / f"beat{bpm}.wav", bpm)
    added = upload_analysed(server, token, [tmp_path / f"beat{bpm}.wav" for bpm in (150, 180)])
    ids = {bpm: song["id"].lower() for bpm, song in zip((150, 180), added)}

    driver.get(f"{server}/phone/tempo/run")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#run-playlist option[value=follow]"))
    # The rule alone: 10,000 songs, the nearest within the budget wins; nothing near, the closest at the budget's edge.
    chosen = driver.execute_script("""
        const library = Array.from({ length: 10000 }, (_, i) => ({ id: 's' + i, bpm: 60 + (i % 1400) / 10 }));
        const near = window.CadencePaceFollow.chooseSong(library, 171.05, 0.08, []);
        const far = window.CadencePaceFollow.chooseSong([{ id: 'slow', bpm: 100 }], 170, 0.08, []);
        return [near.song.bpm, near.beat, far.song.id, far.rate, far.withinBudget, far.beat];""")
    assert chosen[0] in (171.0, 171.1) and chosen[1] == "direct", chosen
    # 100 BPM at half-time carries 200: the closest to 170, slowed to the budget's edge.
    assert chosen[2] == "slow" and chosen[5] == "halfTime" and abs(chosen[3] - 0.92) < 1e-9 and chosen[4] is False, chosen

    Select(driver.find_element(By.ID, "run-playlist")).select_by_value("follow")
    driver.find_element(By.ID, "sim-on").click()
    for field, value in (("sim-cadence", "150"), ("sim-pace", "6:00")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.ID, "run-start").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    driver.execute_script("for (const a of document.querySelectorAll('audio')) a.muted = true")
    wait_until(driver, lambda: playing(driver, "run-audio") == ids[150], timeout=20,
               message=f"the 150 BPM song is not playing: {driver.find_element(By.ID, 'run-song').text!r}")
    check_page(driver, "live run page following the pace")

    # The runner speeds up to 180: the 180 BPM song comes in on the other player, the first one stops.
    driver.find_element(By.ID, "sim-cadence").clear()
    driver.find_element(By.ID, "sim-cadence").send_keys("180")
    wait_until(driver, lambda: playing(driver, "run-audio-b") == ids[180], timeout=30,
               message=f"the 180 BPM song did not come in: {driver.find_element(By.ID, 'run-song').text!r}")
    wait_until(driver, lambda: playing(driver, "run-audio") is None, timeout=10, message="the first song did not stop")
    assert "chosen for 180" in driver.find_element(By.ID, "run-song").text
    driver.find_element(By.ID, "run-end").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-save").is_displayed())
