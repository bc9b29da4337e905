"""Passwords hashed with argon2id (``argon2-cffi``), and checked against their hash: what the
accounts' hashing threads run. Loaded with the first password a relay hashes or checks, so that
a relay keeping no accounts loads no argon2."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import HashingError, InvalidHashError, VerificationError

from audiospoons.net.hashing import HashFailed

HASHER = PasswordHasher()


def hashed(password: str) -> str:
    """``password``'s hash, to keep; ``HashFailed`` if argon2 could not hash it."""
    try:
        return HASHER.hash(password)
    except HashingError as error:
        raise HashFailed(str(error)) from error


def matches(password_hash: str, password: str) -> bool:
    """Whether ``password`` is the one ``password_hash`` was made from (a hash that is not
    argon2's matches none); ``HashFailed`` if argon2 could not check it."""
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
    except HashingError as error:
        raise HashFailed(str(error)) from error
