"""sidebot: find Wikipedia citations whose sources do not support the claim, and queue them for review."""

__version__ = "0.1.0"
