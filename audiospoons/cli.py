"""The ``audiospoons`` command: its arguments read, and the one command they name run.

Each command is a module of ``audiospoons.commands``, loaded only when it runs, so that a
command loads what it needs and no more: the relay (``serve``) loads no speech, no sound and no
keyboard."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Protocol, cast

from audiospoons.cliparser import command_parser

COMMANDS: dict[str | None, str] = {
    None: "menu",
    "play": "play",
    "listen": "listen",
    "simulate": "simulate",
    "replay": "replay",
    "options": "options",
    "serve": "serve",
    "front": "serve",
    "cluster": "cluster",
    "join": "join",
    "web": "web",
}
"""Each command's module in ``audiospoons.commands``; no command opens the main menu."""


class Command(Protocol):
    """What every command module is: its ``run``, given the parsed arguments, gives the exit
    status."""

    def run(self, args: argparse.Namespace) -> int: ...


def command_module(command: str | None) -> Command:
    """The module that runs ``command``, loaded now."""
    return cast(Command, importlib.import_module(f"audiospoons.commands.{COMMANDS[command]}"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line's command: its exit status (130 on Ctrl+C, wherever it comes)."""
    args = command_parser(argv).parse_args(argv)
    try:
        return command_module(args.command).run(args)
    except KeyboardInterrupt:
        return 130
