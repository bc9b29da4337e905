"""``audiospoons`` with no command: the spoken main menu."""

from __future__ import annotations

import argparse

from audiospoons.app.wiring import open_main_menu


def run(args: argparse.Namespace) -> int:
    return open_main_menu(args.menu_speech, args.menu_lang)
