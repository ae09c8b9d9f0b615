"""The live channel as a person sees it: phone and watch in two browsers,
"find my device", and both pages reconnecting by themselves after a server restart."""
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_accounts import fill, shown, sign_in, submit, wait_for_path
from conftest import api, unique_email
from browser.waiting import wait_until


def status(driver):
    return driver.find_element(By.ID, "live-status").get_attribute("data-state")


def pair_watch(phone, watch, base, email):
    assert api(base, "POST", "/api/v1/auth/register",
               {"email": email, "displayName": "Lee Live", "password": "live password 1"})[0] == 201
    sign_in(phone, base, email, "live password 1")
    pair_with_code(phone, watch, base, "Lee's watch")


def pair_with_code(phone, watch, base, name):
    """The phone (signed in) shows a code on Devices; the watch enters it and lands on its page."""
    phone.get(base + "/phone/devices")
    phone.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/pairing'] button").click()
    code = shown(phone, "[data-testid=pairing-code]").text.replace(" ", "")
    watch.get(f"{base}/pair?role=watch")
    fill(watch, code=code, name=name)
    submit(watch)
    wait_for_path(watch, "/watch")


def test_find_my_device_and_reconnect_after_a_restart(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("live"))
    wait_until(watch, lambda: status(watch) == "online", message="the watch never came online")
    check_page(watch, "watch page, live")

    phone.get(base + "/phone/devices")
    wait_until(phone, lambda: status(phone) == "online", message="the phone never came online")
    indicator = phone.find_element(By.CSS_SELECTOR, "[data-online-for]")
    wait_until(phone, lambda: indicator.text == "Online now", message="the phone never saw the watch online")
    check_page(phone, "devices page, live")

    phone.find_element(By.CSS_SELECTOR, "[data-find]").click()
    wait_until(watch, lambda: "found" in watch.find_element(By.TAG_NAME, "body").get_attribute("class"),
               message="the watch did not flash")
    assert "Found!" in watch.find_element(By.ID, "find-notice").text
    seq_before = int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-live-seq"))

    own_server.stop()
    wait_until(watch, lambda: status(watch) == "offline", message="the watch did not notice the server went away")
    wait_until(phone, lambda: status(phone) == "offline", message="the phone did not notice the server went away")
    own_server.start()
    wait_until(watch, lambda: status(watch) == "online", timeout=40, message="the watch did not reconnect")
    wait_until(phone, lambda: status(phone) == "online", timeout=40, message="the phone did not reconnect")

    phone.find_element(By.CSS_SELECTOR, "[data-find]").click()
    wait_until(watch, lambda: int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-live-seq")) > seq_before,
               message="the next event never reached the watch")
    # No gap: the watch resumed from its last seq, so the next event is exactly the one after it.
    assert int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-live-seq")) == seq_before + 1


def test_a_removed_watch_is_sent_back_to_pairing(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("removed"))
    wait_until(watch, lambda: status(watch) == "online")
    phone.get(base + "/phone/devices")
    phone.find_element(By.CSS_SELECTOR, ".device-list form.inline-form button").click()
    wait_for_path(watch, "/pair", timeout=10)
