"""Waiting for what a page shows, through page loads."""
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait


def page_replaced(error):
    """True when `error` is Chromium saying an element's page was replaced. It says so as a stale element, or
    sometimes as an inspector error: "Node with given id does not belong to the document"."""
    return isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error)


def wait_until(driver, condition, timeout=15, message="", poll=0.5):
    """Waits until condition() is true, through a form's redirect landing while an element is read (`page_replaced`);
    returns what it answered."""
    def check(_):
        try:
            return condition()
        except WebDriverException as error:
            if page_replaced(error):
                return False
            raise
    return WebDriverWait(driver, timeout, poll_frequency=poll,
                         ignored_exceptions=[StaleElementReferenceException, NoSuchElementException]).until(check, message)


def tap(driver, element):
    """Clicks `element` as a person would on a phone: scrolled to the middle of the screen first. (WebDriver clicks
    where it stands when it is inside the window, which at phone size may be under the fixed module bar.)"""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    element.click()


def wait_stale(driver, element, timeout=20, message=""):
    """Waits until `element` has left the page (the page it was on was replaced by the next: `page_replaced`)."""
    def gone(_):
        try:
            element.is_enabled()
            return False
        except WebDriverException as error:
            if page_replaced(error):
                return True
            raise
    WebDriverWait(driver, timeout).until(gone, message)
