"""gm_helfer – Begleiter für Spielleiter deutscher Pen-and-Paper-Rollenspiele."""

from gm_helfer import flicken as _flicken

# Der erste Import von altair im Prozess geht 2–4 s schneller (Einzelheiten: gm_helfer.flicken).
_flicken.ersten_import_beschleunigen()
