"""Edit mode as a person uses it (S5, S6): open the demo talk's edit page, drag a slide and move
another up with the keyboard-friendly button, hide two, bold a word of the notes, undo twice
(the button, then Ctrl+Z), redo once (Ctrl+Shift+Z), leave edit mode; the variation then holds
exactly what those steps leave. Then a new variation from this one, one more slide hidden,
presented: the presenter shows its slide count."""
import struct
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import shown, sign_in, wait_for_path
from conftest import ARTIFACTS, api, unique_email, wait_for_import
from browser.waiting import wait_until
from browser.test_stage import open_tools

PASSWORD = "edit password 1"


def editor(driver, key):
    return driver.find_element(By.ID, "editor").get_attribute(f"data-{key}")


def settled(driver, undo=None, redo=None):
    """Waits until every change is saved (and the history has the expected depth)."""
    wait_until(driver, lambda: editor(driver, "saving") == "false"
               and (undo is None or editor(driver, "undo") == str(undo))
               and (redo is None or editor(driver, "redo") == str(redo)),
               message=f"edits never settled (undo {undo}, redo {redo}; now {editor(driver, 'undo')}/{editor(driver, 'redo')})")


def make_png(path, width=160, height=90):
    """A plain blue picture to insert."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x20\x40\xc0" * width for _ in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


def alert_text(driver):
    element = driver.find_element(By.ID, "edit-error")
    return element.text if element.is_displayed() else ""


def order(driver):
    return [item.get_attribute("data-id") for item in driver.find_elements(By.CSS_SELECTOR, "#slides > li")]


DRAG = """
const [source, target] = arguments;
const data = new DataTransfer();
const fire = (element, type) => element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
fire(source, 'dragstart'); fire(target, 'dragenter'); fire(target, 'dragover'); fire(target, 'drop'); fire(source, 'dragend');
"""

SELECT_FIRST_WORD = """
const editor = document.getElementById('notes-editor');
editor.focus();
const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
let node = walker.nextNode();
while (node && !/\\w/.test(node.data)) node = walker.nextNode();
const start = node.data.search(/\\w/);
const end = start + node.data.slice(start).search(/\\W|$/);
const range = document.createRange();
range.setStart(node, start); range.setEnd(node, end);
const selection = getSelection(); selection.removeAllRanges(); selection.addRange(range);
return node.data.slice(start, end);
"""


def test_edit_the_demo_talk_undo_redo_and_present_a_variation(driver, server, tmp_path):
    email = unique_email("editor")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Eddie", "password": PASSWORD})[0] == 201
    token = api(server, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD})[1]["token"]
    sign_in(driver, server, email, PASSWORD)
    driver.get(server + "/phone/stage/series")
    driver.find_element(By.PARTIAL_LINK_TEXT, "Demo: Hope for Today").click()
    shown(driver, ".edit-link").click()
    wait_until(driver, lambda: editor(driver, "state") == "ready", message="the edit page never loaded")
    talk_id = driver.find_element(By.ID, "editor").get_attribute("data-talk-id")
    series_id = driver.find_element(By.ID, "editor").get_attribute("data-series-id")
    status, original = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations/{talk_id}", token=token)
    assert status == 200 and original["variation"]["isOriginal"]
    ids = [slide["id"] for slide in original["slides"]]
    # The presented slides (hidden ones and the appeal slides of other kinds left out).
    presented = {entry["id"] for entry in api(server, "GET", f"/api/v1/stage/talks/{talk_id}/deck", token=token)[1]["slides"]}
    hidden_before = {slide["id"] for slide in original["slides"] if slide["hidden"]}
    a, b, c, d = ids[:4]
    rest = ids[4:]
    assert order(driver) == ids and len(ids) >= 5 and a not in hidden_before
    to_hide = [i for i in [c] + rest if i not in hidden_before][:2]  # two shown slides further down
    hidden_count = len(hidden_before) + 2
    notes_b = original["slides"][1]["notes"]["en"]

    # Drag the first slide onto the second, then move the fourth up with its button.
    items = driver.find_elements(By.CSS_SELECTOR, "#slides > li")
    driver.execute_script(DRAG, items[0], items[1])
    wait_until(driver, lambda: order(driver) == [b, a, c, d] + rest, message="dragging did not reorder")
    settled(driver, undo=1)
    driver.find_element(By.CSS_SELECTOR, "[aria-label='Move slide 4 up']").click()
    wait_until(driver, lambda: order(driver) == [b, a, d, c] + rest, message="Move up did not reorder")
    settled(driver, undo=2)

    # Hide two slides picked with their checkboxes: the buttons say they act on the two.
    assert driver.find_element(By.ID, "hide").text == "Hide"
    for slide_id in to_hide:
        driver.find_element(By.ID, f"select-{slide_id}").click()
    assert driver.find_element(By.ID, "hide").text == "Hide 2 selected"
    assert driver.find_element(By.ID, "duplicate").text == "Duplicate 2 selected"
    driver.find_element(By.ID, "hide").click()
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#slides > li.is-hidden")) == hidden_count)
    settled(driver, undo=3)

    # Bold the first word of slide 1's notes (now slide b) with the Bold button.
    driver.find_element(By.CSS_SELECTOR, "#slides > li:first-child .edit-thumb").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "notes-editor").get_attribute("data-slide") == b)
    word = driver.execute_script(SELECT_FIRST_WORD)
    driver.find_element(By.CSS_SELECTOR, ".fmt[data-command=bold]").click()
    settled(driver, undo=4)
    assert driver.find_element(By.ID, "save-state").text == "Saved"
    bolded = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations/{talk_id}", token=token)[1]
    assert f"**{word}**" in bolded["slides"][0]["notes"]["en"]

    # Undo twice (button, then Ctrl+Z): the bold and the hiding go; redo (Ctrl+Shift+Z) hides again.
    driver.find_element(By.ID, "undo").click()
    settled(driver, undo=3, redo=1)
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    settled(driver, undo=2, redo=2)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#slides > li.is-hidden")) == len(hidden_before)
    ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    settled(driver, undo=3, redo=1)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#slides > li.is-hidden")) == hidden_count

    # Look at it at phone size, check the page, then leave edit mode.
    set_viewport(driver, 390, 844)
    driver.save_screenshot(str(ARTIFACTS / "stage-edit-phone.png"))
    check_page(driver, "edit mode")
    driver.find_element(By.ID, "done").click()
    wait_for_path(driver, f"/phone/stage/series/{series_id}")

    # What the steps leave: b a d c and the rest, two more hidden, slide b's notes as imported.
    status, saved = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations/{talk_id}", token=token)
    assert status == 200
    hidden_after = hidden_before | set(to_hide)
    assert [(s["id"], s["hidden"]) for s in saved["slides"]] == [(i, i in hidden_after) for i in [b, a, d, c] + rest]
    assert saved["slides"][0]["notes"]["en"] == notes_b
    assert all(s["notes"] == o["notes"] for s in saved["slides"] for o in original["slides"] if s["id"] == o["id"])

    # A new variation from this one, one more slide hidden in it, presented.
    driver.get(f"{server}/phone/stage/talks/{talk_id}/edit")
    wait_until(driver, lambda: editor(driver, "state") == "ready")
    # Variations come after the slides, folded.
    assert not driver.find_element(By.ID, "new-name").is_displayed()
    driver.find_element(By.CSS_SELECTOR, "#variations > summary").click()
    driver.find_element(By.ID, "new-name").send_keys("Short")
    driver.find_element(By.CSS_SELECTOR, "#new-from option[value=this]").click()
    driver.find_element(By.ID, "new-variation").click()
    wait_until(driver, lambda: "variation=" in driver.current_url and editor(driver, "state") == "ready"
               and editor(driver, "variation") != talk_id, message="the new variation did not open")
    variation_id = editor(driver, "variation")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#slides > li.is-hidden")) == hidden_count

    # The demo's slides can only be hidden: Delete says so.
    driver.find_element(By.ID, "delete").click()
    wait_until(driver, lambda: "hide it instead" in alert_text(driver), message="deleting a shipped slide gave no message")
    settled(driver, undo=0)

    # Another device edits the variation while this page's connection is down (it does not hear of
    # it): hiding here gets 409, reloads and says so; then it works.
    def edit_elsewhere(text):
        revision = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations/{variation_id}", token=token)[1]["variation"]["revision"]
        status, _ = api(server, "POST", f"/api/v1/stage/talks/{talk_id}/variations/{variation_id}/edits",
                        {"revision": revision, "op": "notes", "slideId": b, "text": text}, token=token)
        assert status == 200
    driver.execute_script("const live = window.cadenceEditLive; live.stopped = true; live.socket && live.socket.close();")
    edit_elsewhere("Changed elsewhere")
    driver.find_element(By.ID, f"select-{a}").click()
    driver.find_element(By.ID, "hide").click()
    wait_until(driver, lambda: "changed on another device" in alert_text(driver), message="a conflict was not reported")
    settled(driver)
    assert "Changed elsewhere" in driver.find_element(By.ID, "notes-editor").text

    # Connected, the page takes another device's edit in by itself, without a conflict.
    driver.execute_script("const live = window.cadenceEditLive; live.stopped = false; live.connect();")
    wait_until(driver, lambda: driver.execute_script("return window.cadenceEditLive.socket.readyState") == 1,
               message="the edit page did not reconnect")
    edit_elsewhere("Changed elsewhere, twice")
    wait_until(driver, lambda: "Changed elsewhere, twice" in driver.find_element(By.ID, "notes-editor").text, timeout=20,
               message="the edit page did not show another device's edit")
    assert "another device" in driver.find_element(By.ID, "save-state").text
    driver.find_element(By.ID, f"select-{a}").click()
    driver.find_element(By.ID, "hide").click()
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#slides > li.is-hidden")) == hidden_count + 1)
    settled(driver, undo=1)
    assert alert_text(driver) == ""

    # Insert an uploaded picture after the current (first) slide.
    count = len(order(driver))
    driver.find_element(By.ID, "insert-file").send_keys(str(make_png(tmp_path / "welcome.png")))
    wait_until(driver, lambda: len(order(driver)) == count + 1, timeout=20, message="the picture was not inserted")
    settled(driver, undo=2)
    inserted = order(driver)[1]
    assert inserted not in ids
    driver.find_element(By.CSS_SELECTOR, "#variations > summary").click()
    driver.find_element(By.ID, "present").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "presented").text == "Presented now")
    listing = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations", token=token)[1]
    assert listing["active"] == variation_id
    assert {v["name"] for v in listing["variations"]} >= {"Short"}

    # Share it: the page's link downloads a variation package.
    shared = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(document.getElementById('share-variation').href).then(
            (r) => done([r.status, r.headers.get('Content-Type')]), (e) => done(String(e)));
    """)
    assert shared == [200, "application/vnd.cadence.package"], shared

    driver.get_log("browser")  # the refusals provoked above (400, 409) were checked where they happened
    driver.get(f"{server}/phone/stage/talks/{talk_id}")
    shown_count = len(presented - hidden_after - {a}) + 1  # and the inserted picture
    wait_until(driver, lambda: driver.find_element(By.ID, "position").text == f"1/{shown_count}", timeout=20,
               message=f"the presenter should show the presented variation's {shown_count} slides")

    # Another variation chosen elsewhere (another device, the API): the open presenter loads it in place.
    status, _ = api(server, "PUT", f"/api/v1/stage/talks/{talk_id}/variation", {"id": talk_id}, token=token)
    assert status == 200
    wait_until(driver, lambda: "Now presenting “Original”" in driver.find_element(By.ID, "presenter-note").text, timeout=20,
               message="the presenter did not follow the variation chosen elsewhere")
    original_deck = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/deck", token=token)[1]
    original_count = len(original_deck["slides"])
    assert driver.find_element(By.ID, "position").text == f"1/{original_count}"
    # Both variations start with slide b: its notes and its neighbour are the Original's now.
    wait_until(driver, lambda: "Changed elsewhere" not in driver.find_element(By.ID, "notes").text,
               message="the presenter kept the other variation's notes")
    next_picture = driver.find_element(By.CSS_SELECTOR, "#next-thumb .slide-media").get_attribute("src")
    assert next_picture.endswith(original_deck["slides"][1]["media"]), next_picture

    # The presenter's own picker (in its tools) switches back to the variation; the deck follows.
    open_tools(driver)
    picker = driver.find_element(By.ID, "variation")
    wait_until(driver, lambda: picker.is_displayed() and picker.get_attribute("value").lower() == talk_id.lower(),
               message="the presenter's variation picker should show the active one")
    check_page(driver, "presenter with the variation picker")
    Select(picker).select_by_visible_text("Short")
    wait_until(driver, lambda: driver.find_element(By.ID, "position").text == f"1/{shown_count}", timeout=20,
               message="choosing the variation on the presenter should load it")
    assert "Now presenting “Short”" in driver.find_element(By.ID, "presenter-note").text
    assert "Changed elsewhere" in driver.find_element(By.ID, "notes").text
    assert api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations", token=token)[1]["active"].lower() == variation_id.lower()


def import_deck(server, token, tmp_path, name, pictures, series_id=None):
    """A ZIP of pictures imported as a talk (into a series when given); returns the job."""
    import io
    import json as jsonlib
    import urllib.request
    import zipfile
    deck = io.BytesIO()
    with zipfile.ZipFile(deck, "w") as archive:
        for number in range(pictures):
            archive.write(make_png(tmp_path / f"{name}-{number}.png", width=160 + number, height=90), f"{number + 1}.png")
    query = f"filename={name}.zip" + (f"&seriesId={series_id}" if series_id else f"&seriesTitle={name}")
    request = urllib.request.Request(f"{server}/api/v1/stage/imports?{query}", data=deck.getvalue(), method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/zip"})
    return wait_for_import(server, token, jsonlib.loads(urllib.request.urlopen(request).read()))


def test_insert_a_slide_from_another_talk_of_the_series(driver, server, tmp_path):
    email = unique_email("insert")
    status, body = api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Ines", "password": "insert password 1"})
    assert status == 201
    token = body["token"]
    first = import_deck(server, token, tmp_path, "week-one", 2)
    series_id = api(server, "GET", f"/api/v1/stage/talks/{first['talkId']}", token=token)[1]["seriesId"]
    second = import_deck(server, token, tmp_path, "week-two", 3, series_id=series_id)
    sign_in(driver, server, email, "insert password 1")
    driver.get(f"{server}/phone/stage/talks/{second['talkId']}/edit")
    wait_until(driver, lambda: editor(driver, "state") == "ready")
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#insert-from option")) == 3,
               message="the first talk's two slides should be offered")
    check_page(driver, "edit page with another talk's slides")
    before = order(driver)
    choice = driver.find_elements(By.CSS_SELECTOR, "#insert-from option")[2]
    choice.click()
    driver.find_element(By.ID, "insert-slide").click()
    wait_until(driver, lambda: len(order(driver)) == len(before) + 1, message="the slide was not inserted")
    settled(driver)
    talk = api(server, "GET", f"/api/v1/stage/talks/{second['talkId']}", token=token)[1]
    assert len(talk["slides"]) == 4
    inserted = talk["slides"][1]
    source = api(server, "GET", f"/api/v1/stage/talks/{first['talkId']}", token=token)[1]["slides"][1]
    assert inserted["media"] == source["media"], "the copy shows the other talk's second picture"

    # Delete the inserted slide and one of the deck's own, then undo twice: both come back in place.
    full = order(driver)
    settled(driver, undo=1)
    for slide_id, depth in ((full[1], 2), (full[3], 3)):
        driver.find_element(By.ID, f"select-{slide_id}").click()
        driver.find_element(By.ID, "delete").click()
        wait_until(driver, lambda: slide_id not in order(driver), message="the slide was not deleted")
        settled(driver, undo=depth)
    assert order(driver) == [full[0], full[2]]
    driver.find_element(By.ID, "undo").click()
    settled(driver, undo=2, redo=1)
    driver.find_element(By.ID, "undo").click()
    settled(driver, undo=1, redo=2)
    assert order(driver) == full, "undo should bring deleted slides back where they were"
    assert alert_text(driver) == ""
    talk = api(server, "GET", f"/api/v1/stage/talks/{second['talkId']}", token=token)[1]
    assert [s["id"] for s in talk["slides"]] == full
    assert talk["slides"][1]["media"] == source["media"]
    driver.find_element(By.ID, "redo").click()
    settled(driver, undo=2, redo=1)
    assert order(driver) == [full[0], full[2], full[3]], "redo deletes the inserted slide again"

    # Edited notes are rich: the presenter shows the bold word in bold, not between asterisks.
    talk = api(server, "GET", f"/api/v1/stage/talks/{second['talkId']}", token=token)[1]
    variation = talk["variation"]
    status, _ = api(server, "POST", f"/api/v1/stage/talks/{second['talkId']}/variations/{variation['id']}/edits",
                    {"revision": variation["revision"], "op": "notes", "slideId": talk["slides"][0]["id"],
                     "text": "Start **slowly**\n- then *faster*"}, token=token)
    assert status == 200
    driver.get(f"{server}/phone/stage/talks/{second['talkId']}")
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#notes b").text == "slowly", timeout=20,
               message="the bold word should be drawn in bold")
    assert "**" not in driver.find_element(By.ID, "notes").text
    assert driver.find_element(By.CSS_SELECTOR, "#notes i").text == "faster"


def test_the_slide_tools_act_on_the_ticked_slides_not_the_current_one(driver, server):
    """Defect: ticking slide 3 and pressing Duplicate copied slide 1, the current one."""
    email = unique_email("duplicator")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Di", "password": PASSWORD})[0] == 201
    token = api(server, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD})[1]["token"]
    sign_in(driver, server, email, PASSWORD)
    series = api(server, "GET", "/api/v1/stage/series", token=token)[1]
    demo = next(s for s in series if s["isDemo"])
    talk_id = api(server, "GET", f"/api/v1/stage/series/{demo['id']}", token=token)[1]["talks"][0]["id"]
    driver.get(f"{server}/phone/stage/talks/{talk_id}/edit")
    wait_until(driver, lambda: editor(driver, "state") == "ready")
    ids = order(driver)
    third = ids[2]
    driver.find_element(By.ID, f"select-{third}").click()
    assert driver.find_element(By.ID, "duplicate").text == "Duplicate 1 selected"
    driver.find_element(By.ID, "duplicate").click()
    wait_until(driver, lambda: len(order(driver)) == len(ids) + 1, message="nothing was duplicated")
    settled(driver, undo=1)
    saved = api(server, "GET", f"/api/v1/stage/talks/{talk_id}/variations/{talk_id}", token=token)[1]["slides"]
    copy = next(s for s in saved if s["id"] not in ids)
    original_third = next(s for s in saved if s["id"] == third)
    first = next(s for s in saved if s["id"] == ids[0])
    assert copy["notes"] == original_third["notes"] and copy["notes"] != first["notes"], "the copy is not of slide 3"
    assert driver.find_element(By.ID, "duplicate").text == "Duplicate"  # the ticks are cleared after
