"""Play online from the main menu: the text field model, the address and name checks, and the
screens driven by scripted keys with a stand-in for the relay."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from test_menu import Cues, ScriptedKeys

from audiospoons.app.menuhost import Unavailable
from audiospoons.app.onlinemenu import (
    JoinRequest,
    Outcome,
    Refused,
    kept_login,
    read_address,
    read_name,
    with_login,
)
from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings, load_settings
from audiospoons.net.client import Login
from audiospoons.ui.textentry import TextField, character_name, typed_character
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput

EN = messages("en")
ES = messages("es")


def said(field: TextField, *labels: str) -> list[str | None]:
    return [field.press(label).speech for label in labels]


def keys_for(text: str) -> list[str]:
    """The key labels that type ``text``."""
    return ["space" if c == " " else f"shift+{c.lower()}" if c != c.lower() else c
            for c in text]


# ----------------------------------------------------------------------------- the field


def test_a_field_opens_with_its_label_and_its_text_selected_or_blank() -> None:
    assert TextField("Your name", EN).opening() == "Your name, edit text, blank"
    assert TextField("Your name", EN, "Ann").opening() == "Your name, edit text, selected: Ann"
    assert TextField("Tu nombre", ES).opening() == "Tu nombre, texto editable, vacío"


def test_typed_characters_are_said_as_they_are_typed() -> None:
    field = TextField("Address", EN)
    assert said(field, "a", "shift+b", "space", ".", ":", "7", "-", "_") == [
        "a", "capital B", "space", "dot", "colon", "7", "dash", "underscore"]
    assert field.text == "aB .:7-_"
    assert field.press("enter").accepted == "aB .:7-_"


def test_keys_that_type_nothing_are_not_handled() -> None:
    field = TextField("Address", EN, "x")
    for label in ("ctrl+a", "alt+b", "f9", "tab", "insert", "pageup"):
        assert field.press(label).handled is False, label
    assert field.text == "x"


def test_backspace_deletes_the_character_before_the_cursor_and_says_it() -> None:
    field = TextField("Address", EN)
    for label in keys_for("a.b"):
        field.press(label)
    assert said(field, "backspace", "backspace") == ["b deleted", "dot deleted"]
    assert field.text == "a"
    assert said(field, "backspace", "backspace") == ["a deleted", "blank"]
    assert field.text == ""


def test_text_given_at_the_start_is_selected_so_typing_replaces_it() -> None:
    field = TextField("Address", EN, "example.org")
    assert said(field, "h") == ["h"]
    assert field.text == "h"
    assert said(field, "i") == ["i"] and field.text == "hi"


def test_backspace_or_delete_on_selected_text_clears_it() -> None:
    for label in ("backspace", "delete"):
        field = TextField("Address", EN, "example.org")
        assert said(field, label) == ["blank"]
        assert field.text == "" and field.press("enter").accepted == ""


def test_a_movement_key_keeps_selected_text() -> None:
    field = TextField("Name", EN, "Ann")
    assert said(field, "end", "x") == ["End of the text.", "x"]
    assert field.text == "Annx"
    field = TextField("Name", EN, "Ann")
    assert said(field, "left", "shift+j") == ["capital A", "capital J"]
    assert field.text == "JAnn"


def test_the_cursor_moves_along_the_text_and_delete_takes_the_character_under_it() -> None:
    field = TextField("Name", EN)
    for label in keys_for("abc"):
        field.press(label)
    assert said(field, "home", "left", "right", "delete") == [
        "a", "Start of the text.", "b", "b deleted"]
    assert field.text == "ac"
    assert said(field, "right", "right", "delete", "backspace") == [
        "End of the text.", "End of the text.", "End of the text.", "c deleted"]
    assert said(field, "home", "backspace", "d") == ["a", "Start of the text.", "d"]
    assert field.text == "da"


def test_up_or_down_reads_the_whole_text() -> None:
    field = TextField("Name", EN)
    assert said(field, "up") == ["blank"]
    for label in keys_for("Bo b"):
        field.press(label)
    assert said(field, "up", "down") == ["Bo b", "Bo b"]


def test_a_full_field_says_how_long_it_may_be_and_takes_no_more() -> None:
    field = TextField("Name", EN, max_length=3)
    assert said(field, "a", "b", "c", "d") == ["a", "b", "c", "At most 3 characters."]
    assert field.text == "abc"
    assert TextField("Name", EN, "abcdef", max_length=3).text == "abc"
    assert said(TextField("N", ES, max_length=1), "a", "b") == ["a", "Como mucho 1 carácter."]


def test_help_description_enter_and_escape() -> None:
    field = TextField("Name", EN, "Ann", description="The name others hear.")
    assert said(field, "f2", "shift+f1") == ["The name others hear."] * 2
    assert field.press("f1").speech == EN.tr("text.help")
    assert said(TextField("Name", EN), "f2") == ["No description."]
    assert field.press("escape").cancelled is True
    assert field.press("enter").accepted == "Ann"


def test_characters_from_key_labels_and_their_names() -> None:
    assert [typed_character(label) for label in ("a", "shift+a", "space", "shift+space", ":",
                                                 "é", "shift+é", "enter", "ctrl+a", "kp1")] == [
        "a", "A", " ", " ", ":", "é", "É", None, None, None]
    assert character_name("A", ES) == "A mayúscula"
    assert character_name(".", ES) == "punto"
    assert character_name("[", EN) == "left bracket"
    assert character_name("7", EN) == "7"


# ----------------------------------------------------------------------------- the checks


@pytest.mark.parametrize(("text", "expected"), [
    ("example.org", ("example.org", 7777)),
    ("  example.org:7000 ", ("example.org", 7000)),
    ("[::1]:7001", ("::1", 7001)),
    ("192.168.1.20", ("192.168.1.20", 7777)),
    ("example.org.:7000", ("example.org.", 7000)),
    ("bücher.example", ("bücher.example", 7777)),
    ("\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11:7000", ("127.0.0.1", 7000)),
    ("::1", ("::1", 7777)),
    ("[fe80::1%eth0]:7000", ("fe80::1%eth0", 7000)),
    ("tls://[::ffff:127.0.0.1]", ("::ffff:7f00:1", 7777)),
    ("\U0001f0a1.example", ("\U0001f0a1.example", 7777)),
])
def test_an_address_is_read_as_join_reads_it(text: str, expected: tuple[str, int]) -> None:
    assert read_address(text, EN) == expected


@pytest.mark.parametrize(("text", "reason"), [
    ("", "Type the relay's address first."),
    ("   ", "Type the relay's address first."),
    ("my host", "An address has no spaces."),
    ("example.org:seven", "After the colon comes the port: a number from 1 to 65535."),
    ("example.org:70000", "After the colon comes the port: a number from 1 to 65535."),
    ("example.org:", "After the colon comes the port: a number from 1 to 65535."),
    (":7000", "Before the colon comes the relay's name or number."),
    ("example.org:0", "After the colon comes the port: a number from 1 to 65535."),
    ("example.org:\u0663", "After the colon comes the port: a number from 1 to 65535."),
    ("example.org:\u00b2", "After the colon comes the port: a number from 1 to 65535."),
    ("127..0.0.1:17777", "A relay's name has letters or digits between its dots."),
    (".example.org", "A relay's name has letters or digits between its dots."),
    ("a" * 64 + ".org", "That name is too long: at most 63 characters between dots, and 253 in"
     " all."),
    ("ab." * 90 + "org", "That name is too long: at most 63 characters between dots, and 253 in"
     " all."),
    ("exa_mple.org", "A relay's name has only letters, digits, hyphens and dots."),
    ("relay!.org", "A relay's name has only letters, digits, hyphens and dots."),
    ("-relay.org", "A relay's name has only letters, digits, hyphens and dots."),
    ("relay\u05d0.org", "A relay's name has only letters, digits, hyphens and dots."),
    ("relay\x00.org", "A relay's name has only letters, digits, hyphens and dots."),
    ("127.0.0.256", "A relay's number is four numbers from 0 to 255 with dots between them,"
     " such as 192.168.1.20."),
    ("1.2.3", "A relay's number is four numbers from 0 to 255 with dots between them, such as"
     " 192.168.1.20."),
    ("[::1", "That is not an IPv6 address. Put one in brackets when a port follows, such as"
     " [2001:db8::1]:7777."),
    ("[::1]7000", "That is not an IPv6 address. Put one in brackets when a port follows, such"
     " as [2001:db8::1]:7777."),
    ("1:2:3:4:5:6:7:8:9", "That is not an IPv6 address. Put one in brackets when a port"
     " follows, such as [2001:db8::1]:7777."),
    ("[example.org]:7000", "That is not an IPv6 address. Put one in brackets when a port"
     " follows, such as [2001:db8::1]:7777."),
    ("http://example.org", "An address begins with the relay's name or number, or with tls://"
     " for a relay that serves TLS."),
])
def test_a_bad_address_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        read_address(text, EN)
    assert str(refused.value) == reason


def test_a_name_is_tidied_and_a_name_without_letters_is_refused() -> None:
    assert read_name("  Ann   Lee ", EN) == "Ann Lee"
    for text, reason in (("", "Type your name first."), ("  ", "Type your name first."),
                         ("!?", "A name needs at least one letter or digit."),
                         ("x" * 21, "At most 20 characters.")):
        with pytest.raises(Refused) as refused:
            read_name(text, EN)
        assert str(refused.value) == reason
    with pytest.raises(Refused) as refused:
        read_name("", ES)
    assert str(refused.value) == "Escribe primero tu nombre."


# ----------------------------------------------------------------------------- the screens


class Relay:
    """Stands in for joining the relay: answers from a list (the relay takes the name when
    the answer is ``PLAYED``), and notes what was asked, and what the settings file held when
    it was asked and once the name was taken, while the player is still on the relay."""

    def __init__(self, tmp_path: Path, *answers: Outcome) -> None:
        self.file = tmp_path / "settings.json"
        self.answers = list(answers)
        self.asked: list[tuple[JoinRequest, Settings]] = []
        self.saved_then: list[tuple[str, str]] = []
        self.saved_on_the_relay: list[tuple[str, str]] = []
        self.token: str | None = None
        """The login token the relay gives when it takes the name."""

    def saved(self) -> tuple[str, str]:
        saved = load_settings(self.file)[0]
        return saved.online_address, saved.online_name

    def __call__(self, settings: Settings, request: JoinRequest,
                 connected: Callable[[str | None], None]) -> Outcome:
        self.asked.append((request, settings))
        self.saved_then.append(self.saved())
        answer = self.answers.pop(0)
        if answer is Outcome.PLAYED:
            connected(self.token)
            self.saved_on_the_relay.append(self.saved())
        return answer


def run_screens(tmp_path: Path, labels: Iterable[str], settings: Settings | None = None,
                **kwargs: object) -> tuple[list[str], Screens]:
    stream = io.StringIO()
    ui = Screens(settings or Settings(first_run=False), speaker=Speaker(TextOutput(stream)),
                 keys=ScriptedKeys(labels), mixer=Cues(), speech=SpeechMode.TEXT, lang="en",
                 settings_file=tmp_path / "settings.json", **kwargs)  # type: ignore[arg-type]
    with contextlib.suppress(EOFError):
        ui.run()
    return stream.getvalue().splitlines(), ui


def test_play_online_asks_the_address_and_the_name_then_joins_and_saves_them(
        tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.PLAYED)
    lines, ui = run_screens(tmp_path, ["down", "f2", "enter", *keys_for("localhost:7000"),
                                       "enter", *keys_for("Ann"), "enter", "enter"],
                            play_online=relay)
    assert lines == [
        "Main menu. Play, 1 of 8", "Play online, 2 of 8", EN.tr("menu.main.online.about"),
        "Relay address, edit text, blank",
        "l", "o", "c", "a", "l", "h", "o", "s", "t", "colon", "7", "0", "0", "0",
        "Your name, edit text, blank", "capital A", "n", "n",
        "Password for Ann, edit text, blank",
        "Connecting to localhost, port 7000.",
        "Main menu. Play online, 2 of 8"]
    [(request, given)] = relay.asked
    assert request == JoinRequest("localhost", 7000, "Ann")
    assert given.language == "en", "the relay's room speaks the menu's language"
    assert relay.saved_then == [("", "")]
    assert relay.saved_on_the_relay == [("localhost:7000", "Ann")], "saved once connected"
    saved = load_settings(tmp_path / "settings.json")[0]
    assert (saved.online_address, saved.online_name) == ("localhost:7000", "Ann")
    assert saved == ui.settings
    assert ui.mixer is not None and ui.mixer.played.count("menu-select") == 4  # type: ignore[attr-defined]


def test_what_was_used_last_time_is_offered_and_enter_takes_it(tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.PLAYED)
    settings = Settings(first_run=False, online_address="example.org", online_name="Bob")
    lines, _ = run_screens(tmp_path, ["p", "p", "p", "enter", "enter", "enter", "enter"],
                           settings, play_online=relay)
    assert lines[1:] == ["Play online, 2 of 8", "Play, 1 of 8", "Play online, 2 of 8",
                         "Relay address, edit text, selected: example.org",
                         "Your name, edit text, selected: Bob",
                         "Password for Bob, edit text, blank",
                         "Connecting to example.org, port 7777.",
                         "Main menu. Play online, 2 of 8"]
    assert [request for request, _ in relay.asked] == [JoinRequest("example.org", 7777, "Bob")]


def test_bad_input_is_explained_and_asked_again_and_escape_goes_back(tmp_path: Path) -> None:
    relay = Relay(tmp_path)
    lines, _ = run_screens(tmp_path, [
        "down", "enter", "enter", *keys_for("h:0"), "enter", *keys_for("host"), "enter",
        "enter", *keys_for("!"), "enter", "escape", "escape", "escape", "escape"],
        play_online=relay)
    assert lines[2:] == [
        "Relay address, edit text, blank", "Type the relay's address first.",
        "Relay address, edit text, blank", "h", "colon", "0",
        "After the colon comes the port: a number from 1 to 65535.",
        "Relay address, edit text, selected: h:0", "h", "o", "s", "t",
        "Your name, edit text, blank", "Type your name first.",
        "Your name, edit text, blank", "!", "A name needs at least one letter or digit.",
        "Your name, edit text, selected: !",
        "Relay address, edit text, selected: host",
        "Main menu. Play online, 2 of 8",
        "Quit audiospoons? Enter quits, Escape goes back.", "Play online, 2 of 8"]
    assert relay.asked == []
    assert not (tmp_path / "settings.json").exists()


def test_a_relay_not_reached_lets_the_player_try_again_and_only_success_is_saved(
        tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.UNREACHABLE, Outcome.PLAYED)
    lines, ui = run_screens(tmp_path, ["down", "enter", *keys_for("nowhere"), "enter",
                                       *keys_for("Ann"), "enter", "enter", "enter", "enter",
                                       "enter"], play_online=relay)
    assert lines[-7:] == ["Connecting to nowhere, port 7777.",
                          "Check the address and the name: Enter on each tries again, Escape"
                          " goes back.",
                          "Relay address, edit text, selected: nowhere",
                          "Your name, edit text, selected: Ann",
                          "Password for Ann, edit text, blank",
                          "Connecting to nowhere, port 7777.",
                          "Main menu. Play online, 2 of 8"]
    assert len(relay.asked) == 2
    assert relay.saved_then == [("", ""), ("", "")], "nothing is saved before it succeeds"
    assert (ui.settings.online_address, ui.settings.online_name) == ("nowhere", "Ann")


def test_a_name_the_relay_refuses_asks_for_the_name_again_not_the_address(
        tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.NAME_REFUSED, Outcome.NAME_REFUSED, Outcome.PLAYED)
    lines, ui = run_screens(tmp_path, ["down", "enter", *keys_for("relay.example"), "enter",
                                       *keys_for("Ann"), "enter", "enter", "enter", "enter",
                                       *keys_for("Bo"), "enter", "enter"], play_online=relay)
    assert lines[-11:] == ["Password for Ann, edit text, blank",
                           "Connecting to relay.example, port 7777.",
                           "Your name, edit text, selected: Ann",
                           "Password for Ann, edit text, blank",
                           "Connecting to relay.example, port 7777.",
                           "Your name, edit text, selected: Ann", "capital B", "o",
                           "Password for Bo, edit text, blank",
                           "Connecting to relay.example, port 7777.",
                          "Main menu. Play online, 2 of 8"]
    assert [request.name for request, _ in relay.asked] == ["Ann", "Ann", "Bo"]
    assert relay.saved_then == [("", ""), ("", ""), ("", "")]
    assert (ui.settings.online_address, ui.settings.online_name) == ("relay.example", "Bo")


def test_a_password_registers_or_logs_in_and_the_login_given_is_kept_for_that_relay(
        tmp_path: Path) -> None:
    """The name is registered: the password is asked again until the relay takes it; the
    relay's login token is saved for the address, and the next time that name there logs in by
    itself, no password asked."""
    relay = Relay(tmp_path, Outcome.PASSWORD_WANTED, Outcome.LOGIN_REFUSED, Outcome.PLAYED)
    relay.token = "t" * 43
    lines, ui = run_screens(tmp_path, ["down", "enter", *keys_for("relay.example"), "enter",
                                       *keys_for("Ann"), "enter", "enter", *keys_for("no"),
                                       "enter", *keys_for("yes"), "up", "enter"],
                            play_online=relay)
    assert lines[-13:] == [
        "Password for Ann, edit text, blank", "Connecting to relay.example, port 7777.",
        "Password for Ann, edit text, blank", "star", "star",
        "Connecting to relay.example, port 7777.",
        "Password for Ann, edit text, blank", "star", "star", "star", "3 characters",
        "Connecting to relay.example, port 7777.", "Main menu. Play online, 2 of 8"]
    assert [request.login for request, _ in relay.asked] == [
        None, Login(password="no"), Login(password="yes")], "a registered name logs in"
    assert ui.settings.online_logins == {"relay.example Ann": "t" * 43}

    again = Relay(tmp_path, Outcome.PLAYED)
    lines, _ = run_screens(tmp_path, ["down", "enter", "enter", "enter"], ui.settings,
                           play_online=again)
    assert lines[-3:] == ["Your name, edit text, selected: Ann",
                          "Connecting to relay.example, port 7777.",
                          "Main menu. Play online, 2 of 8"]
    assert [request.login for request, _ in again.asked] == [Login(token="t" * 43)]


def test_a_kept_login_no_longer_good_is_forgotten_and_the_password_asked(
        tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.LOGIN_LOST, Outcome.PLAYED)
    settings = Settings(first_run=False, online_address="relay.example", online_name="Ann",
                        online_logins={"relay.example Ann": "old",
                                       "other.example Ann": "kept"})
    lines, ui = run_screens(tmp_path, ["down", "enter", "enter", "enter",
                                       *keys_for("pw"), "enter"], settings, play_online=relay)
    assert lines[-6:] == ["Connecting to relay.example, port 7777.",
                          "Password for Ann, edit text, blank", "star", "star",
                          "Connecting to relay.example, port 7777.",
                          "Main menu. Play online, 2 of 8"]
    assert [request.login for request, _ in relay.asked] == [
        Login(token="old"), Login(password="pw", register=True)]
    assert ui.settings.online_logins == {"other.example Ann": "kept"}


def test_a_relay_not_reached_and_abandoned_saves_nothing(tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.UNREACHABLE)
    settings = Settings(first_run=False, online_address="old.example", online_name="Old")
    lines, ui = run_screens(tmp_path, ["down", "enter", *keys_for("new"), "enter", "enter",
                                       "enter", "escape"], settings, play_online=relay)
    assert lines[-2:] == ["Relay address, edit text, selected: new",
                          "Main menu. Play online, 2 of 8"]
    assert (ui.settings.online_address, ui.settings.online_name) == ("old.example", "Old")
    assert not (tmp_path / "settings.json").exists()


def test_comma_and_period_are_typed_in_a_field_and_page_up_reviews(tmp_path: Path) -> None:
    relay = Relay(tmp_path, Outcome.PLAYED)
    lines, _ = run_screens(tmp_path, ["down", "enter", ",", ".", "pageup", "up", "escape"],
                           play_online=relay)
    assert lines[2:] == ["Relay address, edit text, blank", "comma", "dot",
                         "Play online, 2 of 8", ",.", "Main menu. Play online, 2 of 8"]


def test_online_play_that_is_not_there_says_so(tmp_path: Path) -> None:
    def missing(settings: Settings, request: JoinRequest,
                connected: Callable[[str | None], None]) -> Outcome:
        raise Unavailable("no network here")

    for callback in (missing, None):
        lines, _ = run_screens(tmp_path, ["down", "enter", *keys_for("h"), "enter",
                                          *keys_for("a"), "enter", "enter"],
                               play_online=callback)
        assert lines[-2:] == ["That is not ready yet.", "Main menu. Play online, 2 of 8"]
    assert not (tmp_path / "settings.json").exists()


def test_the_menus_speak_spanish_online_too(tmp_path: Path) -> None:
    stream = io.StringIO()
    ui = Screens(Settings(first_run=False), speaker=Speaker(TextOutput(stream)),
                 keys=ScriptedKeys(["down", "enter", "escape"]), speech=SpeechMode.TEXT,
                 lang="es", settings_file=tmp_path / "settings.json")
    with contextlib.suppress(EOFError):
        ui.run()
    assert stream.getvalue().splitlines() == [
        "Menú principal. Jugar, 1 de 8", "Jugar en línea, 2 de 8",
        "Dirección del servidor, texto editable, vacío", "Menú principal. Jugar en línea, 2 de 8"]


def test_a_login_is_kept_for_its_own_name_alone() -> None:
    """Logged in as Ann at a relay, then a guest Bob there: Bob is asked for no login of Ann's,
    and Ann's is found for "ann" too."""
    logins = with_login({}, "relay.example", "Ann", "a" * 43)
    logins = with_login(logins, "other.example", "Ann", "b" * 43)
    assert kept_login(logins, "relay.example", "Bob") is None
    assert kept_login(logins, "relay.example", "ann") == "a" * 43
    assert kept_login(logins, "other.example", "Ann") == "b" * 43
    assert with_login(logins, "relay.example", "ANN", None) == {"other.example Ann": "b" * 43}
