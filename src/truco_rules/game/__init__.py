"""The match: deals (and how a seed derives them), contests in turn, the scoreboard, the read-only
state and the public Match.
"""
