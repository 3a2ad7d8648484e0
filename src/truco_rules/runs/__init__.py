"""Many matches: agents for simulations, playouts and their statistics, fan-out over executors,
perft counts, the simple bot.
"""
