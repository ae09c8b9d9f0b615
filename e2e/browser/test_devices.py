"""Pairing a watch with a code, as a person would with two devices: the phone in
one Chromium, the watch in another."""
import re

from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_accounts import fill, shown, sign_in, submit, wait_for_path
from conftest import api, unique_email


def test_a_watch_pairs_with_the_phones_code_and_can_be_removed(driver, second_driver, server):
    email = unique_email("pairer")
    assert api(server, "POST", "/api/v1/auth/register",
               {"email": email, "displayName": "Pat Pairer", "password": "pairing password"})[0] == 201
    phone = driver
    sign_in(phone, server, email, "pairing password")
    phone.get(server + "/phone/devices")
    assert "No devices yet" in phone.page_source
    check_page(phone, "devices page")
    phone.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/pairing'] button").click()
    code = shown(phone, "[data-testid=pairing-code]").text.replace(" ", "")
    assert re.fullmatch(r"\d{6}", code)
    check_page(phone, "devices page with a code")

    watch = second_driver
    watch.get(server + "/watch")
    wait_for_path(watch, "/pair")  # an unpaired watch is sent to pair
    check_page(watch, "pair page")
    fill(watch, code="000000" if code != "000000" else "111111", name="Pat's watch")
    submit(watch)
    assert "does not match" in shown(watch, "[role=alert]").text
    fill(watch, code=code[:3] + " " + code[3:], name="Pat's watch")
    submit(watch)
    wait_for_path(watch, "/watch")
    assert shown(watch, "h1").text == "Pat's watch"
    check_page(watch, "watch page")

    phone.get(server + "/phone/devices")
    names = [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".device-name")]
    assert names == ["Pat's watch"]
    phone.find_element(By.CSS_SELECTOR, ".device-list form.inline-form button").click()
    shown(phone, ".empty-state")

    watch.refresh()
    wait_for_path(watch, "/pair")  # the revoked watch's cookie no longer works
