"""Adapters to other game frameworks, each behind an optional extra.

* :mod:`truco_rules.adapters.openspiel` (``pip install "truco-rules[openspiel]"``): importing
  it registers the OpenSpiel game ``truco_rules``.
* :mod:`truco_rules.adapters.pettingzoo` (``pip install "truco-rules[pettingzoo]"``):
  ``env(variant=..., seats=...)``, a PettingZoo AEC environment.

This package imports neither: the core works without the extras.
"""
