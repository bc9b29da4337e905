"""The rules of each game as Shift+F1 and How to play read them: a line each, true of the options
being played and of the table's size, in the player's language; and the reader that moves
through them."""

from __future__ import annotations

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.ui.rulesreader import RulesReader
from audiospoons.voice.i18n import messages


def rules(game: str, players: int, lang: str = "en", **values: str) -> list[str]:
    half = KEYBOARDS[game]
    options, _ = half.rules.read_options(values)
    return half.rules_lines(options, players, messages(lang))


def test_classic_spoons_with_its_defaults() -> None:
    assert rules("spoons", 4) == [
        "Make a set: 4 cards of one rank. There are no turns: play as fast as you like.",
        "You hold 4 cards: pick up one card at a time and pass one on, the new one or"
        " another.",
        "Everyone draws from the stock and discards to the pile.",
        "3 spoons on the table for 4 players.",
        "With a set, grab a spoon. From then on everyone may grab one, set or not: listen for"
        " the sound of a grab from the grabber's seat.",
        "Card play stops at the first grab.",
        "A grab before anyone has a set is refused, at no cost.",
        "Whoever has no spoon when they are all gone, or 10 seconds after the first grab,"
        " loses the round.",
        "Losing a round puts you out of the game; the last player left wins.",
    ]


def test_classic_spoons_says_its_draw_grabbing_and_scoring_as_chosen() -> None:
    assert rules("spoons", 5, draw="either", grabbing="realtime", claim_hold="1.5",
                 scoring="letters", word="PIG", grab_time_limit="0", hand_size="3",
                 keep_playing="true", spoons_subtracted="2") == [
        "Make a set: 3 cards of one rank. There are no turns: play as fast as you like.",
        "You hold 3 cards: pick up one card at a time and pass one on, the new one or"
        " another.",
        "Picking up takes the newest card passed to you, or, when you deal, the last card the"
        " last player discarded; drawing takes the top card of the stock. Your discards pass to"
        " the player on your left.",
        "3 spoons on the table for 5 players.",
        "The spoons are numbered. A spoon you grab is yours after 1.5 seconds, unless someone"
        " steals it: then you fight, pressing at react now, and the loser lets go.",
        "Card play goes on while the spoons go, but whoever grabbed first must keep their set"
        " whole.",
        "A grab before anyone has a set is refused, at no cost.",
        "Whoever has no spoon when they are all gone loses the round.",
        "Losing a round gives you a letter of PIG; with all 3 letters you are out. The last"
        " player left wins.",
    ]


def test_the_discard_pile_game_has_cards_come_in_the_order_they_were_passed() -> None:
    lines = rules("spoons", 3, draw="discard", grabbing="selection", premature="void",
                  scoring="points")
    assert lines[2] == ("Only the dealer draws from the stock. Each discard passes to the player"
                        " on the left, so cards reach you from the right, in the order they"
                        " were passed.")
    assert lines[4:7] == [
        "The spoons are numbered. Once someone grabs, everyone chooses one spoon, once; players"
        " who chose the same spoon race for it at react now, and the losers lose the round.",
        "Card play stops at the first grab.",
        "A grab with no set, before anyone has grabbed, voids the round: it is dealt again."]
    assert lines[-1] == ("Losing a round costs a penalty point. After a round dealt by each"
                         " player, the lowest total wins.")


def test_a_signal_preset_has_no_spoons_to_grab() -> None:
    assert rules("spoons", 4, preset="pig") == [
        "Make a set: 4 cards of one rank. There are no turns: play as fast as you like.",
        "You hold 4 cards: pick up one card at a time and pass one on, the new one or"
        " another.",
        "Only the dealer draws from the stock. Each discard passes to the player on the left,"
        " so cards reach you from the right, in the order they were passed.",
        "No spoons: whoever has a set gives a silent signal, heard only as a sound from their"
        " seat. Copy it at once: the last to copy loses the round.",
        "Losing a round gives you a letter of PIG; with all 3 letters you are out. The last"
        " player left wins.",
    ]


def test_razz_spoons_with_its_defaults_at_four() -> None:
    assert rules("razz", 4) == [
        "Be the first to run out of cards. On your turn, play a card of the top card's suit or"
        " rank, or draw.",
        "4 players: 7 cards each, from two packs shuffled together.",
        "The dealer chooses the Razzing Phrase. Whenever you owe it, say it within 3 seconds.",
        "King: the player you name draws two cards and says the phrase, unless they bounce it"
        " back with a King of their own, one more card each time.",
        "Queen: the direction of play reverses.",
        "Jack: everyone grabs a spoon, one fewer than players, within 5 seconds. Whoever has"
        " none says the phrase and draws two; grabbing twice draws instead.",
        "Ten: you play again.",
        "Eight: wild; you name the suit to follow.",
        "Two: a count starts that only twos and aces may follow, a two adding 2 and an ace 1."
        " The first who cannot follow says the phrase and draws the count.",
        "With one card left, announce it before another player acts.",
        "Razz another player's mistake within two turns: they draw a card and owe the phrase."
        " Razzing someone who made no mistake gets you razzed.",
        "When someone runs out of cards, the others score what they hold: tens and eights 6"
        " points, faces 4, twos 2, the rest 1.",
        "The game lasts 5 rounds; the fewest points win.",
    ]


def test_razz_spoons_says_its_options_and_the_deal_for_the_table() -> None:
    lines = rules("razz", 6, end="points", end_at="50", let_players_err="true",
                  turn_time_limit="20", phrase_window="4", grab_time_limit="2.5")
    assert lines[1] == "6 players: 6 cards each, from two packs shuffled together."
    assert lines[2] == ("The dealer chooses the Razzing Phrase. Whenever you owe it, say it"
                        " within 4 seconds.")
    assert lines[5].startswith("Jack: everyone grabs a spoon, one fewer than players, within"
                               " 2.5 seconds.")
    assert lines[-4:] == [
        "Playing out of turn, or a card that does not match, is allowed, and may be razzed.",
        "A turn lasts at most 20 seconds; then the game draws for you.",
        "When someone runs out of cards, the others score what they hold: tens and eights 6"
        " points, faces 4, twos 2, the rest 1.",
        "The game ends when someone reaches 50 points; the fewest points win."]
    assert rules("razz", 8, end_at="1")[1:] == [
        "8 players: 5 cards each, from two packs shuffled together.",
        *rules("razz", 4)[2:-1], "The game lasts 1 round; the fewest points win."]


def test_razz_spoons_in_russian() -> None:
    assert rules("razz", 3, "ru", end_at="3") == [
        "Первым избавься от всех карт. В свой ход сыграй карту той же масти или того же"
        " достоинства, что верхняя, или возьми карту.",
        "Игроков: 3. Каждому по 7 карт из двух перемешанных колод.",
        "Сдающий выбирает дразнилку. Всякий раз, когда ты её должен, скажи её за 3 секунды.",
        "Король: названный тобой игрок берёт две карты и говорит дразнилку, если не отобьёт"
        " своим королём, каждый раз на карту больше.",
        "Дама: направление игры меняется.",
        "Валет: все хватают ложку, их на одну меньше, чем игроков, за 5 секунд. Кто остался"
        " без ложки, говорит дразнилку и берёт две карты; схвативший дважды берёт вместо"
        " него.",
        "Десятка: ты ходишь ещё раз.",
        "Восьмёрка: джокер; ты называешь масть.",
        "Двойка: начинается счёт, в который можно класть только двойки и тузы, двойка"
        " добавляет 2, туз 1. Первый, кто не может положить, говорит дразнилку и берёт"
        " столько карт, сколько насчитано.",
        "Когда остаётся одна карта, объяви это, пока другой игрок не сделал ход.",
        "Подразни за ошибку другого игрока в течение двух ходов: он берёт карту и должен"
        " дразнилку. Если подразнишь того, кто не ошибся, подразнят тебя.",
        "Когда у кого-то кончаются карты, остальные считают, что у них на руках: десятки и"
        " восьмёрки 6 очков, картинки 4, двойки 2, остальные 1.",
        "Игра длится 3 раунда; побеждает меньше всего очков.",
    ]


def test_slapjack_with_its_defaults_and_as_chosen() -> None:
    assert rules("slapjack", 3) == [
        "One pack is dealt face down round the table: a stack each.",
        "In turn, each player turns the top card of their stack onto the pile. You have 3"
        " seconds to turn yours; then it turns by itself.",
        "When a jack comes up, the first to slap it takes the whole pile under their stack,"
        " and turns next.",
        "A slap on any other card gives the top card of your stack away, under the pile.",
        "Nobody turns while a jack waits 3 seconds for its slap; a jack nobody slaps stays in"
        " the pile.",
        "With no cards left you stay in until the next jack, and are back in by slapping it"
        " first.",
        "The last player left, holding every card, wins.",
    ]
    assert rules("slapjack", 3, jacks="4", slap_back_in="false", turn_time="2")[-2:] == [
        "With no cards left you are out.",
        "After 4 jacks slapped, whoever holds the most cards wins."]


def test_slapjack_in_german() -> None:
    assert rules("slapjack", 4, "de", jacks="1", slap_time="1") == [
        "Ein Kartenspiel wird verdeckt reihum verteilt: ein Stapel für jeden.",
        "Reihum deckt jeder die oberste Karte seines Stapels auf den Haufen auf. Du hast 3"
        " Sekunden dafür; dann deckt sie sich von selbst auf.",
        "Kommt ein Bube, nimmt wer zuerst draufschlägt den ganzen Haufen unter seinen Stapel"
        " und deckt als Nächstes auf.",
        "Ein Schlag auf eine andere Karte kostet dich die oberste Karte deines Stapels, unter"
        " den Haufen.",
        "Niemand deckt auf, solange ein Bube 1 Sekunde auf seinen Schlag wartet; ein Bube,"
        " auf den niemand schlägt, bleibt im Haufen.",
        "Ohne Karten bleibst du bis zum nächsten Buben im Spiel und bist wieder dabei, wenn du"
        " zuerst auf ihn schlägst.",
        "Nach 1 geschlagenen Buben gewinnt, wer die meisten Karten hat.",
    ]


def test_every_game_s_rules_are_said_in_every_language_with_no_english_left() -> None:
    """A line each in every catalog: no line is the English one, but for a language whose
    words for it happen to match (none do)."""
    for game in GAMES:
        english = rules(game, 4)
        for lang in ("de", "es", "fa", "fr", "pl", "pt_BR", "ru"):
            said = rules(game, 4, lang)
            assert len(said) == len(english)
            assert not set(said) & set(english), (game, lang)


def test_the_reader_moves_line_by_line_and_says_its_ends() -> None:
    reader = RulesReader(["First.", "Second.", "Third."], messages("en"))
    assert reader.opening() == ("The rules, 3 lines: Up and Down read them, Escape closes"
                                " them. First.")
    assert [reader.press(key) for key in ("up", "down", "down", "down", "home", "end", "up",
                                          "x")] == [
        "Top. First.", "Second.", "Third.", "Bottom. Third.", "First.", "Third.", "Second.",
        None]
