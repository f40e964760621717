#!/usr/bin/env bash
# Generates docs/listdsl.1 from the command's argument definitions (swift-argument-parser's
# generate-manual plugin). With --check, fails when the checked-in page differs from a fresh one.
#   scripts/man.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
# A fixed date, so the page changes only when the arguments do.
date=2026-01-01
swift package plugin generate-manual --configuration debug --date "$date" --authors "the ListDSL authors" >/dev/null
fresh=.build/plugins/GenerateManual/outputs/listdsl/listdsl.1
if [ "${1:-}" = "--check" ]; then
    if ! diff -u docs/listdsl.1 "$fresh"; then
        echo "docs/listdsl.1 does not match the argument definitions: run scripts/man.sh and commit it"
        exit 1
    fi
    echo "docs/listdsl.1 matches the argument definitions"
else
    cp "$fresh" docs/listdsl.1
    echo "wrote docs/listdsl.1"
fi
