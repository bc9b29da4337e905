"""TLS for the relay: the server's context from a certificate and its key, and the client's,
which checks the relay's certificate and host name unless asked explicitly not to.

Both require TLS 1.2 at least. Problems with the files are ``TLSFileError``, whose message is
one line for a person."""

from __future__ import annotations

import ssl
from pathlib import Path
from typing import NoReturn

TLS_SCHEME = "tls://"
"""An address written ``tls://host:port`` asks for TLS."""


class TLSFileError(ValueError):
    """A certificate, a key or a CA file that cannot be read or used."""


def split_scheme(address: str) -> tuple[bool, str]:
    """Whether ``address`` asks for TLS (``tls://``, in any case), and the address without it."""
    if address[:len(TLS_SCHEME)].lower() == TLS_SCHEME:
        return True, address[len(TLS_SCHEME):]
    return False, address


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """The relay's context: ``cert`` (PEM, the certificate followed by any intermediates, as
    Let's Encrypt's ``fullchain.pem``) and its private ``key`` (PEM, not encrypted)."""
    for what, path in (("certificate", cert), ("key", key)):
        _readable(what, path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2

    def encrypted() -> NoReturn:
        raise TLSFileError(f"the key {key} is encrypted: give a key without a passphrase")

    try:
        context.load_cert_chain(cert, key, password=encrypted)
    except ssl.SSLError as error:
        if error.reason == "KEY_VALUES_MISMATCH":
            raise TLSFileError(f"the key {key} is not the key of the certificate {cert}"
                               ) from None
        if not _holds_certificate(cert):
            raise TLSFileError(f"the certificate {cert} is not a certificate in PEM") from None
        raise TLSFileError(f"the key {key} is not a private key in PEM") from None
    return context


def _holds_certificate(path: str | Path) -> bool:
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT).load_verify_locations(cafile=path)
    except ssl.SSLError:
        return False
    return True


def client_context(*, ca: str | Path | None = None, insecure: bool = False) -> ssl.SSLContext:
    """A client's context. By default it trusts the system's certificate authorities, and
    ``ca`` too if given (a PEM file of a CA, or of the relay's own certificate), and checks
    that the certificate is the relay's host name's. ``insecure`` checks nothing: the
    connection is encrypted, but anyone on the way could be the relay."""
    if insecure:
        if ca is not None:
            raise TLSFileError("a CA file is of no use when the certificate is not checked")
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    else:
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # a relay's own certificate
        if ca is not None:
            _readable("CA file", ca)
            try:
                context.load_verify_locations(cafile=ca)
            except ssl.SSLError:
                raise TLSFileError(f"the CA file {ca} is not a certificate in PEM") from None
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def is_insecure(context: ssl.SSLContext | None) -> bool:
    """Whether ``context`` is TLS that does not check who the relay is."""
    return context is not None and context.verify_mode == ssl.CERT_NONE


def certificate_problem(error: BaseException) -> str | None:
    """What is wrong with the relay's certificate, if ``error`` is that it failed
    verification (as OpenSSL says it: "self-signed certificate", "Hostname mismatch, ...")."""
    if isinstance(error, ssl.SSLCertVerificationError):
        return str(error.verify_message or error.reason or error)
    return None


def _readable(what: str, path: str | Path) -> None:
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise TLSFileError(f"cannot read the {what} {path}: {error.strerror or error}"
                           ) from None
