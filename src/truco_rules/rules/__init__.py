"""The rules a variant is made of: the hooks it plugs (cards ranking, tricks, the bet ladder, match
scoring, special hands, envido and flor, side bets of its own), the Variant that bundles them
and the registry that names them.
"""
