"""Every page of Cadence as a first-time user sees it: a screenshot of each at watch, phone and desktop sizes,
a contact sheet per size, and what can be counted (page height, scrolls a watch needs, tap targets).

    CADENCE_BIN=.build/debug/cadence .venv/bin/python e2e/bench/journeys.py /tmp/journeys

Writes OUTDIR/<size>/<page>.png (the first screen, as a person sees it), OUTDIR/<size>-sheet.png and
OUTDIR/figures.json, and prints a table. Run it before and after a design change and compare the two folders.
Not part of `.ci/run`: it asserts nothing, it shows.
"""
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from conftest import CadenceServer, api, new_browser, unique_email  # noqa: E402

SIZES = {"watch": (198, 242), "small-watch": (176, 215), "phone": (390, 844), "desktop": (1280, 800)}
PASSWORD = "journey password 1"


def set_viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def measure(driver):
    """The page's height, and the visible controls a finger can reach."""
    return driver.execute_script("""
        const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
          return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
        const targets = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
          .filter(visible);
        return { height: document.documentElement.scrollHeight, viewport: window.innerHeight,
                 overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                 targets: targets.length };""")


def sign_in(driver, base, email):
    driver.get(base + "/login")
    driver.find_element(By.NAME, "email").send_keys(email)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    deadline = time.time() + 15
    while "/phone" not in driver.current_url and time.time() < deadline:
        time.sleep(0.1)


def prepare(base):
    """An account with something on every page: the example talk, a place and a time reminder, a plan."""
    email = unique_email("journey")
    status, body = api(base, "POST", "/api/v1/auth/register",
                       {"email": email, "displayName": "Ana Journey", "password": PASSWORD})
    assert status == 201, body
    token = body["token"]
    topics = api(base, "GET", "/api/v1/talks/topics", token=token)[1]
    talk_id = topics[0]["id"] if topics else None
    api(base, "POST", "/api/v1/spots/reminders", {"title": "Buy bread", "due": "2030-01-07T08:00:00Z"}, token=token)
    api(base, "POST", "/api/v1/spots/reminders", {"title": "Water the plants", "place": {
        "name": "Home", "latitude": 52.52, "longitude": 13.405, "radius": 150, "trigger": "arrive"}}, token=token)
    templates = api(base, "GET", "/api/v1/tempo/templates", token=token)[1] or []
    plan_id = None
    if templates:
        status, plan = api(base, "POST", "/api/v1/tempo/plans", {"template": templates[0]["templateId"]}, token=token)
        plan_id = plan["plan"]["id"] if status == 201 else None
    stage_talk = None
    for series in api(base, "GET", "/api/v1/stage/series", token=token)[1] or []:
        talks = api(base, "GET", f"/api/v1/stage/series/{series['id']}", token=token)[1].get("talks", [])
        stage_talk = stage_talk or (talks[0]["id"] if talks else None)
    return email, token, talk_id, plan_id, stage_talk


def pair(phone, device, base, role):
    phone.get(base + "/phone/devices")
    phone.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/pairing'] button").click()
    time.sleep(0.5)
    code = phone.find_element(By.CSS_SELECTOR, "[data-testid=pairing-code]").text.replace(" ", "")
    device.get(f"{base}/pair?role={role}")
    device.find_element(By.NAME, "code").send_keys(code)
    name = device.find_elements(By.NAME, "name")
    if name:
        name[0].clear()
        name[0].send_keys(f"My {role}")
    device.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    time.sleep(1.5)


def shoot(driver, path, out, name, sizes, figures):
    for size in sizes:
        width, height = SIZES[size]
        set_viewport(driver, width, height)
        driver.get(path)
        time.sleep(1.2 if size.endswith("watch") else 0.6)
        folder = out / size
        folder.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(folder / f"{name}.png"))
        figures.setdefault(name, {})[size] = measure(driver)


def contact_sheet(out, size, names):
    width, height = SIZES[size]
    scale = 0.5 if width >= 390 else 1.0
    tile_w, tile_h = int(width * scale), int(height * scale) + 18
    columns = 6 if width < 390 else 4
    rows = (len(names) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (tile_w + 8), rows * (tile_h + 8)), "white")
    draw = ImageDraw.Draw(sheet)
    for index, name in enumerate(names):
        path = out / size / f"{name}.png"
        if not path.exists():
            continue
        image = Image.open(path).convert("RGB").resize((tile_w, tile_h - 18))
        x, y = (index % columns) * (tile_w + 8), (index // columns) * (tile_h + 8)
        sheet.paste(image, (x, y + 18))
        draw.text((x + 2, y + 2), name, fill="black")
    sheet.save(out / f"{size}-sheet.png")


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/journeys")
    out.mkdir(parents=True, exist_ok=True)
    server = CadenceServer(log_name="journeys.log")
    server.start()
    base = server.base
    phone, watch, display = new_browser(), new_browser(), new_browser()
    figures = {}
    try:
        email, token, talk_id, plan_id, stage_talk = prepare(base)
        for name, path in (("login", "/login"), ("register", "/register"), ("pair", "/pair?role=watch")):
            shoot(display, base + path, out, name, ["small-watch", "watch", "phone", "desktop"], figures)
        sign_in(phone, base, email)
        phone_pages = [("home", "/phone"), ("talks", "/phone/talks"), ("stage", "/phone/stage"),
                       ("stage-series", "/phone/stage/series"), ("stage-import", "/phone/stage/import"),
                       ("spots", "/phone/spots"), ("spots-new", "/phone/spots/new"), ("spots-map", "/phone/spots/map"),
                       ("spots-timeline", "/phone/spots/timeline"), ("tempo", "/phone/tempo"),
                       ("tempo-plans", "/phone/tempo/plans"), ("tempo-runs", "/phone/tempo/runs"),
                       ("tempo-run", "/phone/tempo/run"), ("devices", "/phone/devices"), ("account", "/account")]
        if talk_id:
            phone_pages.insert(2, ("talk", f"/phone/talks/{talk_id}"))
        if plan_id:
            phone_pages.append(("tempo-plan", f"/phone/tempo/plans/{plan_id}"))
        if stage_talk:
            phone_pages += [("stage-present", f"/phone/stage/talks/{stage_talk}"),
                            ("stage-edit", f"/phone/stage/talks/{stage_talk}/edit")]
        for name, path in phone_pages:
            shoot(phone, base + path, out, name, ["watch", "phone", "desktop"], figures)
        set_viewport(phone, 390, 844)
        pair(phone, watch, base, "watch")
        for name, path in (("watch", "/watch"), ("watch-run", "/watch/run")):
            shoot(watch, base + path, out, name, ["small-watch", "watch"], figures)
        if talk_id:
            api(base, "PUT", "/api/v1/talks/cast", {"topicId": talk_id}, token=token)
            shoot(watch, base + "/watch", out, "watch-cast", ["small-watch", "watch"], figures)
            api(base, "POST", "/api/v1/talks/runs", {"topicId": talk_id}, token=token)
            shoot(watch, base + "/watch", out, "watch-talk-running", ["small-watch", "watch"], figures)
        pair(phone, display, base, "display")
        shoot(display, base + "/display", out, "display", ["desktop"], figures)
    finally:
        for browser in (phone, watch, display):
            browser.quit()
        server.close()
    (out / "figures.json").write_text(json.dumps(figures, indent=1))
    for size in SIZES:
        names = [name for name, by_size in figures.items() if size in by_size]
        contact_sheet(out, size, names)
    print(f"{'page':16} " + " ".join(f"{size:>22}" for size in SIZES))
    for name, by_size in figures.items():
        cells = []
        for size in SIZES:
            figure = by_size.get(size)
            cells.append(f"{figure['height']:>6}px {figure['targets']:>3}t {max(0, figure['height'] - figure['viewport']):>5}↓"
                         if figure else " " * 22)
        print(f"{name:16} " + " ".join(f"{cell:>22}" for cell in cells))
    print("height: the page's scroll height; t: visible tap targets; ↓: pixels below the first screen")


if __name__ == "__main__":
    main()
