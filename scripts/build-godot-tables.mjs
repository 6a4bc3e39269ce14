#!/usr/bin/env node
// Builds the Godot 3 → 4 migration tables under data/godot/ from the engine's facts (the rename
// tables of editor/project_upgrade/renames_map_3_to_4.cpp and the class references of 3.6.2 and
// 4.6.3, as laid out in shared/data/godot) and from the team's own label prototypes:
//   api_mapping.json       every rename of the 15 tables; the 86 pairs the engine disabled are kept,
//                          marked ambiguous with the engine's reason; each pair is checked against
//                          the class references (is the old name 3.x API? still 4.x API? the new one 4.x?)
//   docs_chunks.json       one entry per class member for 3.x and 4.x: names, signatures, which
//                          version has it. Facts only: the upstream prose is indexed at run time
//                          from a class-reference folder the user points to (--class-ref).
//   label_prototypes.json  usages that changed shape (scripts/godot/label-prototypes.mjs)
// Deterministic: same input, same bytes. Usage: node scripts/build-godot-tables.mjs [DATA_DIR]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LABEL_PROTOTYPES } from './godot/label-prototypes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'data', 'godot'));
const outDir = path.join(root, 'data', 'godot');
fs.mkdirSync(outDir, { recursive: true });

const readJson = (f) => JSON.parse(fs.readFileSync(path.join(dataDir, f), 'utf8'));
const readClasses = (f) =>
  new Map(
    fs
      .readFileSync(path.join(dataDir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .map((c) => [c.class, c]),
  );

const ref = { 3: readClasses('classref3.jsonl'), 4: readClasses('classref4.jsonl') };

// ---- docs_chunks: the class references as facts -------------------------------------------------

/** `name: Type = default`, the way the class reference writes an argument. */
const argText = (a) => `${a.name}: ${a.type ?? 'Variant'}${a.default !== undefined ? ` = ${a.default}` : ''}`;

function methodFacts(m) {
  const args = m.args ?? [];
  const required = args.filter((a) => a.default === undefined).length;
  const vararg = /vararg/.test(m.qualifiers ?? '');
  const isStatic = /static/.test(m.qualifiers ?? '');
  // [return type, required arguments, most arguments (-1: vararg), signature, 1 when static]
  const facts = [m.return ?? 'void', required, vararg ? -1 : args.length, `${isStatic ? 'static ' : ''}${m.name}(${args.map(argText).join(', ')}${vararg ? ', ...' : ''}) -> ${m.return ?? 'void'}`];
  return isStatic ? [...facts, 1] : facts;
}

const KIND = { method: 'm', property: 'p', signal: 's', constant: 'c', annotation: 'a' };
// classes[name] = {inherits: {3, 4}, members: {name: {3?: [kind letter, ...facts], 4?: [...]}}}
const classes = {};
for (const version of [3, 4]) {
  for (const [name, c] of ref[version]) {
    const entry = (classes[name] ??= { inherits: {}, members: {} });
    entry.inherits[version] = c.inherits ?? null;
    const put = (member, kind, facts) => {
      const m = (entry.members[member] ??= {});
      // A name both a method and a constant in one class does not occur; the first kind stays.
      m[version] ??= [KIND[kind], ...facts];
    };
    for (const m of c.methods ?? []) put(m.name, 'method', methodFacts(m));
    for (const p of c.properties ?? []) put(p.name, 'property', [p.type ?? 'Variant']);
    for (const s of c.signals ?? []) put(s.name, 'signal', [(s.args ?? []).length, `${s.name}(${(s.args ?? []).map(argText).join(', ')})`]);
    for (const k of c.constants ?? []) put(k.name, 'constant', [k.value ?? '', k.enum ?? '']);
    for (const a of c.annotations ?? []) put(a.name, 'annotation', [`${a.name}(${(a.args ?? []).map(argText).join(', ')})`]);
  }
}
const sortedObject = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
for (const c of Object.values(classes)) c.members = sortedObject(c.members);
const docsChunks = {
  about: 'Godot class reference facts (names, signatures, which version has them), derived from Godot Engine 3.6.2-stable and 4.6.3-stable doc/classes (MIT licence, see LICENSE-godot.txt). Member facts: [return type, required args, most args (-1 vararg), signature, 1 when static] for methods, [type] for properties, [arg count, signature] for signals, [value, enum] for constants.',
  versions: { 3: '3.6.2-stable', 4: '4.6.3-stable' },
  classes: sortedObject(classes),
};

// ---- api_mapping: the rename tables, checked against the class references -----------------------

/** Classes of a version holding `name` as a member of one of `kinds` (kind letters). */
function holders(version, name, kinds) {
  const out = [];
  for (const [cls, c] of Object.entries(classes)) {
    const facts = c.members[name]?.[version];
    if (facts && kinds.includes(facts[0])) out.push(cls);
  }
  return out.sort();
}
const isClass = (version, name) => classes[name]?.inherits?.[version] !== undefined;

const KIND_OF_TABLE = {
  gdscript_function_renames: 'm',
  csharp_function_renames: 'm',
  gdscript_properties_renames: 'p',
  csharp_properties_renames: 'p',
  gdscript_signals_renames: 's',
  csharp_signals_renames: 's',
  enum_renames: 'c',
  color_renames: 'c',
};

/** Where a name lives in a version: 'class', a few holder classes, or nothing. */
function presence(table, name, version) {
  if (table === 'class_renames' || table === 'builtin_types_renames') return isClass(version, name) ? ['class'] : [];
  const kinds = KIND_OF_TABLE[table];
  if (!kinds) return undefined; // settings, input map, theme overrides, shaders: not class members
  // C# names are the PascalCase of the GDScript ones.
  const gd = table.startsWith('csharp_') ? name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : name;
  return holders(version, gd, kinds);
}

const active = readJson('renames_3_to_4.json');
const annotated = readJson('renames_3_to_4_annotated.json');
const disabled = readJson('renames_3_to_4_disabled.json');
const mapping = [];
for (const table of Object.keys(active).sort()) {
  const notes = new Map((annotated[table] ?? []).map(([o, n, note]) => [`${o}\u0000${n}`, note]));
  const rows = [
    ...active[table].map(([o, n]) => ({ old: o, new: n, ambiguous: false, note: notes.get(`${o}\u0000${n}`) ?? undefined })),
    ...(disabled[table] ?? []).map(([o, n, why]) => ({ old: o, new: n, ambiguous: true, note: why })),
  ];
  for (const r of rows) {
    const in3 = presence(table, r.old, 3);
    const in4 = presence(table, r.old, 4);
    const new4 = presence(table, r.new, 4);
    const row = { id: `${table}:${r.old}${r.ambiguous ? ':ambiguous' : ''}`, table, old: r.old, new: r.new, ambiguous: r.ambiguous };
    if (r.note) row.note = r.note;
    if (in3) {
      // Trimmed lists: a common name (`get_name`) lives in dozens of classes; the count says so.
      const cap = (xs) => (xs.length > 8 ? [...xs.slice(0, 8), `+${xs.length - 8}`] : xs);
      row.old3 = cap(in3);
      row.old4 = cap(in4);
      row.new4 = cap(new4);
      // The engine's table has a few pairs backwards (SIDE_* → MARGIN_*): the old name is 4.x API
      // and the new one only 3.x. Such a pair is never evidence of Godot 3.
      if (in4.length && !new4.length && presence(table, r.new, 3).length) row.reversed = true;
    }
    mapping.push(row);
  }
}

// ---- label prototypes, checked against the class references ------------------------------------
for (const p of LABEL_PROTOTYPES) {
  for (const key of ['id', 'rule', 'title', 'godot3', 'godot4', 'explanation']) if (!p[key]) throw new Error(`label prototype ${p.id ?? '?'} lacks ${key}`);
  for (const api of p.removed ?? []) {
    const [cls, member] = api.split('.');
    const c = classes[cls];
    const gone = member ? c?.members[member]?.[3] && !c?.members[member]?.[4] : isClass(3, cls) && !isClass(4, cls);
    if (!gone) throw new Error(`label prototype ${p.id}: ${api} is not a 3.x API missing from 4.x`);
  }
  for (const [api, renamed] of Object.entries(p.renames ?? {})) {
    const [cls, member] = api.split('.');
    const m = classes[cls]?.members;
    if (!m?.[member]?.[3] || m?.[member]?.[4] || !m?.[renamed]?.[4]) throw new Error(`label prototype ${p.id}: ${api} → ${renamed} is not a 3.x member renamed in 4.x`);
  }
}

const write = (file, value) => fs.writeFileSync(path.join(outDir, file), JSON.stringify(value) + '\n');
write('api_mapping.json', {
  about: "Godot 3 → 4 renames from the engine's own converter tables (editor/project_upgrade/renames_map_3_to_4.cpp, Godot 4.6.3-stable, MIT licence, see LICENSE-godot.txt); ambiguous: pairs the engine disabled, with its reason; old3/old4/new4: where the names live in the 3.6.2 and 4.6.3 class references.",
  rows: mapping,
});
write('docs_chunks.json', docsChunks);
write('label_prototypes.json', { about: 'Usages that changed shape between Godot 3 and Godot 4, written by the CodeRAG team.', rows: LABEL_PROTOTYPES });
fs.copyFileSync(path.join(dataDir, 'LICENSE-godot.txt'), path.join(outDir, 'LICENSE-godot.txt'));
const count = (t) => mapping.filter((r) => r.table === t).length;
console.log(
  `api_mapping ${mapping.length} rows (${mapping.filter((r) => r.ambiguous).length} ambiguous, ${mapping.filter((r) => r.reversed).length} reversed; ${Object.keys(active)
    .sort()
    .map((t) => `${t} ${count(t)}`)
    .join(', ')}); docs_chunks ${Object.keys(classes).length} classes, ${Object.values(classes).reduce((n, c) => n + Object.keys(c.members).length, 0)} members; label_prototypes ${LABEL_PROTOTYPES.length}`,
);
