"""Cadence as an installed app (issue 19): each device role's web app manifest parses and its icons load, the
pages link their role's manifest (Chromium reads it without errors), /favicon.ico exists, and a display keeps its
screen on — asking again for the wake lock when it is shown after being hidden."""
import json
import struct
import urllib.request

from selenium.webdriver.support.ui import WebDriverWait

from browser.pagecheck import check_page
from browser.test_accounts import sign_in
from browser.test_stage import pair_display
from conftest import api, tls_context, unique_email


def fetch(url):
    with urllib.request.urlopen(url, context=tls_context(url)) as response:
        return response.status, response.headers.get("Content-Type"), response.read()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_every_role_has_a_manifest_whose_icons_load(server):
    starts = {}
    for role in ("phone", "watch", "display"):
        status, content_type, body = fetch(f"{server}/app/{role}.webmanifest")
        assert status == 200 and content_type == "application/manifest+json"
        manifest = json.loads(body)
        assert manifest["display"] == "standalone" and manifest["theme_color"] == "#1b5fd1"
        assert manifest["start_url"].startswith(manifest["scope"])
        starts[role] = manifest["start_url"]
        purposes = set()
        for icon in manifest["icons"]:
            status, content_type, data = fetch(server + icon["src"])
            assert status == 200 and content_type.startswith("image/png")
            width, height = png_size(data)
            assert f"{width}x{height}" == icon["sizes"], icon
            purposes.add(icon["purpose"])
        assert {"any", "maskable"} <= purposes
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    assert starts == {"phone": "/phone", "watch": "/watch", "display": "/display"}

    status, content_type, data = fetch(server + "/favicon.ico")
    assert status == 200 and content_type == "image/x-icon" and data[:4] == b"\x00\x00\x01\x00"
    status, _, data = fetch(server + "/static/icons/apple-touch-icon.png")
    assert status == 200 and png_size(data) == (180, 180)


def app_manifest(driver):
    """What Chromium itself made of the page's manifest link."""
    return driver.execute_cdp_cmd("Page.getAppManifest", {})


def test_pages_link_the_manifest_of_their_role_and_a_display_keeps_its_screen_on(driver, second_driver, server):
    phone, display = driver, second_driver
    email = unique_email("install")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Ines", "password": "install password 1"})[0] == 201
    sign_in(phone, server, email, "install password 1")
    manifest = app_manifest(phone)
    assert manifest["url"] == server + "/app/phone.webmanifest" and manifest["errors"] == [], manifest
    check_page(phone, "phone home with its manifest")

    # The display's owner allows it to keep the screen on (a kiosk browser would be set up so).
    display.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "screen-wake-lock"}, "setting": "granted"})
    pair_display(phone, display, server, "Foyer screen")
    manifest = app_manifest(display)
    assert manifest["url"] == server + "/app/display.webmanifest" and manifest["errors"] == [], manifest

    def lock():
        return display.execute_script(
            "return [document.documentElement.dataset.wakeLock, Number(document.documentElement.dataset.wakeLockRequests)]")

    WebDriverWait(display, 10).until(lambda _: lock()[0] == "held", "the display did not take the wake lock")
    assert lock()[1] == 1
    # Another tab in front hides the display: the browser drops the lock; back in front, the page asks again.
    screen_tab = display.current_window_handle
    display.switch_to.new_window("tab")
    display.get("about:blank")
    display.switch_to.window(screen_tab)
    WebDriverWait(display, 10).until(lambda _: lock() == ["held", 2], f"the lock was not asked for again: {lock()}")


def test_a_new_version_waits_until_the_person_chooses_to_reload(driver, second_driver, tmp_path):
    """A release changes the static files, so the worker changes: the open watch page keeps running on the old
    version and offers "Updated — reload"; choosing it reloads the page under the new worker."""
    import os
    import shutil
    from pathlib import Path

    from browser.test_live import pair_watch
    from conftest import CadenceServer

    # A copy of the build, whose static files this test may change as a release would.
    built = Path(os.environ["CADENCE_BIN"])
    copy = tmp_path / "bin"
    copy.mkdir()
    shutil.copy2(built, copy / built.name)
    for resources in built.parent.glob("*.resources"):
        shutil.copytree(resources, copy / resources.name)
    release = CadenceServer(log_name="update-server.log")
    release.binary = str(copy / built.name)
    release.start()
    try:
        phone, watch, base = driver, second_driver, release.base
        pair_watch(phone, watch, base, unique_email("update"))
        WebDriverWait(watch, 20).until(lambda w: w.execute_script("return Boolean(navigator.serviceWorker.controller)"),
                                       "no service worker took charge of the watch page")
        assert not watch.find_element("id", "app-updated").is_displayed()
        watch.execute_script("window.keptAcrossReloads = 'old page';")

        # The next release: its worker script differs (its version is a digest of the static files).
        release.stop()
        worker = next(copy.glob("*Server.resources")) / "Resources" / "static" / "sw.js"
        worker.write_text(worker.read_text() + "\n// the next release\n")
        release.start()
        watch.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => done(), () => done());""")
        updated = watch.find_element("id", "app-updated")
        WebDriverWait(watch, 20).until(lambda _: updated.is_displayed(), "the page never offered the new version")
        # Until the person chooses, the page runs on as it was.
        assert watch.execute_script("return window.keptAcrossReloads") == "old page"
        # While the server was down for the release, the live socket's reconnects were refused (Chromium logs each):
        # expected here, so those are set aside; the server is up again, and what the page logs from now on counts.
        watch.get_log("browser")
        check_page(watch, "watch page offering an update")
        updated.click()
        WebDriverWait(watch, 20).until(lambda w: w.execute_script("return window.keptAcrossReloads") is None,
                                       "choosing the update did not reload the page")
        WebDriverWait(watch, 20).until(lambda w: w.execute_script("""
            return Boolean(navigator.serviceWorker.controller) && !document.getElementById('app-updated').checkVisibility()"""),
            "after the reload no worker controls the page, or the offer is still shown")
        # No version is left waiting: the page runs on the new one.
        assert watch.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration().then((r) => done(r.waiting === null && r.active !== null));""")
    finally:
        release.close()
