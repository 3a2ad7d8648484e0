#!/bin/sh
# Mutation run of truco-rules on a snapshot (see docs/mutation.md).
#
#   tools/mutation/run.sh [COMMIT]        # default: HEAD
#
# Environment: SNAP (snapshot dir, default /tmp/truco-mut), VENV (its virtualenv, default
# $SNAP-venv), BUDGET (minutes per module, default 10), SAMPLES ("module:n ..." pairs; n=all
# for every mutant), SEED (default 6).
set -eu
REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
COMMIT=${1:-HEAD}
SNAP=${SNAP:-/tmp/truco-mut}
VENV=${VENV:-$SNAP-venv}
BUDGET=${BUDGET:-10}
SEED=${SEED:-6}
SAMPLES=${SAMPLES:-"src/truco_rules/hand.py:130 src/truco_rules/hooks.py:90 \
src/truco_rules/match.py:80 variants/argentine.py:30 variants/paulista.py:30 \
variants/mineiro.py:30 variants/almeria.py:30 src/truco_rules/cards.py:30 \
src/truco_rules/actions.py:40"}

if [ ! -d "$SNAP" ]; then
    git -C "$REPO" worktree add --detach "$SNAP" "$COMMIT"
fi
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q -e "$SNAP[test]" coverage
fi
MUT="$VENV/bin/python $REPO/tools/mutation/mutate.py --root $SNAP"

$MUT covmap        # the suite once under coverage: which test reaches which line
$MUT selftest      # the mutated file really is the one imported
for spec in $SAMPLES; do
    module=${spec%%:*}
    n=${spec##*:}
    if [ "$n" = all ]; then
        $MUT --module "$module" run --seed "$SEED" --budget "$BUDGET"
    else
        $MUT --module "$module" run --sample "$n" --seed "$SEED" --budget "$BUDGET"
    fi
done
$MUT report --equivalent "$REPO/tools/mutation/equivalent.txt"
echo "remove the snapshot with: git -C $REPO worktree remove --force $SNAP"
