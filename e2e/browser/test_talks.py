"""Talks as a person gives one: write a talk on the phone, cast it, run it on the
watch (198×242) and see each keyword in order, then the summary on the phone; the
pace the watch shows through a run; and edits refused without losing what was typed."""
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import fill, shown, shows_text, submit, wait_for_path
from browser.test_live import pair_watch, status, wait_until
from browser.waiting import wait_stale
from conftest import ARTIFACTS, api, unique_email


def add_cue(phone, keyword, at):
    # By id: each listed cue also has (folded) keyword and time fields of its own.
    for field, value in (("keyword", keyword), ("time", at)):
        element = phone.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    phone.find_element(By.CSS_SELECTOR, "form[action$='/cues'] button").click()
    wait_for_cues(phone, lambda keywords: keyword in keywords)


def wait_for_cues(phone, condition):
    """Waits until the listed cue keywords satisfy `condition`. The page is replaced by a post's
    redirect: elements read mid-way may go stale, which Chromium sometimes reports as "Node with
    given id does not belong to the document" (a plain WebDriverException) rather than as a stale
    element; both mean "read again"."""
    WebDriverWait(phone, 10, ignored_exceptions=[WebDriverException]).until(
        lambda d: condition([e.text for e in d.find_elements(By.CSS_SELECTOR, ".cue-keyword")]))


def cast_talk(phone, watch, base, title, duration, cues):
    """Writes a talk on the phone's pages, casts it, and waits until the watch shows it."""
    phone.get(base + "/phone/talks")
    fill(phone, title=title, duration=duration)
    submit(phone)
    WebDriverWait(phone, 10).until(lambda d: "/phone/talks/" in d.current_url)
    for keyword, at in cues:
        add_cue(phone, keyword, at)
    phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == title)


def wake_lock(driver):
    return driver.execute_script("return document.documentElement.dataset.wakeLock")


def test_write_cast_and_run_a_talk_on_the_watch(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    watch.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "screen-wake-lock"}, "setting": "granted"})
    pair_watch(phone, watch, base, unique_email("speaker"))
    set_viewport(watch, 198, 242)
    wait_until(watch, lambda: status(watch) == "online")
    assert shown(watch, "#talk-title").text == "No topic"

    phone.get(base + "/phone/talks")
    check_page(phone, "talks page")
    fill(phone, title="Lightning talk", duration="0:20")
    submit(phone)
    WebDriverWait(phone, 10).until(lambda d: "/phone/talks/" in d.current_url)
    talk_url = phone.current_url
    # Cast waits for a cue: the watch would have nothing to show.
    cast_button = phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button")
    assert not cast_button.is_enabled()
    assert "Add a cue first" in phone.find_element(By.ID, "cast-blocked").text
    # The first cue's time is proposed: the start.
    assert phone.find_element(By.ID, "time").get_attribute("value") == "0:00"
    # A wrong time is refused with a message under the field, and what was typed stays, on the same page.
    fill(phone, keyword="Too late", time="0:25")
    phone.find_element(By.CSS_SELECTOR, "form[action$='/cues'] button").click()
    assert "after the end" in shown(phone, "#time ~ [role=alert], .cue-add [role=alert]").text
    assert phone.find_element(By.ID, "keyword").get_attribute("value") == "Too late"
    assert phone.find_element(By.ID, "time").get_attribute("aria-invalid") == "true"
    assert phone.current_url == talk_url
    add_cue(phone, "Third", "0:06")
    add_cue(phone, "First", "0")
    add_cue(phone, "Second", "0:03")
    assert [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".cue-keyword")] == ["First", "Second", "Third"]
    assert phone.current_url == talk_url, "adding cues left the talk's page"
    # With cues, Cast is offered (a watch is paired).
    assert phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button").is_enabled()
    check_page(phone, "talk page")
    # A6: change a cue in place; the list re-sorts.
    third = phone.find_elements(By.CSS_SELECTOR, ".cue-list li")[2]
    third.find_element(By.TAG_NAME, "summary").click()
    third_form = third.find_element(By.CSS_SELECTOR, "form.cue-edit-form")
    keyword = third_form.find_element(By.NAME, "keyword")
    keyword.clear()
    keyword.send_keys("Zero")
    time_input = third_form.find_element(By.NAME, "time")
    time_input.clear()
    time_input.send_keys("0:01")
    third_form.find_element(By.TAG_NAME, "button").click()
    wait_for_cues(phone, lambda keywords: keywords == ["First", "Zero", "Second"])
    # And back, so the run below reads First, Second, Third.
    zero = phone.find_elements(By.CSS_SELECTOR, ".cue-list li")[1]
    zero.find_element(By.TAG_NAME, "summary").click()
    zero_form = zero.find_element(By.CSS_SELECTOR, "form.cue-edit-form")
    zero_form.find_element(By.NAME, "keyword").clear()
    zero_form.find_element(By.NAME, "keyword").send_keys("Third")
    zero_form.find_element(By.NAME, "time").clear()
    zero_form.find_element(By.NAME, "time").send_keys("0:06")
    zero_form.find_element(By.TAG_NAME, "button").click()
    wait_for_cues(phone, lambda keywords: keywords == ["First", "Second", "Third"])

    # Refused edits keep what was typed and mark the field, as adding does.
    third = phone.find_elements(By.CSS_SELECTOR, ".cue-list li")[2]
    third.find_element(By.TAG_NAME, "summary").click()
    third_form = third.find_element(By.CSS_SELECTOR, "form.cue-edit-form")
    third_form.find_element(By.NAME, "keyword").clear()
    third_form.find_element(By.NAME, "keyword").send_keys("Wrap up")
    third_form.find_element(By.NAME, "time").clear()
    third_form.find_element(By.NAME, "time").send_keys("0:45")
    third_form.find_element(By.TAG_NAME, "button").click()
    assert "after the end" in shown(phone, "[role=alert]").text
    refused = phone.find_elements(By.CSS_SELECTOR, ".cue-list li")[2]
    assert refused.find_element(By.CSS_SELECTOR, ".cue-keyword").text == "Third"  # nothing was saved
    assert refused.find_element(By.TAG_NAME, "details").get_attribute("open") is not None
    assert refused.find_element(By.NAME, "keyword").get_attribute("value") == "Wrap up"
    assert refused.find_element(By.NAME, "keyword").get_attribute("aria-invalid") is None
    refused_time = refused.find_element(By.NAME, "time")
    assert refused_time.get_attribute("value") == "0:45"
    assert refused_time.get_attribute("aria-invalid") == "true"
    assert refused_time.get_attribute("aria-describedby") == "form-error"
    # The title and duration are changed rarely: folded until opened.
    assert not phone.find_element(By.ID, "edit-title").is_displayed()
    phone.find_element(By.CSS_SELECTOR, ".details-panel summary").click()
    fill(phone, title="Lightning talk, short", duration="0:04")
    refused_page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.CSS_SELECTOR, "#edit-duration ~ button").click()
    # The page before has an alert that says "after the end" too: wait for the new page, not for the old one's text.
    wait_stale(phone, refused_page, 20, "the refused edit never came back as a page")
    assert shows_text(phone, "[role=alert]", "would fall after the end")
    wait_until(phone, lambda: phone.find_element(By.TAG_NAME, "h1").text == "Lightning talk", message="the title changed")
    assert phone.find_element(By.ID, "edit-title").get_attribute("value") == "Lightning talk, short"
    assert phone.find_element(By.ID, "edit-duration").get_attribute("value") == "0:04"
    assert phone.find_element(By.ID, "edit-duration").get_attribute("aria-invalid") == "true"
    check_page(phone, "talk page with a refused edit")

    phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == "Lightning talk", message="the cast never reached the watch")
    watch.save_screenshot(str(ARTIFACTS / "watch-198-cast.png"))
    watch.find_element(By.ID, "talk-start").click()
    # While the talk runs the watch keeps its screen on (the speaker allowed it, as on a real watch).
    wait_until(watch, lambda: wake_lock(watch) == "held", message="the running talk did not keep the screen on")

    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "First")
    # The watch redraws when the run next changes, on the run's own clock (whole seconds from
    # the start, when every cue falls), not on a polling interval.
    started = run_started_at(phone)
    next_change = int(watch.execute_script("return document.body.dataset.nextChange"))
    assert next_change > started and (next_change - started) % 1000 == 0, (started, next_change)

    seen = []
    deadline = time.time() + 30
    while time.time() < deadline:
        keyword = watch.find_element(By.ID, "talk-keyword").text
        if keyword and (not seen or seen[-1] != keyword):
            seen.append(keyword)
            if keyword in ("Second", "Third"):
                # The phone mirrors the run live, the cue moving on by itself (only "start" was posted).
                wait_until(phone, lambda: phone_run(phone) == f"Now on the watch: {keyword}")
                watch.save_screenshot(str(ARTIFACTS / "watch-198-running.png"))
        if keyword == "Finished":
            break
        time.sleep(0.05)
    assert [k for k in seen if k != "…"] == ["First", "Second", "Third", "Finished"]
    wait_until(watch, lambda: wake_lock(watch) == "off", message="the finished talk still keeps the screen on")
    wait_until(phone, lambda: phone_run(phone) == "Now on the watch: Finished")
    assert run_steps(phone) == ["start"]
    set_viewport(watch, 176, 215)
    watch.save_screenshot(str(ARTIFACTS / "watch-176-finished.png"))
    watch.find_element(By.ID, "talk-back").click()
    assert shown(watch, "#talk-title").text == "Lightning talk"

    phone.get(phone.current_url)
    phone.find_element(By.CSS_SELECTOR, ".run-summary summary").click()
    rows = phone.find_elements(By.CSS_SELECTOR, ".run-summary tbody tr")
    assert [row.find_elements(By.TAG_NAME, "td")[0].text for row in rows] == ["First", "Second", "Third"]

    # Deleting asks first (the link is with the title and duration, folded).
    phone.find_element(By.CSS_SELECTOR, ".details-panel summary").click()
    phone.find_element(By.LINK_TEXT, "Delete this talk…").click()
    check_page(phone, "delete confirmation")
    phone.find_element(By.CSS_SELECTOR, "button.danger").click()
    wait_for_path(phone, "/phone/talks")
    assert "Lightning talk" not in phone.page_source


def test_every_pace_the_watch_shows_happens_in_a_run(driver, second_driver, own_server):
    """Green with time to spare, amber inside 10 s of the next cue, red once a pause has held
    the cue past the time the next one was due, and green again after catching up."""
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("pace"))
    wait_until(watch, lambda: status(watch) == "online")
    cast_talk(phone, watch, base, "Paced talk", "0:59", [("Open", "0"), ("Close", "0:13")])
    # The first cue shows as Start is tapped, not when the server answers, and the run starts
    # at that instant (on the server's clock as the watch reckons it) for every device.
    before, after, shown_at_once = watch.execute_script("""
        const offset = Number(document.body.dataset.clockOffset || 0);
        const before = Date.now() + offset;
        document.getElementById('talk-start').click();
        return [before, Date.now() + offset, document.getElementById('talk-keyword').textContent];
    """)
    assert shown_at_once == "Open"
    wait_until(phone, lambda: run_started_at(phone) is not None)
    assert before <= run_started_at(phone) <= after

    wait_until(watch, lambda: pace(watch) == "onTime", message="never green")  # 13 s to the next cue
    wait_until(watch, lambda: pace(watch) == "dueSoon", message="never amber")  # from 3 s in
    assert watch.find_element(By.ID, "talk-keyword").text == "Open"
    watch.find_element(By.ID, "talk-pause").click()
    # Paused, the cue stays, but the audience's clock runs on: at 13 s "Close" was due.
    wait_until(watch, lambda: pace(watch) == "overdue", timeout=20, message="never red")
    assert watch.find_element(By.ID, "talk-keyword").text == "Open"
    assert watch.find_element(By.ID, "talk-pace").text == "overdue"
    assert phone_run(phone) == "Now on the watch: Open"
    check_page(watch, "watch with an overdue cue")
    set_viewport(watch, 176, 215)
    watch.save_screenshot(str(ARTIFACTS / "watch-176-overdue.png"))
    # Skipping to the last cue catches up: the end is due at 0:59.
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: pace(watch) == "onTime", message="not green after catching up")
    assert watch.find_element(By.ID, "talk-keyword").text == "Close"
    wait_until(phone, lambda: phone_run(phone) == "Now on the watch: Close")
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Finished")
    assert pace(watch) == ""
    assert run_steps(phone) == ["start", "pause", "next", "next"]


def pace(watch):
    return watch.find_element(By.ID, "talk-running").get_attribute("data-pace")


def phone_run(phone):
    return phone.find_element(By.ID, "phone-run").text


def test_a_run_keeps_going_offline_and_its_steps_sync_later(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("offline"))
    wait_until(watch, lambda: status(watch) == "online")
    cast_talk(phone, watch, base, "Offline talk", "1:00", [("Alpha", "0"), ("Beta", "0:30"), ("Gamma", "0:50")])
    watch.find_element(By.ID, "talk-start").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Alpha")

    # The watch shows the first cue as Start is tapped; the server has the run once it answers.
    wait_until(phone, lambda: run_steps(phone) == ["start"])
    wait_until(watch, lambda: watch.execute_script(
        "return JSON.parse(localStorage.getItem('cadence.talk.cast')).run.id") is not None)

    # The server goes away (as when the network drops): the watch keeps its cue card and still takes "Next".
    own_server.stop()
    wait_until(watch, lambda: status(watch) == "offline", timeout=30)
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Beta", message="Next did nothing offline")

    # Back online, the watch sends the step it took, with the time it was taken.
    own_server.start()
    wait_until(watch, lambda: status(watch) == "online", timeout=40)
    wait_until(phone, lambda: run_steps(phone) == ["start", "next"], timeout=20, message="the offline step never reached the server")
    assert watch.find_element(By.ID, "talk-keyword").text == "Beta"


def run_started_at(browser):
    """When the cast run started, on the server's clock (ms)."""
    return browser.execute_async_script("""
        const done = arguments[0];
        fetch('/api/v1/talks/cast').then((r) => r.json())
            .then((body) => done(body.run.steps.find((s) => s.action === 'start').at))
            .catch(() => done(null));
    """)


def run_steps(browser):
    """The cast run's steps as the server has them, asked with the browser's own session."""
    return browser.execute_async_script("""
        const done = arguments[0];
        fetch('/api/v1/talks/cast').then((r) => r.json())
            .then((body) => done(body.run ? body.run.steps.map((s) => s.action) : null))
            .catch(() => done(null));
    """)


def test_the_watch_page_reloads_without_the_server_and_runs_the_talk(driver, second_driver, own_server):
    """The service worker keeps the watch's page: with the server gone, reloading it still shows the cast talk, which
    starts and takes "Next" offline; once the server is back the start and the step reach it, as one run."""
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("reload"))
    cast_talk(phone, watch, base, "Reload talk", "1:00", [("Hello", "0"), ("Goodbye", "0:40")])

    # The worker takes charge of the open page; a reload then passes the page and its scripts through it.
    wait_until(watch, lambda: watch.execute_script("return Boolean(navigator.serviceWorker.controller)"),
               message="no service worker took charge of the watch page")
    watch.refresh()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == "Reload talk")

    own_server.stop()
    watch.refresh()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == "Reload talk", timeout=20,
               message="the watch page did not load the cast talk without the server")
    watch.find_element(By.ID, "talk-start").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Hello", message="Start did nothing offline")
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Goodbye", message="Next did nothing offline")

    own_server.start()
    wait_until(phone, lambda: run_steps(phone) == ["start", "next"], timeout=40,
               message="the run started offline never reached the server")
    runs = phone.execute_async_script("""
        const done = arguments[0];
        fetch('/api/v1/talks/cast').then((r) => r.json())
            .then((cast) => fetch(`/api/v1/talks/topics/${cast.topic.id}/runs`)).then((r) => r.json())
            .then((runs) => done(runs.length)).catch((error) => done(String(error)));""")
    assert runs == 1, runs
    assert watch.find_element(By.ID, "talk-keyword").text == "Goodbye"


def overflowing(driver, selector):
    """The elements under `selector` whose content is wider than their box (cut off or spilling out)."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])]
            .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.id || e.className}: ${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`);
    """, selector)


def assert_clock_line_fits(watch):
    """The clock line stays one line: elapsed, pace and time left side by side, none cut off or overlapping."""
    line = watch.execute_script("""
        const box = document.querySelector('.cue-meta').getBoundingClientRect();
        const spans = [...document.querySelectorAll('.cue-meta > span')].map((s) => s.getBoundingClientRect());
        return { box: [box.left, box.right], spans: spans.map((r) => [r.left, r.right, r.top, r.bottom]) };""")
    spans = line["spans"]
    assert all(left >= line["box"][0] - 0.5 and right <= line["box"][1] + 0.5 for left, right, _, _ in spans), line
    assert all(a[1] <= b[0] + 0.5 for a, b in zip(spans, spans[1:])), line
    assert all(top < spans[0][3] and bottom > spans[0][2] for _, _, top, bottom in spans), line


def test_the_cue_card_in_spanish_fits_the_watch(driver, second_driver, own_server):
    """Issue 23: with the account in Spanish the watch's cue card speaks Spanish (the talk's title and keywords stay
    as typed) and its words fit the smallest watch (176×215): the clock line, the pace and the buttons."""
    phone, watch, base = driver, second_driver, own_server.base
    email = unique_email("habla")
    pair_watch(phone, watch, base, email)
    status_code, body = api(base, "POST", "/api/v1/auth/login", {"email": email, "password": "live password 1"})
    assert status_code == 200, body
    assert api(base, "PATCH", "/api/v1/account", {"language": "es"}, body["token"])[0] == 200
    set_viewport(watch, 176, 215)
    watch.refresh()
    wait_until(watch, lambda: status(watch) == "online")
    assert watch.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert shown(watch, "#talk-title").text == "Sin tema"

    # Over ten minutes, so the time left takes its widest usual form (10:58).
    cast_talk(phone, watch, base, "Charla corta", "10:59", [("Open", "0"), ("Close", "0:13")])
    assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert watch.find_element(By.ID, "talk-duration").text == "10:59 · 2 pistas"
    watch.find_element(By.ID, "talk-start").click()
    wait_until(watch, lambda: pace(watch) == "onTime", message="never green")
    assert watch.find_element(By.ID, "talk-pace").text == "a tiempo"
    assert watch.find_element(By.ID, "talk-remaining").text.startswith("−10:5")
    assert_clock_line_fits(watch)  # "a tiempo" is the widest pace word
    wait_until(phone, lambda: phone_run(phone) == "Ahora en el reloj: Open")
    watch.find_element(By.ID, "talk-pause").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-pause").text == "Seguir")
    wait_until(watch, lambda: pace(watch) == "overdue", timeout=20, message="never red")
    assert watch.find_element(By.ID, "talk-pace").text == "tarde"
    assert not overflowing(watch, "#talk-running, #talk-running *")
    assert watch.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    watch.save_screenshot(str(ARTIFACTS / "watch-176-es-overdue.png"))
    assert_clock_line_fits(watch)
    watch.find_element(By.ID, "talk-next").click()
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Fin")
    wait_until(phone, lambda: phone_run(phone) == "Ahora en el reloj: Fin")
    check_page(watch, "watch in Spanish, finished")
