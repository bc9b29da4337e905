"""The web server's rules, as pure parts: how connections and sessions are counted."""

from __future__ import annotations

import logging

import pytest

from audiospoons.web.admission import (
    CONNECTIONS_PER_ADDRESS,
    MAX_SESSIONS,
    Admission,
    Refusal,
    connection_cap,
)


def test_sessions_are_counted_by_network_and_in_all(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    admission = Admission(16, max_sessions=3, per_address=2, clock=lambda: now[0])
    groups = [admission.connect(address) for address in
              ("192.0.2.1", "192.0.2.200", "192.0.2.7", "198.51.100.1")]
    assert groups[:3] == ["192.0.2.0/24"] * 3 and groups[3] == "198.51.100.0/24"
    assert admission.start("192.0.2.0/24") is None
    assert admission.start("192.0.2.0/24") is None
    with caplog.at_level(logging.WARNING, "audiospoons.web"):
        assert admission.start("192.0.2.0/24") is Refusal.TOO_MANY
        assert admission.start("198.51.100.0/24") is None
        for _ in range(50):
            assert admission.start("203.0.113.0/24") is Refusal.FULL
        now[0] = 61.0
        assert admission.start("203.0.113.0/24") is Refusal.FULL
    assert len(caplog.records) == 2
    admission.end("192.0.2.0/24")
    assert admission.start("203.0.113.0/24") is None


def test_connections_beyond_the_caps_are_closed_at_once() -> None:
    admission = Admission(CONNECTIONS_PER_ADDRESS + 2)
    taken = [admission.connect("2001:db8::1") for _ in range(CONNECTIONS_PER_ADDRESS)]
    assert taken == ["2001:db8::/64"] * CONNECTIONS_PER_ADDRESS
    assert admission.connect("2001:db8::ffff") is None
    assert admission.connect("192.0.2.1") == admission.connect("192.0.2.2") == "192.0.2.0/24"
    assert admission.connect("198.51.100.1") is None
    admission.disconnect("192.0.2.0/24")
    assert admission.connect("198.51.100.1") == "198.51.100.0/24"


def test_few_sessions_leave_the_connections_the_descriptors_allow() -> None:
    assert connection_cap(1) == connection_cap(MAX_SESSIONS) >= 200
