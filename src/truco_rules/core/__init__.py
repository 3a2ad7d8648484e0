"""The vocabulary every layer uses: cards, actions and their ids, errors, the argument policy, hook
options, the deal context a value hook reads, fast copies.
"""
