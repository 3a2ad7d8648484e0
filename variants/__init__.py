"""Built-in regional variants of truco-rules, one module per region.

Each module composes kernel hooks into :class:`truco_rules.Variant` objects and registers them
through the ``truco_rules.variants`` entry-point group, exactly as a third-party package would.
"""
