#!/bin/sh
# Mutation run of truco-rules on a snapshot, in one command (see docs/mutation.md).
#
#   tools/mutation/run.sh [COMMIT]        # default: HEAD
#
# Environment: SNAP (snapshot dir, default /tmp/truco-mut), VENV (its virtualenv, default
# $SNAP-venv), SEED (default 20261123), TOTAL (mutants sampled over all modules, default
# 450), BUDGET (minutes for the whole sampled run, default: none).
# The snapshot is made afresh from COMMIT (an existing one at another commit is refused),
# so the same COMMIT, SEED and TOTAL test the same mutants with the same tests.
set -eu
REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
COMMIT=$(git -C "$REPO" rev-parse "${1:-HEAD}")
SNAP=${SNAP:-/tmp/truco-mut}
VENV=${VENV:-$SNAP-venv}
SEED=${SEED:-20261123}
TOTAL=${TOTAL:-450}
BUDGET=${BUDGET:-}

if [ -d "$SNAP" ]; then
    have=$(git -C "$SNAP" rev-parse HEAD)
    if [ "$have" != "$COMMIT" ]; then
        echo "$SNAP is at $have, not $COMMIT: git -C $REPO worktree remove --force $SNAP" >&2
        exit 2
    fi
else
    git -C "$REPO" worktree add --detach "$SNAP" "$COMMIT"
fi
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q -e "$SNAP[test]" coverage
fi
# The runner and the equivalents list come from the snapshot itself (same commit).
MUT="$VENV/bin/python $SNAP/tools/mutation/mutate.py --root $SNAP"
start=$(date +%s)
$MUT covmap        # the suite once under coverage: which test reaches which line
$MUT baseline      # every test unmutated, as mutants are run: only passing tests are used
$MUT selftest      # the mutated file really is the one imported
$MUT run --total "$TOTAL" --seed "$SEED" ${BUDGET:+--budget "$BUDGET"}
$MUT report --sample-only --equivalent "$SNAP/tools/mutation/equivalent.txt" \
    | tee "$SNAP/.mutation/report.md"
echo "wall time: $(( ($(date +%s) - start) / 60 )) min; report in $SNAP/.mutation/report.md"
echo "remove the snapshot with: git -C $REPO worktree remove --force $SNAP; rm -rf $VENV"
