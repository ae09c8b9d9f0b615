"""Accounts as a person uses them, in real headless Chromium against the real server."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser.pagecheck import check_page
from browser.waiting import wait_stale, wait_until
from conftest import api, unique_email


def wait_for_path(driver, path, timeout=10):
    WebDriverWait(driver, timeout).until(lambda d: d.current_url.split("?")[0].endswith(path))


def shown(driver, css, timeout=10):
    """The element once the page that holds it has loaded (a submit navigates asynchronously), waiting through the
    old page being replaced while it is read (`wait_until`)."""
    visible = EC.visibility_of_element_located((By.CSS_SELECTOR, css))
    return wait_until(driver, lambda: visible(driver), timeout=timeout)


def said(driver, timeout=10):
    """What the page's snackbar says (it fades after a few seconds; its words stay for a screen reader and a test)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: d.find_element(By.ID, "snackbar").get_attribute("textContent"))


def shows_text(driver, css, expected, timeout=10):
    """True once an element matching `css` says `expected`: across a submit that reloads the page, the element found
    first may be the old page's and go stale."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: expected in d.find_element(By.CSS_SELECTOR, css).text)
    return True


def fill(driver, **fields):
    for name, value in fields.items():
        element = driver.find_element(By.NAME, name)
        element.clear()
        element.send_keys(value)


def submit(driver):
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()


def sign_in(driver, server, email, password):
    driver.get(server + "/login")
    fill(driver, email=email, password=password)
    submit(driver)
    wait_for_path(driver, "/phone")


def signed_in_account(driver, server, name, password="a person's password"):
    """A new account (an address of its own), signed in on `driver`; its API token."""
    email = unique_email(name)
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": name, "password": password})[0] == 201
    token = api(server, "POST", "/api/v1/auth/login", {"email": email, "password": password})[1]["token"]
    sign_in(driver, server, email, password)
    return token


def test_a_new_user_registers_signs_out_and_signs_back_in(driver, server):
    email = unique_email("new")
    driver.get(server)
    wait_for_path(driver, "/login")
    check_page(driver, "sign-in page")

    driver.find_element(By.LINK_TEXT, "Create an account").click()
    wait_for_path(driver, "/register")
    check_page(driver, "register page")
    fill(driver, displayName="Nadia Runner", email=email, password="a long enough password")
    submit(driver)

    wait_for_path(driver, "/phone")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Hello, Nadia Runner"
    cards = [card.text for card in driver.find_elements(By.CSS_SELECTOR, ".module-card h2")]
    assert cards == ["Talks", "Stage", "Tempo", "Spots"]
    check_page(driver, "phone home")

    # The modules are in the bar at the bottom; Sign out is inside Account.
    nav = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".module-nav a")]
    assert nav == ["Talks", "Stage", "Tempo", "Spots", "Devices"], nav
    driver.find_element(By.CSS_SELECTOR, ".account-link").click()
    wait_for_path(driver, "/account")
    assert driver.find_element(By.CSS_SELECTOR, ".account-link").get_attribute("aria-current") == "page"
    driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    wait_for_path(driver, "/login")
    driver.get(server + "/phone")
    wait_for_path(driver, "/login")  # signed out for real: home sends us back

    sign_in(driver, server, email, "a long enough password")
    assert "Hello, Nadia Runner" in driver.page_source


def test_mistakes_get_clear_messages(driver, server):
    driver.get(server + "/register")
    fill(driver, displayName="Short", email=unique_email(), password="short")
    submit(driver)
    alert = shown(driver, "[role=alert]")
    assert "at least 10 characters" in alert.text
    assert driver.find_element(By.NAME, "password").get_attribute("aria-invalid") == "true"
    check_page(driver, "register page with an error")

    driver.get(server + "/login")
    fill(driver, email=unique_email("nobody"), password="whatever it is")
    submit(driver)
    assert "do not match an account" in shown(driver, "[role=alert]").text


def test_forgot_password_sends_a_working_single_use_link(driver, server, inbox):
    email = unique_email("forgetful")
    status, _ = api(server, "POST", "/api/v1/auth/register",
                    {"email": email, "displayName": "Forgetful", "password": "original password"})
    assert status == 201

    driver.get(server + "/login")
    driver.find_element(By.LINK_TEXT, "Forgot your password?").click()
    wait_for_path(driver, "/forgot")
    check_page(driver, "forgot page")
    fill(driver, email=email)
    submit(driver)
    assert "If an account uses that address" in shown(driver, "[role=status]").text

    mail = inbox.wait_for(email)
    assert "Subject: Reset your Cadence password" in mail
    link = re.search(r"http://127\.0\.0\.1:\d+/reset\?token=[A-Za-z0-9_-]+", mail).group(0)

    driver.get(link)
    check_page(driver, "reset page")
    fill(driver, newPassword="brand new password", confirmPassword="brand new password")
    submit(driver)
    wait_for_path(driver, "/login")
    assert "password is changed" in shown(driver, "[role=status]").text

    sign_in(driver, server, email, "brand new password")

    driver.get(link)  # a second use of the same link is refused
    fill(driver, newPassword="another password!", confirmPassword="another password!")
    submit(driver)
    assert "expired or was already used" in shown(driver, "[role=alert]").text


def test_account_page_changes_the_password_and_lists_sessions(driver, server):
    email = unique_email("account")
    status, body = api(server, "POST", "/api/v1/auth/register",
                       {"email": email, "displayName": "Acc Holder", "password": "first password"})
    assert status == 201
    other_token = body["token"]

    sign_in(driver, server, email, "first password")
    driver.get(server + "/account")
    check_page(driver, "account page")
    sessions = driver.find_elements(By.CSS_SELECTOR, ".session-list li")
    assert len(sessions) == 2
    assert any("(this browser)" in s.text for s in sessions)

    fill(driver, currentPassword="first password", newPassword="second password", confirmPassword="second password")
    driver.find_element(By.CSS_SELECTOR, "form[action='/account/password'] button").click()
    assert "Password changed" in said(driver)
    assert len(driver.find_elements(By.CSS_SELECTOR, ".session-list li")) == 1
    assert api(server, "GET", "/api/v1/auth/me", token=other_token)[0] == 401


def test_the_account_page_chooses_the_language_and_units(driver, server):
    """Language and units: Español makes every page Spanish at once (with the notice in it), whatever the browser
    asks for; "Browser's language" gives the choice back to the browser."""
    from selenium.webdriver.support.ui import Select
    email = unique_email("language")
    status, body = api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Lang", "password": "language password"})
    assert status == 201
    sign_in(driver, server, email, "language password")
    driver.get(server + "/account")
    choices = Select(driver.find_element(By.ID, "language"))
    assert [o.get_attribute("lang") or None for o in choices.options] == [None, "en", "es"], "each language is named in itself"
    choices.select_by_value("es")
    Select(driver.find_element(By.ID, "units")).select_by_value("imperial")
    driver.find_element(By.CSS_SELECTOR, "form[action='/account/preferences'] button").click()
    assert "Idioma y unidades guardados." in said(driver)
    assert driver.execute_script("return document.documentElement.lang") == "es"
    assert Select(driver.find_element(By.ID, "units")).first_selected_option.get_attribute("value") == "imperial"
    check_page(driver, "account page in Spanish")
    driver.get(server + "/phone/devices")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Dispositivos"
    status, account = api(server, "GET", "/api/v1/account", token=body["token"])
    assert status == 200 and account["language"] == "es" and account["units"] == "imperial", account

    driver.get(server + "/account")
    Select(driver.find_element(By.ID, "language")).select_by_value("")
    driver.find_element(By.CSS_SELECTOR, "form[action='/account/preferences'] button").click()
    assert "Language and units saved." in said(driver)
    assert driver.execute_script("return document.documentElement.lang") == "en"


def test_the_account_page_exports_the_data_and_deletes_the_account(driver, server, inbox):
    email = unique_email("leaving")
    status, body = api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Lea", "password": "leaving password"})
    assert status == 201
    other_token = body["token"]
    sign_in(driver, server, email, "leaving password")
    driver.get(server + "/account")
    link = driver.find_element(By.LINK_TEXT, "Download my data")
    assert link.get_attribute("href").endswith("/api/v1/account/export")
    # The download as the browser fetches it, with its session cookie.
    fetched = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/v1/account/export').then(async r => done([r.status, r.headers.get('content-type'),
            new Uint8Array(await r.arrayBuffer()).slice(0, 2).join(',')])).catch(e => done(String(e)));""")
    assert fetched == [200, "application/zip", "80,75"], fetched  # "PK"

    form = "form[action='/account/delete']"

    def delete(password, confirm):
        driver.find_element(By.CSS_SELECTOR, f"{form} input[name=password]").send_keys(password)
        if confirm:
            driver.find_element(By.CSS_SELECTOR, f"{form} input[name=confirm]").click()
        button = driver.find_element(By.CSS_SELECTOR, f"{form} button")
        button.click()
        wait_stale(driver, button, 10)  # the answer is a new page

    delete("leaving password", confirm=False)
    assert "Tick the box" in shown(driver, "[role=alert]").text, "unconfirmed: nothing is deleted"
    check_page(driver, "account page with a refused deletion")
    delete("not my password", confirm=True)
    assert "not right" in shown(driver, "[role=alert]").text
    assert api(server, "GET", "/api/v1/auth/me", token=other_token)[0] == 200
    delete("leaving password", confirm=True)
    wait_for_path(driver, "/login")
    assert "were deleted" in shown(driver, "[role=status]").text
    check_page(driver, "sign-in page after a deletion")
    assert api(server, "GET", "/api/v1/auth/me", token=other_token)[0] == 401
    assert "was deleted" in inbox.wait_for(email)


def test_unknown_page_is_a_friendly_404(driver, server):
    driver.get(server + "/no-such-page")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Page not found"
    check_page(driver, "404 page", expected_status=404)
