"""One contest of a deal as a state machine, made of parts: trick play, the bet ladder, the special
hands and the side bets (the envido and flor bets, a variant's own behind a guard), and why an
action is refused.
"""
