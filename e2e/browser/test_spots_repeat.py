"""Repeating reminders on the page (issue 22): the form's Repeats controls make a weekly series on Monday and
Wednesday that ends after three times; the reminder says so in words; Complete moves it to its next occurrence and
lists the one checked off as done; the API and the export agree; a repeat the form cannot read is refused by name."""
from datetime import datetime, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import fill
from browser.test_spots import new_reminder_page, save_form, section_titles
from browser.test_spots_map_timeline import click, signed_in
from browser.waiting import wait_until
from conftest import ARTIFACTS, api


def visible(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css).is_displayed()


def test_a_weekly_reminder_made_on_the_form_moves_on_when_completed(driver, own_server):
    phone, base = driver, own_server.base
    token = signed_in(phone, base, "repeater")
    # Next Monday at 07:30 in the browser's zone (the test machine's).
    today = datetime.now()
    monday = (today + timedelta(days=(7 - today.weekday()) % 7 or 7)).replace(hour=7, minute=30, second=0, microsecond=0)
    wednesday = monday + timedelta(days=2)

    new_reminder_page(phone, base)
    fill(phone, title="Gym")
    phone.execute_script("document.getElementById('due').value = arguments[0]", monday.strftime("%Y-%m-%dT%H:%M"))
    repeat = Select(phone.find_element(By.ID, "repeat"))
    assert not visible(phone, "[data-repeat-detail]"), "repeat details show while it never repeats"
    repeat.select_by_value("DAILY")
    assert visible(phone, "#repeatInterval") and not visible(phone, "[data-repeat-weekly]")
    repeat.select_by_value("WEEKLY")
    assert visible(phone, "[data-repeat-weekly]")
    # Weekly starts on the due date's weekday (issue 39): Monday is ticked already.
    assert phone.find_element(By.CSS_SELECTOR, "input[name=repeatMO]").is_selected()
    assert not phone.find_element(By.CSS_SELECTOR, "input[name=repeatTU]").is_selected()
    click(phone, "input[name=repeatWE]")

    # Ending "after a number of times" without the number is refused on the page, naming it; nothing is saved.
    Select(phone.find_element(By.ID, "repeatEnds")).select_by_value("count")
    assert visible(phone, "#repeatCount") and not visible(phone, "#repeatUntil")
    save_form(phone)
    wait_until(phone, lambda: phone.find_elements(By.ID, "form-error"))
    assert "how many times" in phone.find_element(By.ID, "form-error").text
    assert phone.find_element(By.ID, "repeat").get_attribute("aria-invalid") == "true"
    assert api(base, "GET", "/api/v1/spots/reminders", token=token)[1] == []
    # What was typed is still there.
    assert Select(phone.find_element(By.ID, "repeat")).first_selected_option.get_attribute("value") == "WEEKLY"
    assert phone.find_element(By.CSS_SELECTOR, "input[name=repeatWE]").is_selected()
    fill(phone, repeatCount="3")
    phone.execute_script("document.getElementById('due').value = arguments[0]", monday.strftime("%Y-%m-%dT%H:%M"))
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url)
    assert phone.find_element(By.CSS_SELECTOR, ".spots-repeat").text == "Repeats weekly on Mon, Wed, 3 times"
    check_page(phone, "repeating reminder page")

    # The edit form shows the repeat as it was made.
    assert Select(phone.find_element(By.ID, "repeat")).first_selected_option.get_attribute("value") == "WEEKLY"
    assert phone.find_element(By.CSS_SELECTOR, "input[name=repeatMO]").is_selected()
    assert not phone.find_element(By.CSS_SELECTOR, "input[name=repeatTU]").is_selected()
    assert phone.find_element(By.ID, "repeatCount").get_attribute("value") == "3"
    set_viewport(phone, 390, 844)
    phone.execute_script("document.getElementById('spots-repeat').scrollIntoView()")
    phone.save_screenshot(str(ARTIFACTS / "spots-repeat-form-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # Complete from the list: the series stays open at Wednesday, Monday's is listed as done.
    phone.get(base + "/phone/spots")
    click(phone, "button[aria-label='Complete Gym']")
    wait_until(phone, lambda: section_titles(phone, "done-heading") == ["Gym"], message="the completed occurrence is not listed")
    assert "Gym" in section_titles(phone, "due-heading")
    check_page(phone, "spots list with a repeating reminder")

    reminders = api(base, "GET", "/api/v1/spots/reminders", token=token)[1]
    series = next(r for r in reminders if "repeatRule" in r)
    done = next(r for r in reminders if "occurrenceOf" in r)
    local = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone().replace(tzinfo=None)
    assert local(series["due"]) == wednesday
    assert local(done["occurrenceOf"]) == monday
    assert series["repeatRule"] == "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3"

    # Two more completions use up the three times: the series itself is done.
    for _ in range(2):
        status, _body = api(base, "POST", f"/api/v1/spots/reminders/{series['id']}/complete", token=token)
        assert status == 200
    reminders = api(base, "GET", "/api/v1/spots/reminders", token=token)[1]
    assert all("completedAt" in r for r in reminders) and len(reminders) == 3
