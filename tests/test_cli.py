"""The ``audiospoons`` command as a user runs it: a real process, real files."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from audiospoons.cliparser import command_parser

SCENARIO = textwrap.dedent("""
    [options]
    grab_time_limit = 3
    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Andrew"
    seed = 7
    stock = ["KD", "2C"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["0.20 Chris take", "0.50 Andrew grab", "0.90 Chris grab", "1.10 Ellen grab",
             "1.20 Ellen grab"]
""")


def audiospoons(*args: str, lang: str = "C.UTF-8",
                extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command with the system language set to ``lang``."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = lang
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "audiospoons", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def test_replay_speaks_spanish_with_lang_es_or_a_spanish_system(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    spanish = audiospoons("replay", str(path), "--listener", "Chris", "--lang", "es")
    assert spanish.returncode == 0, spanish.stderr
    assert "  0.00  Ronda 1. Reparte Andrew. Hay 3 cucharas en la mesa.\n" in spanish.stdout
    assert "  0.90  ¡Agarraste una cuchara!\n" in spanish.stdout
    assert "  1.10  Debra queda fuera.\n" in spanish.stdout
    assert "  1.10  [sound spoon pan -1.00]\n" in spanish.stdout
    by_system = audiospoons("replay", str(path), "--listener", "Chris", lang="es_ES.UTF-8")
    assert by_system.stdout == spanish.stdout
    english = audiospoons("replay", str(path), "--listener", "Chris", "--lang", "en",
                          lang="es_ES.UTF-8")
    assert "  0.90  You grabbed a spoon!\n" in english.stdout


def test_replay_refuses_a_language_it_has_no_words_for(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = audiospoons("replay", str(path), "--lang", "ja")
    assert result.returncode == 2
    assert result.stderr == ("audiospoons replay: no messages in language 'ja';"
                             " there are en, de, es, fa, fr, pl, pt_BR, ru\n")


def test_brief_verbosity_leaves_out_other_players_passes(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    full = audiospoons("replay", str(path), "--listener", "Andrew")
    brief = audiospoons("replay", str(path), "--listener", "Andrew", "--verbosity", "brief")
    assert "  0.20  Chris drew a card.\n" in full.stdout
    assert "Chris drew a card." not in brief.stdout
    assert "  1.10  Debra is eliminated.\n" in brief.stdout


def test_replay_prints_the_same_bytes_every_time(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    first = audiospoons("replay", str(path))
    second = audiospoons("replay", str(path))
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert "  1.20  refused: Ellen grab: the next round has not been dealt yet\n" in first.stdout
    assert "  1.10  Debra is eliminated.\n" in first.stdout


def test_replay_for_a_listener_and_as_raw_events(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    chris = audiospoons("replay", str(path), "--listener", "chris").stdout.splitlines()
    assert "  0.20  You drew the king of diamonds." in chris
    spectator = audiospoons("replay", str(path), "--events").stdout.splitlines()
    assert "  0.20  CardTaken seat=Chris source=stock card=- forced=False" in spectator
    assert "  0.50  PhaseTwoStarted seat=Andrew" in spectator
    assert "  1.10  Eliminated seats=Debra at_once=False" in spectator
    nobody = audiospoons("replay", str(path), "--listener", "Zed")
    assert nobody.returncode == 2
    assert "there is no player 'Zed'" in nobody.stderr


def test_a_malformed_scenario_names_the_line_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.replace('"0.90 Chris grab"', '"0.90 Chris grabb"'), encoding="utf-8")
    result = audiospoons("replay", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "line 12: '0.90 Chris grabb': 'grabb' is not a command" in result.stderr
    cases = {
        "players = [": "not valid TOML",
        'seed = 7': 'seed = "seven"',
        '"KD", "2C"': '"KD", "2X"',
        'Andrew = ["7H", "7C", "7D", "7S"]': 'Andrew = ["7H", "7C"]',
        'grab_time_limit = 3': 'grab_time_limit = -3',
        '"0.20 Chris take"': '"2.20 Chris take"',
    }
    messages = {
        "players = [": "not valid TOML",
        'seed = 7': "line 7: seed must be a whole number",
        '"KD", "2C"': "line 8: stock: '2X' is not a card",
        'Andrew = ["7H", "7C", "7D", "7S"]': "Andrew is dealt 2 cards; a hand holds 4",
        'grab_time_limit = 3': "grab_time_limit must be 0 or more",
        '"0.20 Chris take"': "the script must be in time order",
    }
    for old, new in cases.items():
        text = SCENARIO.replace(old, "players = [[" if old == "players = [" else new, 1)
        path.write_text(text, encoding="utf-8")
        result = audiospoons("replay", str(path))
        assert result.returncode == 2, (old, result.stdout)
        assert messages[old] in result.stderr, result.stderr
    more = {
        '"KD", "2C"': ('"KD", "7H"', "the 7H is dealt 2 times, and this pack holds one"),
        '"7H", "7C", "7D", "7S"': ('"7H", "7C", "7D", "7X"', "line 10: Andrew: '7X' is not a card"),
        '"Chris", "Ellen"': ('"Chris Ellen", "Ellen"', "a name in a scenario is one word"),
        "lines = [": ("line = [", "unknown key 'line' in [script]"),
        '"1.20 Ellen grab"': ('"1e300 Ellen grab"', "the time must be from 0 to 86400 seconds"),
    }
    for old, (new, message) in more.items():
        path.write_text(SCENARIO.replace(old, new, 1), encoding="utf-8")
        result = audiospoons("replay", str(path))
        assert result.returncode == 2, (old, result.stdout)
        assert message in result.stderr, result.stderr
    missing = audiospoons("replay", str(tmp_path / "nowhere.toml"))
    assert missing.returncode == 2 and "cannot read the file" in missing.stderr


def test_simulate_gives_the_same_summary_for_the_same_seed() -> None:
    args = ("simulate", "--players", "5", "--games", "4", "--seed", "3",
            "--option", "scoring=letters", "--option", "word=PIG")
    first = audiospoons(*args)
    second = audiospoons(*args)
    assert first.returncode == 0, first.stderr
    strip = [line for line in first.stdout.splitlines() if not line.startswith("wall time")]
    assert strip == [line for line in second.stdout.splitlines()
                     if not line.startswith("wall time")]
    assert strip[0] == "games: 4"
    [wins] = [line.split(": ", 1)[1] for line in strip if line.startswith("wins per seat")]
    assert sum(float(part.split(": ")[-1]) for part in wins.split(", ")) == 4
    other = audiospoons("simulate", "--players", "5", "--games", "4", "--seed", "4",
                        "--option", "scoring=letters", "--option", "word=PIG")
    assert other.stdout.splitlines()[1:3] != strip[1:3]


def test_simulate_refuses_impossible_tables_and_bad_options() -> None:
    result = audiospoons("simulate", "--players", "14")
    assert result.returncode == 2
    assert "14 players with 4 cards each need 56 cards" in result.stderr
    result = audiospoons("simulate", "--option", "grabbing")
    assert result.returncode == 2 and "write key=value" in result.stderr


def test_options_lists_every_option_with_its_default() -> None:
    result = audiospoons("options")
    assert result.returncode == 0
    assert "grab_time_limit = 10  (seconds, 0 for none, up to 600)" in result.stdout
    assert "scoring = sudden-death" in result.stdout
    slapjack = audiospoons("options", "--game", "slapjack")
    assert slapjack.returncode == 0
    assert slapjack.stdout.splitlines()[4:6] == [
        "jacks = 0  (whole number, 0 for none)",
        "    The game ends once this many Jacks have been slapped, the most cards winning; 0 plays"
        " on until one player holds every card."]
    razz = audiospoons("options", "--game", "razz")
    assert "end_at = 5  (whole number, 1 or more)" in razz.stdout


def test_listen_prints_a_whole_bot_game_as_one_seat_hears_it_in_either_language() -> None:
    english = audiospoons("listen", "--players", "4", "--seed", "3", "--seat", "2")
    assert english.returncode == 0, english.stderr
    lines = english.stdout.splitlines()
    assert lines[0] == "  0.00  Spoons: you against Andrew, Chris, and Debra."
    assert lines[-1].endswith(" wins the game!") or lines[-1].endswith(" win the game!")
    assert "refused" not in english.stdout
    assert english.stdout == audiospoons("listen", "--players", "4", "--seed", "3",
                                         "--seat", "2").stdout
    spanish = audiospoons("listen", "--players", "4", "--seed", "3", "--seat", "2", "--lang",
                          "es")
    assert spanish.stdout.splitlines()[0] == (
        "  0.00  Cucharas: tú contra Andrew, Chris y Debra.")
    assert spanish.stdout.splitlines()[-1].endswith("la partida!")
    assert len(spanish.stdout.splitlines()) == len(lines)


def test_listen_refuses_a_seat_that_is_not_at_the_table() -> None:
    result = audiospoons("listen", "--players", "3", "--seat", "4")
    assert result.returncode == 2
    assert result.stderr == "audiospoons listen: --seat must be 1 to 3\n"


def test_speaking_a_replay_as_text_prints_only_the_spoken_lines(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = audiospoons("replay", str(path), "--listener", "Chris", "--speak", "--speech",
                         "text", extra_env={"SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:3] == [
        "Spoons: you against Andrew, Ellen, and Debra.",
        "Round 1. Andrew deals. 3 spoons on the table.",
        "Your cards: jack of diamonds, queen of clubs, four of hearts, and nine of spades.",
    ]
    assert "[sound" not in result.stdout and "pygame" not in result.stdout


def test_library_chatter_never_reaches_the_players_stdout(tmp_path: Path) -> None:
    """Auto speech with no screen reader running speaks through text-to-speech, so nothing at all
    belongs on stdout: not pygame's banner, accessible_output2's "Cannot find", nor pyttsx3's
    "Audio saved to"."""
    path = tmp_path / "game.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = audiospoons("replay", str(path), "--listener", "Chris", "--speak",
                         extra_env={"SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""


def test_a_relay_address_is_a_host_and_a_port_7777_by_default() -> None:
    from audiospoons.net.relayaddress import relay_address

    assert relay_address("example.org") == ("example.org", 7777)
    assert relay_address("example.org:7000") == ("example.org", 7000)
    assert relay_address("[::1]:7000") == ("::1", 7000)
    assert relay_address("::1") == ("::1", 7777)
    with pytest.raises(ValueError, match="the port is a number from 1 to 65535"):
        relay_address("example.org:seven")


def test_join_refuses_bad_options_before_it_connects() -> None:
    result = audiospoons("join", "127.0.0.1:9", "--name", "Ann", "--option", "hand_size=9")
    assert result.returncode == 2
    assert "hand_size must be one of 3, 4, 5" in result.stderr


def test_serve_says_when_it_cannot_listen(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = audiospoons("serve", "--port", str(port), "--data", str(tmp_path / "data"))
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert (tmp_path / "data" / "relay.db").stat().st_mode & 0o077 == 0, "kept private"


@pytest.mark.parametrize("line", [["serve", "--port", "0", "--no-accounts"],
                                  ["--lang", "de", "serve", "--port", "0", "--no-accounts"],
                                  ["--speech", "text", "serve", "--port", "0", "--no-accounts"]])
def test_the_command_is_read_with_its_own_arguments_after_the_menus_or_not(
        line: list[str]) -> None:
    """The parser built for a line takes its command's arguments, whether or not the options of
    the main menu come before the command."""
    args = command_parser(line).parse_args(line)
    assert (args.command, args.port, args.no_accounts) == ("serve", 0, True)


def test_a_line_with_no_command_is_read_as_the_main_menus() -> None:
    args = command_parser(["--lang", "de"]).parse_args(["--lang", "de"])
    assert (args.command, args.menu_lang) == (None, "de")
