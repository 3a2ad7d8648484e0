"""With ``TRUCO_RULES_CI`` set, the property tests draw their examples deterministically."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("TRUCO_RULES_CI"):
    settings.load_profile("ci")
