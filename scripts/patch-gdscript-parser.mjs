#!/usr/bin/env node
// Teaches tree-sitter-gdscript 6.1.0's generated parser Godot 4's unique-name node paths inside
// `$` paths: `$%Score`, `$HUD/%Score`, `$"../UI"/%Label` stay a plain `get_node` instead of an ERROR.
//
// Why a patch of parser.c and not of grammar.js: regenerating parser.c needs the tree-sitter CLI,
// whose npm package downloads a binary at install (impossible here) and which Debian does not ship.
// The change is small enough to make in the generated tables themselves: in every parse state that
// follows a `$` or a `/` of a node path, the `%` token is accepted as an *extra* (like a comment:
// SHIFT_EXTRA, the state does not change), so `$%Score` parses exactly as `$Score` does, with the
// `%` kept as a child of the `get_node`. `%Score` alone already parsed (the grammar has it).
//
// The states are found from the tables, not hard-coded: S = states entered by shifting `$`; from S
// and from the states after a `/` of a path, shifting the identifier then `/` gives more path
// states (the closure). Each such small state's action block is copied to the end of
// ts_small_parse_table with `%` added to its SHIFT_EXTRA group, and its map entry re-pointed; the
// old block stays as unused data. Deterministic: same input, same output.
//
// Usage: node scripts/patch-gdscript-parser.mjs <parser.c in> <parser.c out>
import * as fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: patch-gdscript-parser.mjs IN OUT');
  process.exit(2);
}
const src = fs.readFileSync(input, 'utf8');

const define = (name) => Number(src.match(new RegExp(`#define ${name} (\\d+)`))[1]);
const LARGE = define('LARGE_STATE_COUNT');
// ts_builtin_sym_end is parser.h's, not in the enum.
const symbolIds = new Map([['ts_builtin_sym_end', 0]]);
for (const m of src.matchAll(/^ {2}(\w+) = (\d+),$/gm)) symbolIds.set(m[1], Number(m[2]));
const sym = (name) => {
  const id = symbolIds.get(name);
  if (id === undefined) throw new Error(`symbol ${name} not in parser.c`);
  return id;
};

// ts_parse_actions: index → the SHIFT target of its first action, or 'extra' for SHIFT_EXTRA.
const actionsText = src.slice(src.indexOf('static const TSParseActionEntry ts_parse_actions[]'));
const actions = new Map();
for (const m of actionsText.matchAll(/^ {2}\[(\d+)\] = \{\.entry = \{[^}]*\}\}, (SHIFT\((\d+)\)|SHIFT_EXTRA\(\)|[A-Z_]+\()/gm)) {
  actions.set(Number(m[1]), m[3] !== undefined ? Number(m[3]) : m[2] === 'SHIFT_EXTRA()' ? 'extra' : undefined);
}

// Small states: the table as numbers (symbol names resolved), and each state's offset.
const tableStart = src.indexOf('static const uint16_t ts_small_parse_table[] = {');
const tableEnd = src.indexOf('\n};', tableStart);
const tableBody = src.slice(src.indexOf('{', tableStart) + 1, tableEnd);
const table = [];
for (const line of tableBody.split('\n')) {
  for (const raw of line.split(',')) {
    const t = raw.trim().replace(/^\[\d+\] = /, '');
    if (!t) continue;
    const call = t.match(/^(?:ACTIONS|STATE)\((\d+)\)$/);
    table.push(call ? Number(call[1]) : /^\d+$/.test(t) ? Number(t) : sym(t));
  }
}
const mapStart = src.indexOf('static const uint32_t ts_small_parse_table_map[] = {');
const mapEnd = src.indexOf('\n};', mapStart);
const offsets = new Map([...src.slice(mapStart, mapEnd).matchAll(/\[SMALL_STATE\((\d+)\)\] = (\d+),/g)].map((m) => [Number(m[1]), Number(m[2])]));

/** The groups of a small state: [value, symbols[]]. */
function groupsOf(state) {
  const groups = [];
  let i = offsets.get(state);
  const n = table[i++];
  for (let g = 0; g < n; g++) {
    const value = table[i++];
    const count = table[i++];
    groups.push([value, table.slice(i, i + count)]);
    i += count;
  }
  return groups;
}

/** Where shifting `symbol` in `state` leads (small and large states). */
function shiftTarget(state, symbol) {
  if (state >= LARGE) {
    for (const [value, symbols] of groupsOf(state)) if (symbols.includes(symbol)) return actions.get(value);
    return undefined;
  }
  const block = src.slice(src.indexOf(`  [${state}] = {`, src.indexOf('ts_parse_table[LARGE_STATE_COUNT]')));
  const m = block.slice(0, block.indexOf('\n  },')).match(new RegExp(`\\[${[...symbolIds].find(([, v]) => v === symbol)[0]}\\] = ACTIONS\\((\\d+)\\)`));
  return m ? actions.get(Number(m[1])) : undefined;
}

const DOLLAR = sym('anon_sym_DOLLAR');
const PERCENT = sym('anon_sym_PERCENT');
const SLASH = sym('anon_sym_SLASH');
const IDENT = sym('sym__identifier');

// Every state where `$` is shifted, and where it leads.
const allStates = [...Array(define('STATE_COUNT')).keys()];
const afterDollar = new Set(allStates.map((s) => shiftTarget(s, DOLLAR)).filter((t) => typeof t === 'number'));
const pathStates = new Set(afterDollar);
// `%Name/...` paths share their `/` states with `$` paths: the closure also starts after the `%`
// shifted where `$` is (an expression's start, not the modulo operator).
const afterPercentName = new Set();
for (const s of allStates) {
  if (shiftTarget(s, DOLLAR) === undefined) continue;
  const p = shiftTarget(s, PERCENT);
  if (typeof p === 'number') afterPercentName.add(p);
}
const frontier = [...pathStates, ...afterPercentName];
const seen = new Set(frontier);
while (frontier.length) {
  const s = frontier.pop();
  const named = shiftTarget(s, IDENT);
  if (typeof named !== 'number') continue;
  const slash = shiftTarget(named, SLASH);
  if (typeof slash !== 'number' || seen.has(slash)) continue;
  seen.add(slash);
  pathStates.add(slash);
  frontier.push(slash);
}
for (const s of afterDollar) {
  // `$/root/Name`: a leading slash.
  const slash = shiftTarget(s, SLASH);
  if (typeof slash === 'number' && !pathStates.has(slash)) {
    pathStates.add(slash);
    const named = shiftTarget(slash, IDENT);
    const next = typeof named === 'number' ? shiftTarget(named, SLASH) : undefined;
    if (typeof next === 'number') pathStates.add(next);
  }
}

const extraAction = [...actions].find(([, v]) => v === 'extra' && true)?.[0];
const patched = [];
let appended = table.length;
const extraLines = [];
const remap = new Map();
for (const state of [...pathStates].sort((a, b) => a - b)) {
  if (state < LARGE) throw new Error(`state ${state} is a large state: not handled`);
  const groups = groupsOf(state);
  if (groups.some(([, symbols]) => symbols.includes(PERCENT))) continue;
  // The state's own SHIFT_EXTRA group (comments): `%` joins it.
  const extra = groups.find(([value]) => actions.get(value) === 'extra');
  if (extra) extra[1].push(PERCENT);
  else groups.push([extraAction, [PERCENT]]);
  const name = (id) => [...symbolIds].find(([, v]) => v === id)[0];
  const lines = [`  [${appended}] = ${groups.length},`];
  let size = 1;
  for (const [value, symbols] of groups) {
    lines.push(`    ACTIONS(${value}), ${symbols.length},`, ...symbols.map((s) => `      ${name(s)},`));
    size += 2 + symbols.length;
  }
  extraLines.push(`  // state ${state}: a \`$\` path, with \`%\` accepted as an extra (Godot 4 unique names)`, ...lines);
  remap.set(state, appended);
  appended += size;
  patched.push(state);
}
if (!patched.length) throw new Error('no state to patch: is this parser.c already patched, or another version?');

let out = src.slice(0, tableEnd) + '\n' + extraLines.join('\n') + src.slice(tableEnd);
out = out.replace(/\[SMALL_STATE\((\d+)\)\] = (\d+),/g, (all, state) => (remap.has(Number(state)) ? `[SMALL_STATE(${state})] = ${remap.get(Number(state))},` : all));
fs.writeFileSync(output, out);
console.log(`patched ${patched.length} parse states (${patched.join(', ')})`);
