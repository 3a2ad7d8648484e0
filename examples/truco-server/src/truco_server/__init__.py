"""truco-server: a reference multiplayer server for truco-rules.

Tables for people and bots over WebSocket, each seat sent only its own observation, tables
kept in SQLite through a crash, and a static browser client. See the package's README.
"""

from __future__ import annotations

from .app import create_app
from .tables import Lobby

__all__ = ["Lobby", "create_app"]
__version__ = "0.1.0"
