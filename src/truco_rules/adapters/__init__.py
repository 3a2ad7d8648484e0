"""Adapters to other game frameworks, each behind an optional extra.

* :mod:`truco_rules.adapters.openspiel` (the ``openspiel`` extra): importing it registers
  the OpenSpiel game ``truco_rules``.
* :mod:`truco_rules.adapters.pettingzoo` (the ``pettingzoo`` extra):
  ``env(variant=..., seats=...)``, a PettingZoo AEC environment.

How to install an extra, from a clone today and once released: docs/getting-started.md,
Install.

This package imports neither: the core works without the extras.
"""
