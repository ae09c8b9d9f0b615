"""What every page must pass, at every device size: no horizontal overflow, no
console errors, and no serious or critical axe-core violations."""
from axe_selenium_python import Axe

SIZES = {"watch": (176, 215), "phone": (390, 844), "desktop": (1280, 800)}


def set_viewport(driver, width, height):
    """Emulates a screen of width×height and returns once the page has been laid out for it. Chromium applies the
    override a frame or two later: measured at once, the page can still be styled by the old width's media queries
    (the desktop rail's margin) while its box already has the new width, an overflow no person ever sees."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_async_script("""
        const [width, done] = arguments;
        const deadline = performance.now() + 5000;
        const settled = () => matchMedia(`(min-width: ${width}px) and (max-width: ${width}px)`).matches;
        const check = () => settled() || performance.now() > deadline
            ? requestAnimationFrame(() => requestAnimationFrame(() => done()))
            : requestAnimationFrame(check);
        check();""", width)


def console_errors(driver, expected_status=None):
    """SEVERE console entries. A page that is meant to answer with an error status
    (the 404 page) logs that status for its own URL; only that entry is expected."""
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if expected_status:
        own = f"{driver.current_url} - Failed to load resource: the server responded with a status of {expected_status}"
        errors = [entry for entry in errors if not entry["message"].startswith(own)]
    return errors


def check_page(driver, label, expected_status=None):
    """Checks the page now loaded in `driver` at watch, phone and desktop sizes."""
    problems = []
    errors = console_errors(driver, expected_status)
    if errors:
        problems.append(f"{label}: console errors {errors}")
    for size, (width, height) in SIZES.items():
        set_viewport(driver, width, height)
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 0:
            wide = driver.execute_script("""
                const edge = document.documentElement.clientWidth;
                return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > edge + 0.5)
                    .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);""")
            problems.append(f"{label} at {size} ({width}x{height}): {overflow}px horizontal overflow {wide}")
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        for violation in serious:
            targets = [node["target"] for node in violation["nodes"]][:3]
            problems.append(f"{label} at {size}: axe {violation['id']} ({violation['impact']}): {violation['help']} {targets}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not problems, "\n".join(problems)
