"""Die Seite zum Ausdrucken jedes Kurses („… – Kampf auf einer Seite“) passt in Chromiums Druck
auf genau ein A4-Blatt (``page.pdf``, Seiten gezählt)."""

from __future__ import annotations

import importlib
import re

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seite(chromium_browser):
    kontext = chromium_browser.new_context(locale="de-DE")
    yield kontext.new_page()
    kontext.close()


@pytest.mark.parametrize("system", ["savage_worlds", "aloran", "zeitstrahl", "w100"])
def test_kampf_auf_einer_seite_ist_ein_a4_blatt(seite, system):
    text = importlib.import_module(f"gm_helfer.{system}.tisch.lehre").kurzreferenz()
    assert "Kampf auf einer Seite" in text
    seite.set_content(text)
    pdf = seite.pdf(format="A4", prefer_css_page_size=True)
    seiten = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert seiten == 1, f"{system}: {seiten} Seiten"
    assert seite.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 11  # ≥ 8,25 pt: noch lesbar
