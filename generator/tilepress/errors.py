"""Errors that tell the user what is wrong in their own terms.

Every error raised for bad input is a :class:`TilepressError`, itself a
``ValueError``; the CLI turns any of them into one line and a non-zero exit.
"""

from __future__ import annotations


class TilepressError(ValueError):
    """Base class of every error caused by bad input or an impossible request."""


class NotationError(TilepressError):
    """A tile, card or hand string that cannot be read."""


class HandError(TilepressError):
    """A hand that is readable but impossible (a fifth copy, a wrong size, ...)."""


class RequestError(TilepressError):
    """A request that cannot be met (10 waits from 13 tiles, an unknown kind, ...)."""


class FileFormatError(TilepressError):
    """A file that is missing, unreadable or not in the expected format."""


class IllegalActionError(TilepressError):
    """An action that the rules of a game do not allow at this point."""


class BatchError(RequestError):
    """Tasks of a batch that failed on every try; every other result was handed over.

    ``failures`` holds a :class:`tilepress.batch.TaskFailure` per failed task (its name,
    error and traceback); ``not_run`` counts the tasks never sent after too many failures.
    """

    def __init__(self, message: str, failures: tuple = (), not_run: int = 0) -> None:
        super().__init__(message)
        self.failures = failures
        self.not_run = not_run
