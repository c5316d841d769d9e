"""Anzeigen als ``anywidget`` – dieselbe Klasse läuft in marimo und in Jupyter.

- :class:`WuerfelAnzeige` zeigt einen :class:`gm_helfer.wuerfel.Wurf` als Würfel: jede
  Explosionskette nebeneinander, Höchstzahlen hervorgehoben, eingetippte Würfel mit ✎.
- :class:`KartenAnzeige` zeigt Spielkarten (:mod:`gm_helfer.karten`) als kleine Grafiken.
- :class:`KampfTracker` zeigt einen Kampf in Zellen (:mod:`gm_helfer.zellenkampf`):
  Reihenfolge (Karten, Ticks, Initiative), wer dran ist, Zustände, offene Entscheidungen, und
  Knöpfe für den nächsten Schritt, Rückgängig und jede offene Entscheidung. Der Zustand
  lebt im Verlauf und Protokoll des Kampfobjekts, nicht im Widget.

In marimo: ``mo.ui.anywidget(WuerfelAnzeige.aus_wurf(w))``; in Jupyter genügt das Objekt
als letzte Zeile einer Zelle. Die Widgets rechnen nichts: sie bekommen fertige Werte.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

__all__ = ["Augenwaechter", "Beschrifter", "Blickfang", "KampfTracker", "KartenAnzeige", "WuerfelAnzeige", "wurf_daten"]

_WUERFEL_JS = r"""
function render({ model, el }) {
  const zeichnen = () => {
    el.replaceChildren();
    const box = document.createElement("div");
    box.className = "gm-wuerfel";
    const kopf = document.createElement("div");
    kopf.className = "gm-wuerfel-ausdruck";
    kopf.textContent = model.get("ausdruck");
    box.appendChild(kopf);
    const reihe = document.createElement("div");
    reihe.className = "gm-wuerfel-reihe";
    model.get("wuerfe").forEach((w, i) => {
      if (i > 0 || w.vorzeichen < 0) {
        const op = document.createElement("span");
        op.className = "gm-wuerfel-op";
        op.textContent = w.vorzeichen < 0 ? "−" : "+";
        reihe.appendChild(op);
      }
      const kette = document.createElement("span");
      kette.className = "gm-wuerfel-kette";
      kette.title = `W${w.seiten}` + (w.eingetippt ? " (eingetippt)" : "");
      w.augen.forEach((a, j) => {
        const d = document.createElement("span");
        d.className = "gm-wuerfel-wuerfel" + (a === w.seiten ? " gm-wuerfel-max" : "")
          + (w.eingetippt ? " gm-wuerfel-eingetippt" : "");
        d.textContent = String(a);
        const s = document.createElement("small");
        s.textContent = `W${w.seiten}` + (j > 0 ? "!" : "");
        d.appendChild(s);
        kette.appendChild(d);
      });
      reihe.appendChild(kette);
    });
    const k = model.get("konstante");
    if (k !== 0) {
      const op = document.createElement("span");
      op.className = "gm-wuerfel-op";
      op.textContent = (k < 0 ? "− " : "+ ") + Math.abs(k);
      reihe.appendChild(op);
    }
    const gleich = document.createElement("span");
    gleich.className = "gm-wuerfel-op";
    gleich.textContent = "=";
    reihe.appendChild(gleich);
    const gesamt = document.createElement("span");
    gesamt.className = "gm-wuerfel-gesamt";
    gesamt.textContent = String(model.get("gesamt"));
    reihe.appendChild(gesamt);
    box.appendChild(reihe);
    if (model.get("eingetippt")) {
      const hinweis = document.createElement("div");
      hinweis.className = "gm-wuerfel-hinweis";
      hinweis.textContent = "✎ eingetippt";
      box.appendChild(hinweis);
    }
    el.appendChild(box);
  };
  zeichnen();
  model.on("change", zeichnen);
}
export default { render };
"""

_WUERFEL_CSS = """
.gm-wuerfel { font-family: system-ui, sans-serif; display: inline-block; padding: 4px 0; }
.gm-wuerfel-ausdruck { font-size: 0.85em; color: #555; margin-bottom: 4px; }
.gm-wuerfel-reihe { display: flex; align-items: center; flex-wrap: wrap; gap: 6px; }
.gm-wuerfel-kette { display: inline-flex; gap: 2px; }
.gm-wuerfel-wuerfel { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; min-width: 2.2em; height: 2.6em; border: 2px solid #3a6ea5;
  border-radius: 8px; font-weight: 700; font-size: 1.1em; background: #f4f8fc; color: #1b1b1b; }
.gm-wuerfel-wuerfel small { font-size: 0.55em; font-weight: 400; color: #666; }
.gm-wuerfel-max { border-color: #2f7d32; background: #e8f5e9; }
.gm-wuerfel-eingetippt { border-style: dashed; }
.gm-wuerfel-op { font-size: 1.2em; color: #444; }
.gm-wuerfel-gesamt { font-size: 1.6em; font-weight: 800; color: #1b1b1b; }
.gm-wuerfel-hinweis { font-size: 0.8em; color: #8d6e63; margin-top: 2px; }
"""

_KARTEN_JS = r"""
function render({ model, el }) {
  const zeichnen = () => {
    el.replaceChildren();
    const box = document.createElement("div");
    box.className = "gm-karten";
    model.get("karten").forEach((k) => {
      const f = document.createElement("figure");
      f.className = "gm-karte";
      f.innerHTML = k.svg;  // SVG aus gm_helfer.karten.karte_svg
      const c = document.createElement("figcaption");
      c.textContent = k.beschriftung;
      f.appendChild(c);
      box.appendChild(f);
    });
    el.appendChild(box);
  };
  zeichnen();
  model.on("change", zeichnen);
}
export default { render };
"""

_KARTEN_CSS = """
.gm-karten { display: flex; gap: 8px; flex-wrap: wrap; font-family: system-ui, sans-serif; }
.gm-karte { margin: 0; display: flex; flex-direction: column; align-items: center; }
.gm-karte figcaption { font-size: 0.75em; color: #444; max-width: 7em; text-align: center; }
"""


def wurf_daten(wurf: Any) -> dict[str, Any]:
    """Die Werte eines ``wuerfel.Wurf`` für :class:`WuerfelAnzeige` (nur JSON-Werte)."""
    wuerfe = [
        {
            "seiten": einzel.seiten,
            "augen": list(einzel.augen),
            "vorzeichen": gruppe.vorzeichen,
            "eingetippt": einzel.eingetippt,
        }
        for (gruppe, _), einzel in zip(wurf.ausdruck.einzelwuerfel(), wurf.wuerfe, strict=True)
    ]
    return {
        "ausdruck": str(wurf.ausdruck),
        "wuerfe": wuerfe,
        "konstante": wurf.ausdruck.konstante,
        "gesamt": wurf.gesamt,
        "eingetippt": wurf.eingetippt,
    }


_BLICK_JS = r"""
function render({ model, el }) {
  const punkt = document.createElement("div");
  punkt.style.height = "1px";
  el.appendChild(punkt);
  // Nach dem Schritt soll das ganze Panel im Fenster stehen: vom Handelnden („… ist am Zug“, ID
  // auf -am-zug) über die Knöpfe und die Meldung bis zu den offenen Aufgaben darunter. Passt das
  // nicht, wenigstens vom Handelnden bis zur Meldung; sonst die Meldung unten (darüber bleiben die
  // Knöpfe, die den Schritt auslösten, im Blick). Steht schon alles, bewegt sich nichts; solange
  // die Zellen darüber noch zeichnen (Diagramme), immer wieder nachsehen.
  const zeigen = (oben, kopf, unten, ende, h) => {
    if (oben < 0) { kopf.style.scrollMarginTop = "8px"; kopf.scrollIntoView({ block: "start", inline: "nearest" }); }
    else if (unten > h) ende.scrollIntoView({ block: "end", inline: "nearest" });
  };
  const blick = () => {
    const h = window.innerHeight;
    const r = punkt.getBoundingClientRect();
    const kopf = document.querySelector('[id$="-am-zug"]');
    const k = kopf ? kopf.getBoundingClientRect() : null;
    if (k && k.height > 0 && k.top <= r.top) {
      const oben = k.top - 8;
      const aufgaben = Array.from(document.querySelectorAll(".tisch-aufgaben"))
        .find((a) => { const b = a.getBoundingClientRect(); return b.top >= r.top - 2 && b.top - r.bottom < 160; });
      const a = aufgaben ? aufgaben.getBoundingClientRect() : null;
      if (a && a.bottom - oben <= h) return zeigen(oben, kopf, a.bottom, aufgaben, h);
      if (r.bottom - oben <= h) return zeigen(oben, kopf, r.bottom, punkt, h);
    }
    if (r.bottom > h || r.top < 0) punkt.scrollIntoView({ block: "end", inline: "nearest" });
  };
  // Scrollt, klickt oder tippt der Spielleiter selbst (etwa zum Lageplan weiter unten), hört der
  // Blick sofort auf – er zieht ihn nie zurück zum Panel
  const selbst = ["wheel", "touchstart", "pointerdown", "keydown"];
  const aufhoeren = () => {
    clearInterval(takt); clearTimeout(frist);
    selbst.forEach((art) => document.removeEventListener(art, aufhoeren, true));
  };
  const takt = setInterval(blick, 150);
  const frist = setTimeout(aufhoeren, model.get("warten"));
  selbst.forEach((art) => document.addEventListener(art, aufhoeren, { capture: true, passive: true }));
  return aufhoeren;
}
export default { render };
"""


class Blickfang(anywidget.AnyWidget):
    """Unsichtbar unter der Meldung eines Schritts: bringt sie ins Fenster, wenn der Schritt das
    Panel darüber wachsen ließ (die Antwort steht, wo die Augen sind – ohne zu scrollen). Passt
    das Panel ganz ins Fenster – vom Handelnden (Element mit einer ID auf ``-am-zug``) bis zu den
    offenen Aufgaben (``.tisch-aufgaben``) unter der Meldung –, zeigt es das ganze Panel. Sobald
    der Spielleiter selbst scrollt, klickt oder tippt, hört es auf (sonst zöge es ihn bis zu
    ``warten`` ms nach dem Schritt immer wieder zum Panel zurück)."""

    _esm = _BLICK_JS
    warten = traitlets.Int(6000).tag(sync=True)
    """Millisekunden, in denen jede Größenänderung der Seite den Blick wiederholt."""


_BESCHRIFT_JS = r"""
// marimo schreibt die Beschriftung eines Zahlenfelds als HTML in dessen aria-label
// („<span class=…>Modifikator</span>“), ohne Beschriftung „Number input“: der Screenreader liest
// Markup oder Englisch. Hier steht stattdessen der sichtbare Text (ohne die unsichtbaren
// Fingerabdrücke aus tisch.frisch) bzw. „Zahl“ – für jedes Zahlenfeld, das die Seite neu zeichnet.
const text = (html) => {
  const t = document.createElement("template");
  t.innerHTML = html;
  t.content.querySelectorAll("[style*='display:none'], [style*='display: none']").forEach((e) => e.remove());
  return (t.content.textContent || "").replace(/\s+/g, " ").trim();
};
// Zahlenfelder stecken auch in den Shadow-Roots anderer marimo-Elemente (Aufklapper, Reiter)
const felder = (wurzel, aus = []) => {
  for (const e of wurzel.querySelectorAll("*")) {
    if (e.tagName === "MARIMO-NUMBER") aus.push(e);
    if (e.shadowRoot) felder(e.shadowRoot, aus);
  }
  return aus;
};
const beschriften = () => {
  for (const feld of felder(document)) {
    for (const eingabe of (feld.shadowRoot ? feld.shadowRoot.querySelectorAll("input[aria-label]") : [])) {
      const alt = eingabe.getAttribute("aria-label");
      if (alt === "Number input") eingabe.setAttribute("aria-label", "Zahl");
      else if (alt.includes("<")) eingabe.setAttribute("aria-label", text(alt) || "Zahl");
    }
  }
};
function render({ el }) {
  let zeiten = [];
  const bald = () => { zeiten.forEach(clearTimeout); zeiten = [150, 600, 1500].map((ms) => setTimeout(beschriften, ms)); };
  // neue Zellausgaben (Mutationen der Seite) und Aufklappen (Klick, Taste: im Shadow-DOM, dort sieht der Beobachter nichts)
  const beobachter = new MutationObserver(bald);
  beobachter.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("click", bald, true);
  document.addEventListener("keyup", bald, true);
  bald();
  return () => {
    beobachter.disconnect(); zeiten.forEach(clearTimeout);
    document.removeEventListener("click", bald, true); document.removeEventListener("keyup", bald, true);
  };
}
export default { render };
"""


_AUGEN_JS = r"""
// Eingetippte Würfel, die der Spielleiter gleich nach einem Schritt tippt (die Spieler haben schon
// gewürfelt), während der Kernel den Schritt noch rechnet: marimo zeichnet die Würfelfelder danach
// neu (neuer Schritt → neuer Fingerabdruck in der Beschriftung, tisch.frisch) und zeigt sie leer,
// obwohl der Kernel die Augen schon bekommen hat – oder sie gingen an das alte Feld verloren. Hier:
// kommt ein Feld mit derselben Beschriftung, aber neuem Fingerabdruck leer zurück, und hat der
// Spielleiter nach seinem letzten Knopfdruck und vor höchstens WARTEN ms hineingetippt, stehen die
// Augen wieder darin und gehen noch einmal an den Kernel (wie Enter). Wer erst tippt und dann klickt
// (der gewöhnliche Weg), bekommt nach dem Schritt leere Felder wie bisher.
const WARTEN = 4000;
let letzterKnopf = 0;
const getippt = new Map();  // sichtbare Beschriftung → {wert, zeit, abdruck}
const teile = (roh) => {  // data-label: die Beschriftung als JSON-Zeichenkette (HTML)
  let html = roh || "";
  try { html = JSON.parse(html); } catch (_) { /* schon HTML */ }
  const t = document.createElement("template");
  t.innerHTML = typeof html === "string" ? html : "";
  let abdruck = "";
  t.content.querySelectorAll("[style*='display:none'], [style*='display: none']").forEach((e) => {
    abdruck += e.textContent; e.remove();
  });
  return { name: (t.content.textContent || "").replace(/\s+/g, " ").trim(), abdruck };
};
const wirt = (pfad) => pfad.find((e) => e.tagName === "MARIMO-TEXT");
const felder = (wurzel, aus = []) => {
  for (const e of wurzel.querySelectorAll("*")) {
    if (e.tagName === "MARIMO-TEXT") aus.push(e);
    if (e.shadowRoot) felder(e.shadowRoot, aus);
  }
  return aus;
};
const eingabe = (feld) => (feld.shadowRoot ? feld.shadowRoot.querySelector("input") : null) || feld.querySelector("input");
const setzen = (e, wert) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(e, wert);
  e.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  e.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", code: "Enter", keyCode: 13, bubbles: true, composed: true }));
};
const pruefen = () => {
  const jetzt = Date.now();
  for (const feld of felder(document)) {
    const { name, abdruck } = teile(feld.getAttribute("data-label"));
    const g = getippt.get(name);
    if (!g || !abdruck || g.abdruck === abdruck || g.zeit < letzterKnopf || jetzt - g.zeit > WARTEN) continue;
    const e = eingabe(feld);
    if (!e || e.value !== "") continue;
    g.abdruck = abdruck;  // einmal je neu gezeichnetem Feld
    setzen(e, g.wert);
  }
};
const getippt_merken = (ev) => {
  if (!ev.isTrusted) return;
  const pfad = ev.composedPath();
  const feld = wirt(pfad);
  const e = pfad[0];
  if (!feld || !(e instanceof HTMLInputElement)) return;
  const { name, abdruck } = teile(feld.getAttribute("data-label"));
  if (abdruck) getippt.set(name, { wert: e.value, zeit: Date.now(), abdruck });
};
const knopf_merken = (ev) => {
  if (ev.isTrusted && ev.composedPath().some((e) => e.tagName === "BUTTON")) letzterKnopf = Date.now();
};
function render({ el }) {
  let zeiten = [];
  const bald = () => { zeiten.forEach(clearTimeout); zeiten = [50, 300, 1000].map((ms) => setTimeout(pruefen, ms)); };
  const beobachter = new MutationObserver(bald);
  beobachter.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-label"] });
  document.addEventListener("input", getippt_merken, true);
  document.addEventListener("pointerdown", knopf_merken, true);
  document.addEventListener("keydown", knopf_merken, true);
  return () => {
    beobachter.disconnect(); zeiten.forEach(clearTimeout);
    document.removeEventListener("input", getippt_merken, true);
    document.removeEventListener("pointerdown", knopf_merken, true);
    document.removeEventListener("keydown", knopf_merken, true);
  };
}
export default { render };
"""


class Augenwaechter(anywidget.AnyWidget):
    """Unsichtbar, einmal je Seite (in :func:`gm_helfer.tisch.kopf`): eingetippte Würfel, die der
    Spielleiter gleich nach einem Klick tippt, solange der Kernel den Schritt noch rechnet, stehen
    nach dem Neuzeichnen der Felder wieder darin und zählen (sonst zeigte das Feld leer, während
    der Kernel die Augen schon hatte, oder sie gingen verloren). Nur für Felder mit Fingerabdruck
    (:func:`gm_helfer.tisch_bausteine.frisch`) und nur, wenn nach dem Tippen kein Knopf gedrückt
    wurde."""

    _esm = _AUGEN_JS


class Beschrifter(anywidget.AnyWidget):
    """Unsichtbar, einmal je Seite (in :func:`gm_helfer.tisch.kopf`): gibt jedem marimo-Zahlenfeld
    seine sichtbare Beschriftung als Namen für Screenreader und Tests
    (``get_by_role("spinbutton", name="Modifikator")``) statt marimos HTML oder „Number input“."""

    _esm = _BESCHRIFT_JS


class WuerfelAnzeige(anywidget.AnyWidget):
    """Ein Wurf als Würfelbilder (marimo und Jupyter).

    >>> from gm_helfer import wuerfel
    >>> WuerfelAnzeige.aus_wurf(wuerfel.wurf("W6!+2", augen="6+3")).gesamt
    11
    """

    _esm = _WUERFEL_JS
    _css = _WUERFEL_CSS

    ausdruck = traitlets.Unicode("").tag(sync=True)
    wuerfe = traitlets.List(traitlets.Dict()).tag(sync=True)
    konstante = traitlets.Int(0).tag(sync=True)
    gesamt = traitlets.Int(0).tag(sync=True)
    eingetippt = traitlets.Bool(False).tag(sync=True)

    @classmethod
    def aus_wurf(cls, wurf: Any) -> WuerfelAnzeige:
        return cls(**wurf_daten(wurf))

    def zeigen(self, wurf: Any) -> None:
        """Zeigt einen neuen Wurf im selben Widget."""
        with self.hold_sync():
            for name, wert in wurf_daten(wurf).items():
                setattr(self, name, wert)


class KartenAnzeige(anywidget.AnyWidget):
    """Spielkarten als kleine Grafiken, optional mit Beschriftung je Karte (z. B. wer sie hält)."""

    _esm = _KARTEN_JS
    _css = _KARTEN_CSS

    karten = traitlets.List(traitlets.Dict()).tag(sync=True)

    @classmethod
    def aus_karten(
        cls, karten: Iterable[Any], beschriftungen: Iterable[str] | None = None, breite: int = 56
    ) -> KartenAnzeige:
        from gm_helfer import karten as kartenmodul

        karten = list(karten)
        texte = list(beschriftungen) if beschriftungen is not None else [str(k) for k in karten]
        if len(texte) != len(karten):
            raise ValueError(
                f"{len(karten)} Karten, aber {len(texte)} Beschriftungen – es braucht gleich viele."
            )
        return cls(
            karten=[
                {"svg": kartenmodul.karte_svg(k, breite), "beschriftung": t}
                for k, t in zip(karten, texte)
            ]
        )


_TRACKER_JS = r"""
function render({ model, el }) {
  const knopf = (text, befehl, extra) => {
    const b = document.createElement("button");
    b.className = "gm-tracker-knopf" + (extra ? " " + extra : "");
    b.textContent = text;
    b.addEventListener("click", () => {
      model.set("befehl", { ...befehl, nr: (model.get("befehl").nr || 0) + 1 });
      model.save_changes();
    });
    return b;
  };
  const zeichnen = () => {
    const d = model.get("daten");
    el.replaceChildren();
    const box = document.createElement("div");
    box.className = "gm-tracker";
    const kopf = document.createElement("div");
    kopf.className = "gm-tracker-lage";
    kopf.textContent = (d.titel ? d.titel + ": " : "") + (d.lage || "");
    box.appendChild(kopf);
    if (d.sieger) {
      const s = document.createElement("div");
      s.className = "gm-tracker-sieger";
      s.textContent = "Entschieden: nur " + d.sieger + " können noch kämpfen.";
      box.appendChild(s);
    }
    const reihe = document.createElement("div");
    reihe.className = "gm-tracker-reihe";
    (d.reihenfolge || []).forEach((r) => {
      const f = document.createElement("div");
      f.className = "gm-tracker-platz" + (r.dran ? " gm-tracker-dran" : "") + (r.fertig ? " gm-tracker-fertig" : "");
      f.dataset.name = r.name;
      if (r.svg) { const k = document.createElement("div"); k.innerHTML = r.svg; f.appendChild(k); }
      const n = document.createElement("div"); n.className = "gm-tracker-name"; n.textContent = r.name; f.appendChild(n);
      if (r.info) { const i = document.createElement("small"); i.textContent = r.info; f.appendChild(i); }
      reihe.appendChild(f);
    });
    box.appendChild(reihe);
    const tab = document.createElement("table");
    tab.className = "gm-tracker-tabelle";
    const tr = document.createElement("tr");
    (d.spalten || []).forEach((s) => { const th = document.createElement("th"); th.textContent = s; tr.appendChild(th); });
    tab.appendChild(tr);
    (d.zeilen || []).forEach((z) => {
      const zeile = document.createElement("tr");
      if (z.Name === d.am_zug) zeile.className = "gm-tracker-dran";
      (d.spalten || []).forEach((s) => {
        const td = document.createElement("td"); td.textContent = z[s]; zeile.appendChild(td);
      });
      tab.appendChild(zeile);
    });
    box.appendChild(tab);
    const knoepfe = document.createElement("div");
    knoepfe.className = "gm-tracker-knoepfe";
    if (d.naechster) knoepfe.appendChild(knopf("▶ " + d.naechster, { was: "weiter" }, "gm-tracker-weiter"));
    const zurueck = knopf("↶ Rückgängig", { was: "rueckgaengig" }, "gm-tracker-rueckgaengig");
    zurueck.disabled = !d.kann_rueckgaengig;
    knoepfe.appendChild(zurueck);
    box.appendChild(knoepfe);
    if ((d.entscheidungen || []).length) {
      const o = document.createElement("div");
      o.className = "gm-tracker-offen";
      const t = document.createElement("div"); t.textContent = "Offene Entscheidungen:"; o.appendChild(t);
      d.entscheidungen.forEach((e) => {
        const b = knopf(e.text, { was: "entscheiden", schluessel: e.schluessel }, "gm-tracker-entscheidung");
        b.dataset.schluessel = e.schluessel;
        o.appendChild(b);
      });
      box.appendChild(o);
    }
    const m = document.createElement("div");
    m.className = "gm-tracker-meldung" + ((d.meldung || "").startsWith("⚠") ? " gm-tracker-warnung" : "");
    m.textContent = d.meldung || "";
    box.appendChild(m);
    const fuss = document.createElement("div");
    fuss.className = "gm-tracker-fuss";
    fuss.textContent = "Protokoll: " + (d.datei || "ohne Datei") + " · " + d.schritte + " Schritte";
    box.appendChild(fuss);
    el.appendChild(box);
  };
  zeichnen();
  model.on("change:daten", zeichnen);
}
export default { render };
"""

_TRACKER_CSS = """
.gm-tracker { font-family: system-ui, sans-serif; font-size: 0.9em; color: #1b1b1b; }
.gm-tracker-lage { font-weight: 700; font-size: 1.1em; margin-bottom: 4px; }
.gm-tracker-sieger { color: #2e7d32; font-weight: 700; }
.gm-tracker-reihe { display: flex; gap: 6px; flex-wrap: wrap; margin: 4px 0; }
.gm-tracker-platz { border: 1px solid #ccc; border-radius: 6px; padding: 2px 6px; text-align: center;
  display: flex; flex-direction: column; align-items: center; min-width: 4em; background: #fafafa; }
.gm-tracker-dran { outline: 3px solid #2e7d32; background: #e8f5e9; }
.gm-tracker-fertig { opacity: 0.45; }
.gm-tracker-name { font-weight: 600; }
.gm-tracker-tabelle { border-collapse: collapse; margin: 4px 0; }
.gm-tracker-tabelle th, .gm-tracker-tabelle td { padding: 1px 8px; text-align: left; border-bottom: 1px solid #eee; }
.gm-tracker-knoepfe, .gm-tracker-offen { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; margin: 4px 0; }
.gm-tracker-knopf { padding: 3px 10px; border-radius: 5px; border: 1px solid #3a6ea5; background: #f4f8fc; cursor: pointer; }
.gm-tracker-weiter { background: #2e7d32; color: white; border-color: #2e7d32; }
.gm-tracker-entscheidung { border-color: #c77c02; background: #fff8e1; }
.gm-tracker-meldung { color: #444; margin-top: 2px; }
.gm-tracker-warnung { color: #b23a48; }
.gm-tracker-fuss { color: #777; font-size: 0.85em; }
"""


class KampfTracker(anywidget.AnyWidget):
    """Tracker eines Kampfs in Zellen (marimo und Jupyter): Reihenfolge, Zustände, Knöpfe.

    Die Knöpfe rufen dasselbe Kampfobjekt wie die Zellen (``weiter``, ``rueckgaengig``,
    ``entscheiden``); Schritte aus Zellen erscheinen sofort im Tracker. Fehler zeigt er als
    deutsche Meldung (⚠ …). In marimo: ``mo.ui.anywidget(kampf.tracker())``.
    """

    _esm = _TRACKER_JS
    _css = _TRACKER_CSS

    daten = traitlets.Dict().tag(sync=True)
    befehl = traitlets.Dict().tag(sync=True)

    def __init__(self, kampf: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._kampf = kampf
        self.auffrischen()
        kampf.beobachten(self.auffrischen)

    @property
    def kampf(self) -> Any:
        return self._kampf

    def auffrischen(self) -> None:
        """Die Anzeige aus dem Kampfobjekt neu füllen."""
        self.daten = self._kampf.tracker_daten()

    def ausfuehren(self, was: str, schluessel: str = "") -> None:
        """Was ein Knopf auslöst: „weiter“, „rueckgaengig“ oder „entscheiden“ (mit ``schluessel``)."""
        KampfFehler = self._kampf.KAMPF_FEHLER  # noqa: N806 – die Klasse des Kampfobjekts, ohne Import

        try:
            if was == "weiter":
                self._kampf.weiter()
            elif was == "rueckgaengig":
                self._kampf.rueckgaengig()
            elif was == "entscheiden":
                self._kampf.entscheiden(schluessel)
            else:
                raise KampfFehler(f"Unbekannter Knopf „{was}“.")
        except KampfFehler as fehler:
            self._kampf.meldung = f"⚠ {fehler}"
        self.auffrischen()

    @traitlets.observe("befehl")
    def _befehl(self, aenderung: Any) -> None:
        befehl = aenderung["new"] or {}
        if befehl.get("was"):
            self.ausfuehren(str(befehl["was"]), str(befehl.get("schluessel", "")))
