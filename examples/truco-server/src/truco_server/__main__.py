"""``python -m truco_server``: the same as the ``truco-server`` command."""

from .cli import main

main()
