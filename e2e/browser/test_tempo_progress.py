"""Progress over time on the runs page: weeks counted Monday to Sunday in the runner's own time zone (the browser's),
the weekly pace drawn as a trend line, and the phone home's "this week" in the same zone."""
import datetime
import json
import urllib.request
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_tempo import screenshot, wait_until
from browser.test_tempo_run import signed_in_runner

MADRID = ZoneInfo("Europe/Madrid")


def gpx(start, metres, seconds):
    """A run due north from `start` (UTC), `metres` in `seconds`, a point every 10 s."""
    points = []
    for t in range(0, seconds + 1, 10):
        at = (start + datetime.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lat = 40.4 + metres * t / seconds / 111_195
        points.append(f'<trkpt lat="{lat:.7f}" lon="-3.7"><time>{at}</time></trkpt>')
    return ('<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">'
            f'<trk><name>Run</name><trkseg>{"".join(points)}</trkseg></trk></gpx>')


def import_run(base, token, body):
    request = urllib.request.Request(f"{base}/api/v1/tempo/runs/import", data=body.encode(), method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/gpx+xml")
    with urllib.request.urlopen(request) as response:
        assert response.status == 201
        return json.loads(response.read())


def test_weeks_follow_the_runners_zone_and_the_pace_trend_is_drawn(driver, own_server):
    base = own_server.base
    token = signed_in_runner(driver, base, "progress", "progress-pass-1")
    # A run at half past midnight on this week's Monday in Madrid: still Sunday, last week, in UTC.
    now = datetime.datetime.now(MADRID)
    monday = (now - datetime.timedelta(days=now.weekday())).replace(hour=0, minute=30, second=0, microsecond=0)
    if monday + datetime.timedelta(minutes=20) > now:
        monday -= datetime.timedelta(days=7)  # too early in the week to have finished it: the week before
    late_sunday_utc = monday.astimezone(datetime.timezone.utc)
    import_run(base, token, gpx(late_sunday_utc, 3000, 900))            # 5:00 /km
    import_run(base, token, gpx(late_sunday_utc - datetime.timedelta(days=14), 3000, 1080))  # 6:00 /km

    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Madrid"})
    try:
        driver.get(f"{base}/phone/tempo/runs")
        wait_until(driver, lambda: "2 runs in twelve weeks" in driver.find_element(By.ID, "progress-status").text,
                   message=f"progress: {driver.find_element(By.ID, 'progress-status').text!r}")
        week = monday.date().isoformat()
        row = driver.find_element(By.CSS_SELECTOR, f"#progress-weeks tr[data-week='{week}']")
        assert "3.00 km (1)" in row.text and "5:00" in row.text, row.text
        chart = driver.find_element(By.CSS_SELECTOR, "#progress-trend svg.tempo-chart")
        label = chart.get_attribute("aria-label")
        assert "6:00" in label and "5:00" in label and "faster" in label, label
        assert len(chart.find_element(By.CSS_SELECTOR, ".chart-curve").get_attribute("points").split()) == 2
        screenshot(driver, "tempo-progress-trend.png")
        check_page(driver, "runs page with a pace trend")

        # The phone home counts this week in the zone the runs page remembered.
        driver.get(f"{base}/phone")
        card = driver.find_element(By.CSS_SELECTOR, ".module-card.module-tempo")
        assert "This week" in card.text and "1 run · 3.00 km" in card.text, card.text
    finally:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})

    # In UTC the same run was last Sunday: this week is empty.
    driver.delete_cookie("cadence_tz")
    driver.get(f"{base}/phone")
    card = driver.find_element(By.CSS_SELECTOR, ".module-card.module-tempo")
    assert "0 runs" in card.text, card.text
