"""Check a built wheel from inside a clean environment it was installed into (``.ci/run``).

    python tools/check_wheel.py dist/truco_rules-X-py3-none-any.whl

Run with the clean environment's python, outside the clone: the wheel holds the kernel and
the built-in variants as ``truco_rules.variants.*`` with their entry points (and the pages
of the rules reference) and the MIT license (its expression and its text), ``import
truco_rules`` loads the installed copy with every built-in variant registered and the rules
reference's pages declared, and the
``truco-rules`` command reports the wheel's version.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import zipfile
from pathlib import Path

BUILTIN = ("argentine", "argentine-sin-flor", "argentine-blog", "paulista", "mineiro", "almeria")
MODULES = ("__init__", "argentine", "paulista", "mineiro", "almeria", "reference")


def main(wheel: str) -> int:
    version = Path(wheel).name.split("-")[1]
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        declared = z.read(entry_points).decode()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    missing = [m for m in MODULES if f"truco_rules/variants/{m}.py" not in names]
    assert not missing, f"the wheel lacks truco_rules.variants modules: {missing}"
    assert "truco_rules/py.typed" in names, "the wheel lacks py.typed"
    assert "License-Expression: MIT" in metadata.splitlines(), "the wheel does not declare MIT"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), "no LICENSE in it"
    for name in BUILTIN:
        assert f"{name} = truco_rules.variants." in declared, f"no entry point for {name}"
    assert "truco_rules.variants.reference:PAGES" in declared, "no entry point for the pages"

    import truco_rules as tr

    here = Path(tr.__file__).resolve()
    assert Path(sys.prefix).resolve() in here.parents, f"imported {here}, not the wheel's copy"
    assert tr.__version__ == version, (tr.__version__, version)
    registered = set(tr.variant_names())
    assert set(BUILTIN) <= registered, f"registered: {sorted(registered)}"
    from truco_rules.describe.reference import installed_reference

    assert installed_reference("").path("D12") == "rules/decisions/#d12", "no rules reference"
    m = tr.get_variant("paulista").new_match(2, seed=1)
    while not m.is_over():
        m.apply(m.legal_actions()[0])
    cli = Path(sys.executable).parent / "truco-rules"
    out = subprocess.run([str(cli), "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"truco-rules {version}", out.stdout
    print(f"wheel {Path(wheel).name}: {len(registered)} variants registered, {out.stdout.strip()}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("wheel", help="the built wheel (.whl)")
    sys.exit(main(parser.parse_args().wheel))
