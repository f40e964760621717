#!/usr/bin/env bash
# Builds listdsl in release mode with the Swift runtime linked statically and installs it, with its
# man page and its bash, zsh and fish completions, under PREFIX (default: ~/.local).
#   scripts/install.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-$HOME/.local}
# No library ships beside the binary, so no $ORIGIN run path: the loader would look there first, in
# vain, for each of the six system libraries at every start.
swift build -c release --static-swift-stdlib --disable-local-rpath --product listdsl
bin=$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/listdsl
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin" "$prefix/bin/listdsl"
install -m 644 docs/listdsl.1 "$prefix/share/man/man1/listdsl.1"
install -m 644 completions/listdsl.bash "$prefix/share/bash-completion/completions/listdsl"
install -m 644 completions/_listdsl "$prefix/share/zsh/site-functions/_listdsl"
install -m 644 completions/listdsl.fish "$prefix/share/fish/vendor_completions.d/listdsl.fish"
# The WebAssembly interpreter that 'listdsl html --playground' puts in a page, when scripts/wasm.sh built it.
if [ -f .build-wasm/listdsl.wasm.pack ]; then
    install -d "$prefix/share/listdsl"
    install -m 644 .build-wasm/listdsl.wasm.pack "$prefix/share/listdsl/listdsl.wasm.pack"
    echo "  playground:  $prefix/share/listdsl/listdsl.wasm.pack (listdsl html --playground)"
fi
echo "installed $("$prefix/bin/listdsl" --version) in $prefix/bin"
echo "  man page:    $prefix/share/man/man1/listdsl.1"
echo "  completions: $prefix/share/bash-completion/completions/listdsl, $prefix/share/zsh/site-functions/_listdsl,"
echo "               $prefix/share/fish/vendor_completions.d/listdsl.fish"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not on your PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
