"""A page of ``audiospoons web`` opened at a given window size (a phone's, with touch), for
the browser tests of the touch panel and the table."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

PHONE = (390, 844)
DESKTOP = (1280, 800)


def open_sized(browser: Browser, address: str, size: tuple[int, int], *scripts: str) -> Page:
    """The page in a window of ``size``; at ``PHONE`` size a phone's, touched, not clicked."""
    width, height = size
    phone = size == PHONE
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=phone,
                            has_touch=phone)
    for script in scripts:
        page.add_init_script(script)
    page.goto(address)
    return page
