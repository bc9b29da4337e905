"""The page's files, as the web server sends them: the page itself and the project's cue sounds.
Only these paths are served; anything else is not found."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from audiospoons.games.keyboards import cue_names
from audiospoons.sound.assets import sound_path

PAGE_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    **{f"/{name}": (name, "text/javascript; charset=utf-8")
       for name in ("app.js", "connection.js", "keys.js", "region.js", "sound.js", "speech.js",
                     "storage.js", "table.js", "touch.js", "voicechoice.js")},
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
}


@dataclass(frozen=True, slots=True)
class PageFile:
    body: bytes
    content_type: str


def page_file(path: str) -> PageFile | None:
    """The file at ``path`` of the web address (its query left off), or None."""
    path = path.split("?", 1)[0]
    if path in PAGE_FILES:
        name, kind = PAGE_FILES[path]
        body = resources.files("audiospoons.web").joinpath("page", name).read_bytes()
        return PageFile(body, kind)
    if path.startswith("/sounds/") and path.endswith(".wav"):
        name = path[len("/sounds/"):-len(".wav")]
        if name in cue_names():
            return PageFile(sound_path(name).read_bytes(), "audio/wav")
    return None
