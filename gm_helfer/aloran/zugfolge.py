"""Ansichten des Kampfs und die Zugfolge: wer handeln, sich verteidigen, abwarten, den Zug beenden darf.

Regeltext: ``regeln/aloran.txt``, Allgemeine Regeln › 2./3. Phase; SPIELABLAUF › Verteidigungsaktion,
Kampf mit zwei Waffen. Rein.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import bauen
from gm_helfer.text import anzahl, leer

from .daten import (
    REGEL,
    ZONEN,
    ZONEN_SCHLUESSEL,
)
from .optionen import Optionen
from .proben import AloranFehler
from .werte import (
    Kampfwerte,
    angriffsart,
    zweitwaffe,
)
from .zustand import (
    Kaempfer,
    Kampf,
    _offen_im_austausch,
    _zug_laeuft,
    am_zug,
    proben_abzug,
    reihenfolge,
)


def uebersicht(kampf: Kampf) -> list[dict[str, Any]]:
    """Eine Zeile je Kämpfer in Handlungsreihenfolge (für die Tabelle im Notebook); die Spalte
    „Zug“ sagt, wer am Zug ist, wer abwartet und wer in dieser Runde schon gehandelt hat."""
    zeilen = []
    jetzt = am_zug(kampf)
    for platz, gruppe in enumerate(reihenfolge(kampf), start=1):
        for k in gruppe:
            abzug = proben_abzug(k)
            verletzung = k.verletzung + (f" (−{abzug} W10)" if abzug else "")
            zeilen.append({
                "Platz": platz,
                "Name": k.name,
                "Initiative": leer(k.aktuelle_initiative),
                "Zug": _zug_text(kampf, k, jetzt),
                "Zustand": k.zustand_text(kampf.optionen) + _ausstehend_text(kampf, k.name),
                "Aktionen übrig": k.aktionen.text(),
                "Wunden": sum(k.wunden),
                "Verletzung": verletzung,
                "Ausdauer": k.ausdauer,
                "Seite": k.werte.seite,
            })
    return zeilen


def wunden_zeilen(kampf: Kampf) -> list[dict[str, Any]]:
    """Wunden je Zone und Kämpfer, mit den Schwellen (z. B. „4 / 3·6·9“)."""
    zeilen = []
    for k in kampf.kaempfer:
        ko = k.konstitution
        zeile: dict[str, Any] = {"Name": k.name, "Schwellen": f"{ko}·{2 * ko}·{3 * ko}"}
        for zone, w in zip(ZONEN, k.wunden):
            zeile[zone.name] = w
        zeilen.append(zeile)
    return zeilen


def kann_verteidigen(kampf: Kampf, name: str, verteidigung: str | None = None) -> bool:
    """Hat eine Verteidigungsaktion übrig und ist nicht wehrlos/kampfunfähig/bewusstlos.

    Ist die Verteidigungsaktion verbraucht, bleibt die Bonusaktion der Zweitwaffe – sie ist
    eine Standard-Parade mit der Zweitwaffe („Mit der Zweitwaffe kann … nur Standard-Attacken
    oder Parade durchgeführt werden.“). Mit ``verteidigung`` wird geprüft, ob genau diese
    Verteidigung noch bezahlt werden kann."""
    return _kann_verteidigen(kampf.kaempfer_namens(name), kampf.optionen, verteidigung)


def _kann_verteidigen(k: Kaempfer, optionen: Optionen, verteidigung: str | None = None) -> bool:
    """:func:`kann_verteidigen` für den schon nachgeschlagenen Kämpfer ``k``."""
    if not k.handelt or k.ist_wehrlos(optionen) or k.unparierbar > 0:
        return False
    if k.aktionen.verteidigung > 0:
        return True
    if k.aktionen.zweitwaffe <= 0:
        return False
    return verteidigung is None or verteidigung == zweitwaffen_parade(k.werte)


def zweitwaffen_parade(w: Kampfwerte) -> str | None:
    """Name der Standard-Parade mit der Zweitwaffe (``None`` ohne Zweitwaffe)."""
    zw = zweitwaffe(w)
    return f"Parade: {zw.name}" if zw is not None else None


def _zweitwaffe_pruefen(w: Kampfwerte, art_name: str) -> None:
    """Die Bonusaktion „Kampf mit zwei Waffen“ greift mit der Zweitwaffe an.

    „… ihre Nebenhand mit einer Zweitwaffe auszurüsten und dadurch eine Bonusaktion (Angriff
    oder Verteidigung) zu erhalten.“ – „Mit der Zweitwaffe kann … keine kostenpflichtigen
    Spezialisierungen, sondern nur Standard-Attacken oder Parade durchgeführt werden.“"""
    art = angriffsart(w, art_name)
    if art.art != "waffe":
        raise AloranFehler("Nur mit einer Waffe kann man als Zweitwaffe angreifen – „mit der Zweitwaffe kann … "
                           "keine kostenpflichtigen Spezialisierungen, sondern nur Standard-Attacken“.")
    zw = zweitwaffe(w)
    if zw is None:
        raise AloranFehler(f"{w.name} hat keine Zweitwaffe in der Nebenhand (Bogen: „Kampf mit zwei Waffen“ "
                           f"und eine zweite Waffe) – also keine Bonusaktion mit ihr.")
    if art.name != zw.name:
        raise AloranFehler(f"Die Bonusaktion greift mit der Zweitwaffe ({zw.name}) an, nicht ein zweites Mal "
                           f"mit „{art.name}“ (SPIELABLAUF › Kampf mit zwei Waffen).")


KAMPFUNFAEHIG_ERLAUBT = ("bewegung", "interaktion")
"""Was Kampfunfähige (nicht Bewusstlose) noch dürfen: Kriechen und verbale Äußerungen
(Allgemeine Regeln › 6. Phase); „nicht zaubern oder körperliche Talente anwenden“."""


def zug_sperre(kampf: Kampf, name: str, art: str = "kampf") -> str | None:
    """Darf ``name`` jetzt eine eigene Aktion (``art``: bewegung, kampf, interaktion) nutzen?

    ``None``: ja – er ist am Zug, er hat in seinem Zug „Abwarten“ angesagt und greift jetzt ein
    („Charaktere mit höherer Initiative können ihre Aktionen zurückhalten, um zu einem
    beliebigen Punkt der folgenden Kampfaktion einzugreifen.“), oder er hat eine sofortige
    Bonus-Kampfaktion. Sonst der deutsche Grund. Verteidigungsaktionen (Reaktionen) prüft das
    nicht – sie gehören zum Zug des Angreifers. Rein.
    """
    return _zug_sperre(kampf, kampf.kaempfer_namens(name), art)


def _zug_sperre(kampf: Kampf, k: Kaempfer, art: str = "kampf") -> str | None:
    """:func:`zug_sperre` für den schon nachgeschlagenen Kämpfer ``k``."""
    name = k.name
    if kampf.runde < 1:
        return "Der Kampf hat noch nicht begonnen: erst Initiative würfeln, dann Runde 1 beginnen."
    if not k.handelt:
        if k.kampfunfaehig and not k.bewusstlos and art in KAMPFUNFAEHIG_ERLAUBT:
            # „Kampfunfähige Charaktere können … noch agieren. Das kann von Kriechen über verbale
            # Äußerungen alles sein, was der Spielleiter zulässt.“ – außerhalb der Reihenfolge,
            # die sie überspringt („bis alle Kombatanten ihre Aktionen hatten oder kampfunfähig sind“)
            return None
        return f"{name} ist {k.zustand_text(kampf.optionen)} und kann nicht handeln."
    if k.zug == "abwartend":
        return None
    if art == "kampf" and k.sofort > 0:
        return None
    if _zug_laeuft(k):
        return None
    jetzt = am_zug(kampf)
    if name in jetzt:
        return None
    if k.zug == "fertig":
        return f"{name} hat in Runde {kampf.runde} schon gehandelt."
    wer = " und ".join(jetzt)
    ini = kampf.kaempfer_namens(jetzt[0]).aktuelle_initiative
    if ini == k.aktuelle_initiative:
        return (f"{wer} {'ist' if len(jetzt) == 1 else 'sind'} am Zug; {name} hat dieselbe Initiative "
                f"({ini}) und ist dran, sobald {wer} den Zug beendet.")
    return (f"{wer} {'ist' if len(jetzt) == 1 else 'sind'} am Zug (Initiative {ini}); {name} "
            f"(Initiative {k.aktuelle_initiative}) ist später dran. Außer der Reihe handelt nur, wer "
            f"in seinem Zug „Abwarten“ angesagt hat.")


def _reihenfolge_pruefen(kampf: Kampf, k: Kaempfer, art: str) -> None:
    grund = _zug_sperre(kampf, k, art)
    if grund is not None:
        raise AloranFehler(grund)


def _ausstehend_text(kampf: Kampf, name: str) -> str:
    """Was ``name`` aus dem offenen gleichzeitigen Austausch noch trifft (sonst ``""``)."""
    teile = [aufschub_text(f) for f in (dict(p) for p in kampf.aufgeschoben) if f["name"] == name]
    return (" · gilt nach dem gleichzeitigen Austausch: " + "; ".join(teile)) if teile else ""


def _zug_text(kampf: Kampf, k: Kaempfer, jetzt: tuple[str, ...]) -> str:
    if k.name in jetzt:
        return "am Zug (gleichzeitig)" if k.name in kampf.austausch else "am Zug"
    if k.name in kampf.austausch and k.zug == "fertig":
        return "hat gehandelt (gleichzeitig)"
    return {"abwartend": "wartet ab", "fertig": "hat gehandelt"}.get(k.zug, "")


def abwarten_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Wer am Zug ist, hält seine Aktionen zurück und greift später in der Runde ein.

    Allgemeine Regeln › 2. Phase: „Charaktere mit höherer Initiative können ihre Aktionen
    zurückhalten, um zu einem beliebigen Punkt der folgenden Kampfaktion einzugreifen. Eine
    solche Reaktion wird dann direkt nach der abgewarteten Reaktion ausgeführt.“"""
    kampf.kaempfer_namens(name)
    jetzt = am_zug(kampf)
    if name not in jetzt:
        raise AloranFehler(f"{name} ist nicht am Zug – zurückhalten kann nur, wer an der Reihe ist"
                           + (f" (jetzt: {', '.join(jetzt)})." if jetzt else "."))
    return Ereignis("abwarten", {"folgen": [{"name": name, "zug": "abwartend"}]},
                    f"{REGEL} › Allgemeine Regeln › 2. Phase - Aktionen deklarieren", False,
                    f"{name} wartet ab und greift später in Runde {kampf.runde} ein"
                    + austausch_ende_text(kampf, name))


def zug_ende_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """``name`` beendet seinen Zug; der Nächste in der Reihenfolge ist dran.

    Allgemeine Regeln › 2. Phase: „Die meisten Charaktere verfügen über 2 Aktionen und 1 Reaktion
    pro Kampfrunde“; 3. Phase: „Die Kampfrunde springt also den Initiative-Werten folgend
    durch die Phasen, bis alle Kombatanten ihre Aktionen hatten …“"""
    k = kampf.kaempfer_namens(name)
    if not _zug_laeuft(k) and k.zug != "abwartend" and name not in am_zug(kampf):
        grund = zug_sperre(kampf, name) or f"{name} ist nicht am Zug."
        raise AloranFehler(f"{name} kann seinen Zug nicht beenden: {grund}")
    return bauen(Ereignis, {"art": "zug_ende", "daten": {"folgen": [{"name": name, "zug": "fertig"}]},
                            "regel": _REGEL_ZUG_ENDE, "eingetippt": False,
                            "text": f"{name} beendet seinen Zug" + austausch_ende_text(kampf, name)})


def austausch_ende_text(kampf: Kampf, name: str) -> str:
    """Schließt ``name`` mit seinem Zug den gleichzeitigen Austausch, sagt der Text, was jetzt gilt
    (sonst ``""``)."""
    if not kampf.austausch or not set(_offen_im_austausch(kampf)) <= {name}:
        return ""
    teile = [aufschub_text(dict(paare)) for paare in kampf.aufgeschoben]
    return ("; gleichzeitiger Austausch von " + ", ".join(kampf.austausch) + " vorbei – jetzt gilt: "
            + ("; ".join(teile) if teile else "nichts"))


def aufschub_text(f: Mapping[str, Any]) -> str:
    """Eine aufgeschobene Folge in Worten (für Protokoll und Zugfeld)."""
    name = f["name"]
    if "zone" in f:
        zone = ZONEN[ZONEN_SCHLUESSEL.index(f["zone"])]
        return f"{name} {anzahl(int(f['wunden']), 'Wunde', 'Wunden')} {zone.am}"
    if "ausdauer" in f:
        return f"{name} {int(f['ausdauer'])} Ausdauer"
    if "beeintraechtigt" in f:
        return f"{name}: nächste Kampfaktion beeinträchtigt"
    return f"{name}: {anzahl(int(f['unparierbar']), 'unparierbare Attacke', 'unparierbare Attacken')}"


_REGEL_ZUG_ENDE = (f"{REGEL} › Allgemeine Regeln › 2. Phase - Aktionen deklarieren "
                   "(„2 Aktionen und 1 Reaktion pro Kampfrunde“)")
"""Der Zug endet, wenn die Aktionen der Runde verbraucht oder ausgeschlagen sind."""


