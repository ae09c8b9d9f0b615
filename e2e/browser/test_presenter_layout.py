"""Issue 39, the presenter and the audience screen as a room sees them: the presenter is one fixed screen on a phone
with what matters always in sight, the audience choice says which state is on, and in mirror mode the notes sit
beside the slide on the screen, never over it."""
from selenium.webdriver.common.by import By

from browser.pagecheck import set_viewport
from browser.test_stage import open_tools, pair_display, position, press, screen_slide, current_slide
from browser.test_stage_seams import account, demo_talk, open_presenter, screen
from browser.waiting import wait_until


def box(driver, element_id):
    return driver.execute_script("""
        const r = document.getElementById(arguments[0]).getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };""", element_id)


def overlaps(a, b):
    return a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1 and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1


def inside_viewport(driver, rect):
    width, height = driver.execute_script("return [innerWidth, innerHeight]")
    return rect["top"] >= -0.5 and rect["left"] >= -0.5 and rect["bottom"] <= height + 0.5 and rect["right"] <= width + 0.5


def test_the_presenter_is_one_fixed_screen_on_a_phone(driver, second_driver, own_server):
    phone, display, base = driver, second_driver, own_server.base
    token = account(phone, base, "thumb")
    pair_display(phone, display, base, "Hall")
    talk_id = demo_talk(base, token)
    set_viewport(phone, 390, 844)
    open_presenter(phone, base, talk_id, 5)
    press(phone, "3", "\n")
    wait_until(phone, lambda: position(phone) == "3/5")
    wait_until(display, lambda: screen_slide(display) == current_slide(phone))

    # Nothing scrolls, on the page or by itself (it used to scroll 467 px to the notes and hide the slide).
    assert phone.execute_script("return document.documentElement.scrollHeight") <= 844
    assert phone.execute_script("return scrollY") == 0
    # Position, timer and Blank, the slide, its notes and the next slide, Back and Next: all on screen at once.
    for element_id in ("position", "timer", "blank", "more-tools", "mode", "current-frame", "notes", "next-thumb", "back", "next"):
        assert inside_viewport(phone, box(phone, element_id)), f"#{element_id} is off the screen"
    # Back and Next in the thumb zone (the lowest fifth of the screen).
    for element_id in ("back", "next"):
        assert box(phone, element_id)["top"] >= 844 * 0.8, f"#{element_id} is out of the thumb's reach"
    # "More notes" says there is more under the notes, not over their words.
    for _ in range(3):
        open_tools(phone)
        phone.find_element(By.ID, "font-up").click()
    phone.find_element(By.ID, "close-tools").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "more-notes").is_displayed(), message="no More notes at a large size")
    assert not overlaps(box(phone, "more-notes"), box(phone, "notes"))
    # End is not one stray tap away: it is in the tools, and asks.
    assert not phone.find_element(By.ID, "end").is_displayed()


def test_the_audience_choice_says_which_is_on_and_mirror_puts_the_notes_beside_the_slide(driver, second_driver, own_server):
    phone, display, base = driver, second_driver, own_server.base
    token = account(phone, base, "mirror")
    pair_display(phone, display, base, "Hall")
    set_viewport(display, 1280, 720)
    talk_id = demo_talk(base, token)
    open_presenter(phone, base, talk_id, 5)
    press(phone, "3", "\n")  # the demo's third slide: a title at the top, long notes
    wait_until(phone, lambda: position(phone) == "3/5")

    mine, slides = (phone.find_element(By.ID, f"mode-{mode}") for mode in ("mirror", "project"))
    assert mine.text == "My screen" and slides.text == "The slides"
    assert (mine.get_attribute("aria-checked"), slides.get_attribute("aria-checked")) == ("true", "false")
    wait_until(display, lambda: screen(display, "mode") == "mirror" and screen_slide(display) == current_slide(phone))
    wait_until(display, lambda: display.find_element(By.ID, "screen-mirror").is_displayed(), message="no notes in mirror mode")
    # The slide is scaled beside the notes: the notes cover none of it.
    layer = display.execute_script("""
        const r = document.querySelector('.screen-layer.visible .slide-media, .screen-layer.visible').getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };""")
    assert not overlaps(box(display, "screen-mirror"), layer), (box(display, "screen-mirror"), layer)

    slides.click()
    assert (mine.get_attribute("aria-checked"), slides.get_attribute("aria-checked")) == ("false", "true")
    wait_until(display, lambda: screen(display, "mode") == "project" and not display.find_element(By.ID, "screen-mirror").is_displayed())
