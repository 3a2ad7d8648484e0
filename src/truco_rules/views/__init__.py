"""What a seat sees and how a match is written: observations, information-state strings, tensors,
positions, game records, narration.
"""
