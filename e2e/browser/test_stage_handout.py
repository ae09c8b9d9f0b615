"""The handout as a person gets it: from the talk picker, open the PDF (its first page is kept
as a PNG in e2e/artifacts, made with pdftoppm) and e-mail it to yourself; the mail arrives over
SMTP with the PDF attached."""
import base64
import shutil
import subprocess

from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_accounts import shown, sign_in
from conftest import ARTIFACTS, api, unique_email


def test_open_and_email_the_handout_of_the_demo_talk(driver, server, inbox):
    email = unique_email("handout")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Hana", "password": "handout password 1"})[0] == 201
    sign_in(driver, server, email, "handout password 1")
    driver.get(server + "/phone/stage/series")
    driver.find_element(By.PARTIAL_LINK_TEXT, "Demo: Hope for Today").click()
    shown(driver, ".handout-links a")
    check_page(driver, "talk picker with handout links")

    link = driver.find_element(By.CSS_SELECTOR, ".handout-links a")
    pdf = driver.execute_async_script("""
        const [href, done] = arguments;
        fetch(href).then(async (r) => {
            const bytes = new Uint8Array(await r.arrayBuffer());
            let text = ''; for (const b of bytes) text += String.fromCharCode(b);
            done({ type: r.headers.get('Content-Type'), data: btoa(text) });
        }, (e) => done({ error: String(e) }));
    """, link.get_attribute("href"))
    assert pdf.get("type") == "application/pdf", pdf
    data = base64.b64decode(pdf["data"])
    assert data.startswith(b"%PDF-")
    path = ARTIFACTS / "stage-handout.pdf"
    path.write_bytes(data)
    assert shutil.which("pdftoppm"), "poppler-utils (pdftoppm) is needed to look at the handout"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", str(path), str(ARTIFACTS / "stage-handout-page")], check=True)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    # Lines wrap wherever the embedded font's widths put the break: compare with whitespace flattened.
    assert "Welcome everyone, and thank you for coming tonight." in " ".join(text.split())

    driver.find_element(By.CSS_SELECTOR, ".handout-links button").click()
    notice = shown(driver, "p.notice")
    assert f"was sent to {email}" in notice.text
    message = inbox.wait_for(email)
    assert "Content-Type: application/pdf" in message
    assert "hope-for-today-handout.pdf" in message
