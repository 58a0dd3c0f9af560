"""The version of tilepress (the distribution and the import package share it)."""

__version__ = "0.1.0"
