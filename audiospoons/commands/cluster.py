"""``audiospoons cluster``: the relay's processes on one machine, behind one front."""

from __future__ import annotations

import argparse

from audiospoons.net.cluster.run import run_cluster


def run(args: argparse.Namespace) -> int:
    return run_cluster(args)
