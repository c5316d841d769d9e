"""gm_helfer – Begleiter für Spielleiter deutscher Pen-and-Paper-Rollenspiele."""
