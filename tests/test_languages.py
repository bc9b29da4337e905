"""Every language the game speaks: a round heard in each, word for word (a list of three names,
counts that take the language's plural forms), and the built-in speech saying it with that
language's own espeak-ng voice."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_tts import assert_real_speech

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import heard
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.languages import available_languages
from audiospoons.voice.tts import language_tag

ROUND = textwrap.dedent("""
    [options]
    scoring = "sudden-death"
    [table]
    players = ["Ann", "Bob", "Cat", "Dan"]
    dealer = "Ann"
    seed = 7
    [table.hands]
    Ann = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["2.00 Ann grab", "2.40 Bob grab", "2.50 Cat grab"]
""")
"""Ann is dealt four sevens and grabs; Bob and Cat grab the other two spoons; Dan, who hears
it, is out."""

TRANSCRIPTS = {
    "en": [
        "Spoons: you against Ann, Bob, and Cat.",
        "Round 1. Ann deals. 3 spoons on the table.",
        "Your cards: king of diamonds, two of spades, nine of spades, and ten of hearts.",
        "Bob grabbed a spoon!",
        "Cat grabbed a spoon!",
        "You are eliminated.",
        "Ann had four sevens.",
        "Round 2. Bob deals. 2 spoons on the table.",
    ],
    "de": [
        "Löffelspiel: du gegen Ann, Bob und Cat.",
        "Runde 1. Ann gibt. 3 Löffel auf dem Tisch.",
        "Deine Karten: Karo-König, Pik-Zwei, Pik-Neun und Herz-Zehn.",
        "Bob schnappt sich einen Löffel!",
        "Cat schnappt sich einen Löffel!",
        "Du bist raus.",
        "Ann hatte vier Siebenen.",
        "Runde 2. Bob gibt. 2 Löffel auf dem Tisch.",
    ],
    "es": [
        "Cucharas: tú contra Ann, Bob y Cat.",
        "Ronda 1. Reparte Ann. Hay 3 cucharas en la mesa.",
        "Tus cartas: rey de diamantes, dos de picas, nueve de picas y diez de corazones.",
        "¡Bob agarró una cuchara!",
        "¡Cat agarró una cuchara!",
        "Quedas fuera.",
        "Ann tenía cuatro sietes.",
        "Ronda 2. Reparte Bob. Hay 2 cucharas en la mesa.",
    ],
    "fa": [
        "بازی قاشق: تو در برابر Ann،\u200f Bob، و Cat.",
        "دور 1. Ann پخش می\u200cکند. 3 قاشق روی میز است.",
        "کارت\u200cهایت: شاه خشت،\u200f دو پیک،\u200f نه پیک، و ده دل.",
        "Bob یک قاشق قاپید!",
        "Cat یک قاشق قاپید!",
        "حذف شدی.",
        "Ann چهار تا هفت داشت.",
        "دور 2. Bob پخش می\u200cکند. 2 قاشق روی میز است.",
    ],
    "fr": [
        "Cuillères\u00a0: toi contre Ann, Bob et Cat.",
        "Manche 1. Ann distribue. 3 cuillères sur la table.",
        "Tes cartes\u00a0: roi de carreau, deux de pique, neuf de pique et dix de cœur.",
        "Bob a pris une cuillère\u00a0!",
        "Cat a pris une cuillère\u00a0!",
        "Tu sors du jeu.",
        "Ann avait quatre sept.",
        "Manche 2. Bob distribue. 2 cuillères sur la table.",
    ],
    "pl": [
        "Łyżki: ty kontra Ann, Bob i Cat.",
        "Runda 1. Rozdaje Ann. Na stole są 3 łyżki.",
        "Twoje karty: król karo, dwójka pik, dziewiątka pik i dziesiątka kier.",
        "Bob łapie łyżkę!",
        "Cat łapie łyżkę!",
        "Odpadasz.",
        "Ann ma komplet: kareta siódemek.",
        "Runda 2. Rozdaje Bob. Na stole są 2 łyżki.",
    ],
    "pt_BR": [
        "Colheres: você contra Ann, Bob e Cat.",
        "Rodada 1. Ann dá as cartas. 3 colheres na mesa.",
        "Suas cartas: rei de ouros, dois de espadas, nove de espadas e dez de copas.",
        "Bob pegou uma colher!",
        "Cat pegou uma colher!",
        "Você está fora.",
        "Ann tinha quatro setes.",
        "Rodada 2. Bob dá as cartas. 2 colheres na mesa.",
    ],
    "ru": [
        "Ложки. Твои соперники: Ann, Bob и Cat.",
        "Раунд 1. Сдаёт Ann. На столе 3 ложки.",
        "Твои карты: король бубён, двойка пик, девятка пик и десятка червей.",
        "Bob хватает ложку!",
        "Cat хватает ложку!",
        "Ты выбываешь.",
        "У игрока Ann были четыре семёрки.",
        "Раунд 2. Сдаёт Bob. На столе 2 ложки.",
    ],
}

PLURALS = {
    "ru": ("На столе 1 ложка.", "На столе 3 ложки.", "На столе 5 ложек."),
    "pl": ("Na stole jest 1 łyżka.", "Na stole są 3 łyżki.", "Na stole jest 5 łyżek."),
}
"""Languages with three plural forms: one spoon, three, five."""


def test_every_language_has_a_transcript() -> None:
    assert sorted(TRANSCRIPTS) == sorted(available_languages())


@pytest.mark.parametrize("lang", sorted(TRANSCRIPTS))
def test_a_round_heard_in_each_language(lang: str) -> None:
    scenario = parse_scenario(ROUND)
    lines = [said.text for _, said in heard(
        scenario.new_game(), scenario.script, scenario.seat_of("Dan"), KEYBOARDS[scenario.game],
        lang=lang, verbosity=Verbosity.FULL) if isinstance(said, Utterance)]
    assert lines == TRANSCRIPTS[lang]


@pytest.mark.parametrize("lang", sorted(PLURALS))
def test_three_plural_forms(lang: str) -> None:
    words = messages(lang)
    assert tuple(words.ntr("spoons.on.table", count) for count in (1, 3, 5)) == PLURALS[lang]


RENDERS = """
import json, sys
from audiospoons.voice.tts import PhraseRenderer

folder, lines = sys.argv[1], json.loads(sys.argv[2])
out = {}
for lang, line in lines.items():
    for voice_of in (lang, "en"):
        renderer = PhraseRenderer(voice_of, folder)
        try:
            out[f"{lang}/{voice_of}"] = [list(renderer.voice.languages), str(renderer.render(line))]
        finally:
            renderer.close()
sys.stderr.write(json.dumps(out))
"""
"""Renders each language's line with its own voice and with the English one, in a process of
its own (espeak-ng keeps state from one line to the next, and pyttsx3's engines live until the
process ends)."""


def test_the_built_in_speech_says_each_language_with_its_own_voice(tmp_path: Path) -> None:
    lines = {lang: TRANSCRIPTS[lang][0] for lang in TRANSCRIPTS if lang != "en"}
    result = subprocess.run([sys.executable, "-c", RENDERS, str(tmp_path), json.dumps(lines)],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            timeout=300)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr
    renders = json.loads(result.stderr)
    for lang in lines:
        languages, said = renders[f"{lang}/{lang}"]
        wanted = language_tag(lang).split("-")[0]
        assert any(tag == wanted or tag.startswith(wanted + "-") for tag in languages), lang
        if lang == "pt_BR":
            assert "pt-br" in languages
        assert_real_speech(Path(said))
        assert Path(said).read_bytes() != Path(renders[f"{lang}/en"][1]).read_bytes(), lang
