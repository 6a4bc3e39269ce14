#!/usr/bin/env bash
# Rebuilds grammars/tree-sitter-gdscript.wasm from the parser.c that the tree-sitter-gdscript npm
# package ships. Only needed when that package is bumped: the output is committed, so CI and
# developers never need emscripten (apt-get install -y emscripten, ~1 GB).
# The flags are those of tree-sitter-cli's compile_parser_to_wasm (<= 0.25); the build is deterministic.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/node_modules/tree-sitter-gdscript/src"
emcc -o "$root/grammars/tree-sitter-gdscript.wasm" -Os -s WASM=1 -s SIDE_MODULE=2 \
  -s TOTAL_MEMORY=33554432 -s NODEJS_CATCH_EXIT=0 \
  -s 'EXPORTED_FUNCTIONS=["_tree_sitter_gdscript"]' -fno-exceptions -fvisibility=hidden \
  -I . parser.c scanner.c
ls -l "$root/grammars/tree-sitter-gdscript.wasm"
