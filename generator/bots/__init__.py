"""Bots: players that choose actions, one module per game. Each choice comes with a
one-line reason, which worked examples print."""
