"""Player names and chat from the network, made safe to show and to speak, and names that
cannot deceive a listener: pure (Unicode's confusables are read from ``confusables``).

A name is normalised (NFKC) and trimmed, and refused if it:

- holds a control or format character (they can reorder or hide text, or reach a speech engine
  as markup), or one that Unicode says shows nothing (Default_Ignorable_Code_Point: the Hangul
  fillers, variation selectors, the combining grapheme joiner...);
- has more than ``NAME_LENGTH`` characters or ``NAME_WORDS`` words, or no letter or digit;
- holds a comma, semicolon, colon or "and", which would make a list of players read wrong;
- holds the word "bot" (the relay's bots are called "Bot 3" once its names run out), or any of
  ``GAME_WORDS``, the words the game's announcements say what happened with ("eliminated",
  "wins", "spoon"...), so that no name can be heard as an announcement. Words are compared as
  names are (below): "Wins" written with a Cyrillic "i" (U+0456) is "wins", and "AnnWins" is
  two words.

Two names are the same (``same_name``) when they sound or look the same: ``name_keys`` are the
name as heard (case, spaces, punctuation and accents left out, then each character taken as the
one it can be mistaken for, by Unicode's confusables) and as seen (its UTS #39 skeleton as
written, case and all, then the same). So "Ann" written with a Cyrillic "A" (U+0410) or with
a Cyrillic "A" with diaeresis (U+04D2), "A.N.N." and "ANN" are all "Ann", "B0b" is "Bob", and
"Hanna" with a Cyrillic "En" (U+041D), which looks like "H" only as a capital, is "Hanna". Chat
drops control and format characters rather than refusing the line.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from audiospoons.net.confusables import skeleton

NAME_LENGTH = 20
NAME_WORDS = 4
CHAT_LENGTH = 300

INVISIBLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
             (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
             (0xE0000, 0xE0FFF))
"""Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, the same from 15.0 to
17.0): characters a renderer shows as nothing."""

LIST_MARKS = frozenset(",;:\u060c\u061b\u3001")
"""A comma, semicolon or colon (Arabic and ideographic ones too): in a name they would make the
announcements' lists of players ("Still in: Ann, Bob.") read wrong."""

LIST_WORDS = frozenset({"and"})
"""A word that joins the names of a list: "Ann and Bob" would be heard as two players ("y",
its Spanish, is left alone: it is an initial too)."""

BOT_WORDS = frozenset({"bot", "bots"})
"""The relay's bots are named from ``bots.names.BOT_NAMES``, then "Bot 13" and so on."""

_ENGLISH = """
    eliminated wins winner winners game games grab grabs grabbed spoon spoons out round rounds
    host ready player players relay deal deals dealt dealer card cards pass passes passed draw
    draws drew pick picks picked discard discards discarded react reacts reacted reach reaches
    reached penalty point points letter letters safe signal turn play plays played razz razzes
    razzed phrase aims bounces knife left lost back says said time share shares lose loses fight
    fights fighting grip set connection you your with rightly wrongly answer slap slaps
    slapped had took
"""
_SPANISH = """
    fuera queda quedan gana ganan ganáis ganó ganador ganadora ganadores comparten partida juego
    agarra agarró agarraron agarrasteis agarrar cuchara cucharas ronda organiza listo lista
    jugador jugadora jugadores jugadoras servidor reparte carta cartas pasa pasan pasó roba robó
    robar recogió descartó reacciona reaccionó punto puntos penalización letra salvo señal juega
    jugar abuchea abucheo frase lanza devuelve responder elegir cuchillo conexión vuelto dice
    tiempo pelea pelean peleando pierde pierden póquer con motivo golpea golpeas golpeó
    recoge tenía salido llevó
"""
GAME_WORDS = frozenset({*_ENGLISH.split(), *_SPANISH.split()}) | BOT_WORDS | LIST_WORDS
"""The words the game's announcements (English and Spanish, locales/*/LC_MESSAGES) tell what
happened with, beside the names: that someone is out or wins, grabs, deals, passes, draws,
reacts, slaps a jack, had the set, is back or has left, is the host or ready, and "with", which
joins a name to its letters or points in the status lines ("con" in Spanish). Words that are
people's names too ("win", "won", "victoria", "king", "rey", "jack", "stock", "carrera") are
left out: "wins", "gana" and the like are enough."""


class BadText(ValueError):
    """A name that cannot be used, with the reason."""


def _hidden(char: str) -> bool:
    return unicodedata.category(char).startswith("C")


def _invisible(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in INVISIBLE)


def _listing(char: str) -> bool:
    return char in LIST_MARKS or skeleton(char) in LIST_MARKS


def clean_name(raw: str) -> str:
    """``raw`` as the relay keeps it, or ``BadText`` saying why it cannot be a name."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadText("a name needs a letter or a digit")
    if any(_hidden(char) for char in name):
        raise BadText("a name may not hold control or format characters")
    invisible = next((char for char in name if _invisible(char)), None)
    if invisible is not None:
        raise BadText("a name may not hold characters that show nothing, such as"
                      f" U+{ord(invisible):04X} {unicodedata.name(invisible, '')}".rstrip())
    if len(name) > NAME_LENGTH:
        raise BadText(f"a name has at most {NAME_LENGTH} characters")
    if not spoken_form(name) or not all(name_keys(name)):
        raise BadText("a name needs a letter or a digit")
    if len(name.split()) > NAME_WORDS:
        raise BadText(f"a name has at most {NAME_WORDS} words")
    word = game_word(name)
    if any(_listing(char) for char in name) or word in LIST_WORDS:
        raise BadText('a name may not hold a comma, semicolon, colon or "and": a list of'
                      " players would read wrong")
    if word in BOT_WORDS:
        raise BadText('a name may not hold "bot": it would sound like one of the relay\'s bots')
    if word is not None:
        raise BadText(f'a name may not hold the word "{word}": the game\'s announcements say'
                      " it, and the name would sound like one")
    return name


def spoken_form(name: str) -> str:
    """What a name sounds like: its letters and digits, case folded."""
    return "".join(char for char in unicodedata.normalize("NFKC", name).casefold()
                   if char.isalnum())


def _letters(text: str) -> str:
    return "".join(char for char in text if char.isalnum())


def _folded(text: str) -> str:
    """``text`` case folded and skeletoned until neither changes it (a prototype may be a
    capital, as "0" is read "O")."""
    for _ in range(4):
        again = skeleton(text.casefold()).casefold()
        if again == text:
            break
        text = again
    return text


@lru_cache(maxsize=4096)
def name_keys(name: str) -> tuple[str, str]:
    """What ``name`` is told apart by: as heard (case folded first) and as seen (its skeleton
    as written first), each then folded and without the marks, spaces and punctuation that do
    not change how it sounds. Kept for the names the relay meets again (``keys_of`` works
    them out)."""
    return keys_of(name)


def keys_of(text: str) -> tuple[str, str]:
    """``name_keys``, worked out afresh and not kept: for the pieces of a name."""
    text = unicodedata.normalize("NFKC", text)
    return _letters(_folded(text)), _letters(_folded(skeleton(text)))


def same_name(name: str, other: str) -> bool:
    """``name`` and ``other`` sound or look the same (one of their keys is the same)."""
    return not set(name_keys(name)).isdisjoint(name_keys(other))


def _pieces(text: str, *, camel: bool) -> list[str]:
    """The words of ``text``: runs of letters (with their marks) or of digits, split where a
    small letter meets a capital too if ``camel``."""
    pieces: list[str] = []
    current, last = "", ""
    for char in text:
        if unicodedata.category(char).startswith("M") and current:
            current += char
            continue
        if not char.isalnum():
            pieces.append(current)
            current, last = "", ""
            continue
        if last and (last.isdigit() != char.isdigit()
                     or (camel and last.islower() and char.isupper())):
            pieces.append(current)
            current = ""
        current, last = current + char, char
    pieces.append(current)
    return [piece for piece in pieces if piece]


@cache
def _game_keys() -> dict[str, str]:
    return {key: word for word in sorted(GAME_WORDS) for key in name_keys(word)}


_BOT_NUMBER = re.compile(r"bots?[0-9ol]*")
"""A bot's name and number as keys have them ("1" is read "l", "0" "O")."""


def game_word(name: str) -> str | None:
    """The word of ``GAME_WORDS`` that a word of ``name`` reads as, if one does ("bot" too
    for a whole name that reads as a bot's, "B.o.t 1")."""
    text = unicodedata.normalize("NFKC", name)
    words = dict.fromkeys([*_pieces(text, camel=True), *_pieces(_folded(text), camel=False)])
    keys = _game_keys()
    for word in [*words, text]:
        for key in keys_of(word):
            if _BOT_NUMBER.fullmatch(key):
                return "bot"
            if key in keys and word in words:
                return keys[key]
    return None


def clean_chat(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw)
    text = " ".join("".join(" " if _hidden(char) else char for char in text).split())
    return text[:CHAT_LENGTH]
