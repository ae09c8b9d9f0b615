"""The interface in the person's language, page by page, in real headless Chromium against the real server.

A crawler walks every page a signed-in person reaches by following links from the phone home page (and the
signed-out pages), waits for the page scripts to finish drawing, and reads every visible text and label:
- in the pseudo language (account setting "qps"), every message is wrapped in ⟦ ⟧, so any visible word outside the
  markers is text that skipped the catalogues — except user content, content marked with its own `lang`, and the
  month and day names the locale itself writes;
- in Spanish (account setting), no English message of the catalogue shows, and pages say `<html lang="es">`;
- in English (no setting, the browser's Accept-Language), no Spanish message shows.
"""
import json
import re
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser.pagecheck import check_page
from browser.test_accounts import sign_in
from conftest import api, unique_email

LOCALES = Path(__file__).resolve().parents[2] / "Sources" / "Web" / "Resources" / "locales"
PASSWORD = "languages password 1"
NAME = "Quinn Zorro"
# What this person typed, and the demo series every account is given (content in its own languages, made once):
# shown as written in any interface language.
CONTENT = ["Zeta talk", "Zeta cue", "Zeta reminder", "Zeta gym", NAME, "Demo: Hope for Today", "Hope for Today", "Amazing Grace",
           "Python-urllib"]  # (the session the API sign-up made, named by its client)
# Words the locale writes itself (dates), not the catalogue.
LOCALE_WORDS = set(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august september "
    "october november december mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday "
    "am pm cadence english spanish kb mb gb tb bytes".split())
SKIP_LINK = re.compile(r"/(delete|logout)\b|/api/|\.pdf$|\.ics$|\.zip$|/static/|/dav/|/map/tiles")

VISIBLE_TEXT = """
const texts = [];
const own = (el) => el.closest('[lang]:not(html)') !== null;  // content in its own language
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode, el = node.parentElement;
  // Commands and code are typed as they are in any language.
  if (!el || el.closest('script,style,template,noscript,code,kbd,samp') || own(el)) continue;
  if (el.tagName !== 'OPTION' && el.getClientRects().length === 0) continue;
  if (el.tagName === 'OPTION' && el.closest('select').getClientRects().length === 0) continue;
  const text = node.textContent.trim();
  if (text) texts.push(text);
}
for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],img[alt],input[type=submit],input[type=button]')) {
  if (own(el) || el.getClientRects().length === 0) continue;
  for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
    const value = el.getAttribute(name);
    if (value && value.trim()) texts.push(value.trim());
  }
  if (el.tagName === 'INPUT' && el.value) texts.push(el.value);
}
texts.push(document.title);
return texts;
"""


def catalogue(code):
    return json.loads((LOCALES / f"{code}.json").read_text())


def register(base, email, language):
    """Signs up as a browser asking for `language` would (the example talk is written in it)."""
    request = urllib.request.Request(base + "/api/v1/auth/register", method="POST", data=json.dumps(
        {"email": email, "displayName": NAME, "password": PASSWORD}).encode())
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept-Language", language or "en")
    with urllib.request.urlopen(request) as response:
        assert response.status == 201
        return json.loads(response.read())["token"]


def make_person(base, language=None):
    """An account with a talk, a reminder and a place reminder of its own; its language set when asked."""
    email = unique_email("lang")
    token = register(base, email, language)
    status, topic = api(base, "POST", "/api/v1/talks/topics",
                        {"title": "Zeta talk", "duration": "10:00", "cues": [{"keyword": "Zeta cue", "time": "1:00"}]}, token=token)
    assert status == 201, topic
    status, _ = api(base, "POST", "/api/v1/spots/reminders",
                    {"title": "Zeta reminder", "due": "2027-01-20T09:00:00Z"}, token=token)
    assert status == 201
    status, _ = api(base, "POST", "/api/v1/spots/reminders",
                    {"title": "Zeta gym", "place": {"name": "Zeta gym", "latitude": 52.37, "longitude": 4.89, "radius": 150}},
                    token=token)
    assert status == 201
    if language is not None:
        status, body = api(base, "PATCH", "/api/v1/account", {"language": language}, token=token)
        assert status == 200, body
    return email


def settle(driver):
    """Waits for the page and its scripts: loaded, and no text change for half a second."""
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    previous, stable_since = None, time.time()
    deadline = time.time() + 6
    while time.time() < deadline:
        now = driver.execute_script("return document.body.innerText")
        if now != previous:
            previous, stable_since = now, time.time()
        elif time.time() - stable_since > 0.5:
            return
        time.sleep(0.1)


def crawl(driver, base, start, limit=45):
    """Every page reached from `start` by same-site links (once per route shape: /x/<id> counts once), with its
    visible texts."""
    seen_shapes, pages, queue = set(), {}, list(start)
    while queue and len(pages) < limit:
        path = queue.pop(0)
        shape = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}", "<id>", path)
        if shape in seen_shapes:
            continue
        seen_shapes.add(shape)
        driver.get(base + path)
        settle(driver)
        pages[path] = {"lang": driver.execute_script("return document.documentElement.lang"),
                       "texts": driver.execute_script(VISIBLE_TEXT)}
        for link in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
            href = link.get_attribute("href") or ""
            parsed = urlparse(href)
            if parsed.netloc != urlparse(base).netloc or link.get_dom_attribute("download") is not None:
                continue
            target = parsed.path + (("?" + parsed.query) if parsed.query else "")
            if not SKIP_LINK.search(parsed.path) and target not in pages and target not in queue:
                queue.append(target)
    return pages


def signed_in_pages(driver, base, email):
    # The map pages ask where the phone is: answer from here rather than from a network lookup.
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 52.37, "longitude": 4.89, "accuracy": 20})
    sign_in(driver, base, email, PASSWORD)
    return crawl(driver, base, ["/phone", "/account", "/phone/devices", "/phone/stage", "/phone/spots/new",
                                "/phone/tempo/run", "/phone/nothing-here"])


def words_outside_markers(text, own=()):
    for content in list(CONTENT) + list(own):
        text = text.replace(content, " ")
    # A message can hold another (a count inside a sentence): take the innermost first.
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    return [w for w in re.findall(r"[^\W\d_]{2,}", text) if w.lower() not in LOCALE_WORDS]


def leaked_words(page, own=()):
    """The words of a page outside every ⟦ ⟧: its texts are joined in document order first, since a message can
    hold a link or a bold word and so span several text nodes."""
    return words_outside_markers("\n".join(page["texts"]), own)


def test_every_visible_word_comes_from_the_catalogue(driver, server):
    base = server
    email = make_person(base, language="qps")
    pages = signed_in_pages(driver, base, email)
    assert len(pages) >= 20, sorted(pages)
    # The person's own address and the browser's name on the sessions list are theirs, not the catalogue's.
    agent = driver.execute_script("return navigator.userAgent")
    own = [email, agent] + re.findall(r"[A-Za-z]+(?:/[\d.]+)?", agent)
    leaks = {}
    for path, page in pages.items():
        assert page["lang"] == "qps", (path, page["lang"])
        words = leaked_words(page, own)
        if words:
            leaks[path] = words
    report = "\n".join(f"{path}: {words[:12]}" for path, words in sorted(leaks.items()))
    assert not leaks, f"text outside the catalogues on {len(leaks)} of {len(pages)} pages:\n{report}"


def other_language_phrases(shown, other):
    """The other language's messages that would give a page away: whole messages that differ between the two
    catalogues, placeholders cut out, of two words or more (a single word like "Plan" is the same in both)."""
    phrases = set()
    for key, text in other.items():
        if key.startswith(("unit.", "js.unit.")) or shown.get(key) == text:
            continue
        for part in re.split(r"\{\w+\}", text):
            part = part.strip(" .,:;—–-()¿?¡!…")
            if len(part.split()) >= 2 and len(part) >= 8:
                phrases.add(part)
    return phrases


def assert_in_language(pages, code, shown, other):
    phrases = other_language_phrases(shown, other)
    leaks = {}
    for path, page in pages.items():
        assert page["lang"] == code, (path, page["lang"])
        visible = "\n".join(page["texts"])
        found = [p for p in phrases if p in visible]
        if found:
            leaks[path] = found[:5]
    report = "\n".join(f"{path}: {found}" for path, found in sorted(leaks.items()))
    assert not leaks, f"the other language shows on {len(leaks)} of {len(pages)} pages:\n{report}"


def test_a_spanish_speaker_sees_spanish_everywhere(driver, server):
    base = server
    email = make_person(base, language="es")
    pages = signed_in_pages(driver, base, email)
    assert len(pages) >= 20, sorted(pages)
    assert_in_language(pages, "es", catalogue("es"), catalogue("en"))
    # The words are the catalogue's: the account page's sign-out says so in Spanish.
    driver.get_log("browser")  # (the walk's 404 page logged its own status)
    driver.get(base + "/account")
    assert "Cerrar sesión" in driver.find_element(By.CSS_SELECTOR, "form[action='/logout']").text
    driver.get(base + "/phone")
    check_page(driver, "home page in Spanish")


def test_the_browser_language_chooses_when_the_account_does_not(driver, server):
    base = server
    email = make_person(base)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": driver.execute_script("return navigator.userAgent"),
                                                            "acceptLanguage": "en-US,en;q=0.9"})
    pages = signed_in_pages(driver, base, email)
    assert_in_language(pages, "en", catalogue("en"), catalogue("es"))

    # The same browser asking for Spanish first gets Spanish, before and after signing in.
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": driver.execute_script("return navigator.userAgent"),
                                                            "acceptLanguage": "es-MX,es;q=0.9,en;q=0.5"})
    driver.get(base + "/phone")
    assert driver.execute_script("return document.documentElement.lang") == "es"
    assert "Módulos" == driver.find_element(By.CSS_SELECTOR, ".module-nav").get_attribute("aria-label")


def test_signed_out_pages_follow_the_browser(driver, server):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": driver.execute_script("return navigator.userAgent"),
                                                            "acceptLanguage": "qps"})
    pages = crawl(driver, server, ["/login", "/register", "/forgot", "/pair"], limit=10)
    leaks = {path: leaked_words(page) for path, page in pages.items()}
    leaks = {path: texts for path, texts in leaks.items() if texts}
    assert not leaks, leaks
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": driver.execute_script("return navigator.userAgent"),
                                                            "acceptLanguage": "es"})
    driver.get(server + "/login")
    assert driver.execute_script("return document.documentElement.lang") == "es"
    check_page(driver, "sign-in page in Spanish")
