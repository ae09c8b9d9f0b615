"""A calendar app beside the phone (issue 22): the person makes an app password on the devices page, a CalDAV client
(python caldav, as Thunderbird would) signs in with it, makes a list and a task there; the Spots page shows the list
and the task; completing it on the page reaches the app at its next read; removing the app on the devices page cuts
it off."""
import datetime

import caldav
import pytest
from caldav.lib.error import AuthorizationError
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_accounts import fill, shown
from browser.test_live import status
from browser.test_spots import section_titles
from browser.test_spots_map_timeline import click, signed_in
from browser.waiting import wait_stale, wait_until


def test_an_app_password_syncs_a_calendar_app_with_spots(driver, own_server):
    phone, base = driver, own_server.base
    signed_in(phone, base, "thunderbird")
    phone.get(base + "/phone/devices")
    fill(phone, name="Thunderbird")
    phone.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/app-passwords'] button").click()
    password = shown(phone, "[data-testid=app-password]").text
    url = phone.find_element(By.CSS_SELECTOR, "[data-testid=caldav-url]").text
    username = phone.find_element(By.CSS_SELECTOR, "[data-testid=caldav-username]").text
    assert url == base + "/dav/" and "@" in username and password.startswith("dvc_")
    assert "Calendar app" in phone.find_element(By.CSS_SELECTOR, ".device-list").text
    check_page(phone, "devices page with an app password")

    # The phone's Spots page is open while the app writes: it says so as it happens.
    phone.get(base + "/phone/spots")
    wait_until(phone, lambda: status(phone) == "online")
    assert not phone.find_elements(By.CSS_SELECTOR, ".spots-lists")  # one list: no list choice
    client = caldav.DAVClient(url=url, username=username, password=password)
    groceries = client.principal().make_calendar(name="Groceries", cal_id="groceries", supported_calendar_component_set=["VTODO"])
    task = groceries.save_todo(uid="oat-milk-1", summary="Oat milk", due=datetime.datetime(2031, 1, 2, 9, tzinfo=datetime.timezone.utc))
    changed = shown(phone, "#spots-changed")
    assert "calendar app" in changed.text
    changed.find_element(By.TAG_NAME, "a").click()
    wait_until(phone, lambda: phone.find_elements(By.CSS_SELECTOR, ".spots-lists a"))
    lists = [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".spots-lists a")]
    assert lists == ["All lists", "Reminders", "Groceries"]
    click(phone, ".spots-lists a[href$='list=groceries']")
    wait_until(phone, lambda: "list=groceries" in phone.current_url)
    assert section_titles(phone, "due-heading") == ["Oat milk"]
    check_page(phone, "spots list of one list")

    click(phone, "button[aria-label='Complete Oat milk']")
    wait_until(phone, lambda: section_titles(phone, "done-heading") == ["Oat milk"])
    task.load()
    assert str(task.icalendar_component["STATUS"]) == "COMPLETED"

    phone.get(base + "/phone/devices")
    before = phone.find_element(By.CSS_SELECTOR, ".device-list")
    click(phone, "button[aria-label='Remove Thunderbird']")
    # The removal is a form post answered with the devices page again: wait for that page (the old one's list goes
    # stale), then read its list once, rather than polling a list that may still be the old page's.
    wait_stale(phone, before, 30, "the removal never came back as the devices page")
    wait_until(phone, lambda: phone.find_elements(By.CSS_SELECTOR, ".device-list"), message="no device list after the removal")
    names = [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".device-name")]
    assert "Thunderbird" not in names, names
    with pytest.raises(AuthorizationError):
        caldav.DAVClient(url=url, username=username, password=password).principal()
