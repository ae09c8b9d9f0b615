"""Waiting for what a page shows, through page loads."""
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait


def wait_until(driver, condition, timeout=15, message="", poll=0.5):
    """Waits until condition() is true. An element read while a form's redirect lands goes stale; Chromium sometimes
    reports that as an inspector error ("Node with given id does not belong to the document") instead."""
    def check(_):
        try:
            return condition()
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise
    WebDriverWait(driver, timeout, poll_frequency=poll,
                  ignored_exceptions=[StaleElementReferenceException, NoSuchElementException]).until(check, message)


def tap(driver, element):
    """Clicks `element` as a person would on a phone: scrolled to the middle of the screen first. (WebDriver clicks
    where it stands when it is inside the window, which at phone size may be under the fixed module bar.)"""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    element.click()


def wait_stale(driver, element, timeout=20, message=""):
    """Waits until `element` has left the page (the page it was on was replaced by the next). Chromium reports an element
    of a page being replaced either as stale or as an inspector error that it "does not belong to the document": both
    mean it has gone."""
    def gone(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    WebDriverWait(driver, timeout).until(gone, message)
