"""Rules in words and tables: option values and rules as players say them, variants side by side,
their differences, and the table renderers.
"""
