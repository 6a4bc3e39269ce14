#!/usr/bin/env bash
# Rebuilds grammars/tree-sitter-gdscript.wasm from the parser.c that the tree-sitter-gdscript npm
# package ships, patched by scripts/patch-gdscript-parser.mjs so Godot 4 unique names inside `$`
# paths (`$%Score`, `$HUD/%Score`) parse. Only needed when that package or the patch changes: the
# output is committed, so CI and developers never need emscripten (apt-get install -y emscripten, ~1 GB).
# The flags are those of tree-sitter-cli's compile_parser_to_wasm (<= 0.25); the build is deterministic.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/node_modules/tree-sitter-gdscript/src/." "$work/"
node "$root/scripts/patch-gdscript-parser.mjs" "$root/node_modules/tree-sitter-gdscript/src/parser.c" "$work/parser.c"
cd "$work"
emcc -o "$root/grammars/tree-sitter-gdscript.wasm" -Os -s WASM=1 -s SIDE_MODULE=2 \
  -s TOTAL_MEMORY=33554432 -s NODEJS_CATCH_EXIT=0 \
  -s 'EXPORTED_FUNCTIONS=["_tree_sitter_gdscript"]' -fno-exceptions -fvisibility=hidden \
  -I . parser.c scanner.c
ls -l "$root/grammars/tree-sitter-gdscript.wasm"
md5sum "$root/grammars/tree-sitter-gdscript.wasm"
