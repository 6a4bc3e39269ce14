// The judge of fragments that are not GDScript: project.godot sections (config_version, features,
// renamed settings, Godot 3 input event fields), scene and resource blocks (format, node and
// resource types, theme overrides and properties renamed for the node's class), shaders (renamed
// built-ins) and C# (renamed API names). Each line is read as the format defines it.
import { classLink, classRef } from './classref';
import type { Locator } from './locate';
import type { Confidence, Evidence, MigrationFragment } from './model';

type Add = (line: number, from: number, to: number, e: Omit<Evidence, 'line' | 'column' | 'endLine' | 'endColumn' | 'support'> & { support?: string[]; fixText?: string }) => void;

function adder(at: Locator, out: Evidence[]): Add {
  return (line, from, to, e) => {
    const base = at.offset(line, 1);
    const span = at.span(base + from, base + to);
    const { fixText, ...rest } = e;
    out.push({ ...span, ...rest, support: e.support ?? [], replacement: fixText !== undefined ? { ...span, text: fixText } : undefined });
  };
}

function fragmentLines(f: MigrationFragment): [number, string][] {
  return f.text.split('\n').map((l, i) => [f.startLine + i, l.replace(/\r$/, '')]);
}

/** Lines longer than this are data (a mesh, a PackedByteArray): not read for API names. */
const DATA_LINE = 2000;

export function judgeProject(f: MigrationFragment, at: Locator): Evidence[] {
  const out: Evidence[] = [];
  const add = adder(at, out);
  const ref = classRef();
  let section = '';
  for (const [line, text] of fragmentLines(f)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(text);
    if (header) {
      section = header[1];
      continue;
    }
    const cv = /^config_version\s*=\s*(\d+)/.exec(text);
    if (cv) {
      const v = Number(cv[1]);
      if (v <= 4) add(line, 0, text.length, { version: 'godot3', rule: 'project-config', confidence: 'high', what: text.trim(), godot4: 'config_version=5', message: `${text.trim()}: a Godot 3 project file (Godot 4 writes config_version=5 when it converts the project)` });
      else add(line, 0, text.length, { version: 'godot4', rule: 'project-config', confidence: 'high', what: text.trim(), message: `${text.trim()}: a Godot 4 project file` });
      continue;
    }
    const features = /^config\/features\s*=\s*PackedStringArray\(([^)]*)\)/.exec(text);
    if (features) {
      add(line, 0, text.length, { version: 'godot4', rule: 'project-config', confidence: 'high', what: text.trim(), message: `${text.trim()}: written by Godot ${/"(\d+\.\d+)"/.exec(features[1])?.[1] ?? '4'}` });
      continue;
    }
    const kv = /^([\w./-]+)\s*=/.exec(text);
    if (kv && section) {
      const key = kv[1];
      const full = `${section}/${key}`;
      const row = ref.renamesOf('project_settings_renames', full)[0] ?? ref.renamesOf('project_godot_renames', key)[0];
      if (row && !row.ambiguous) {
        const newKey = row.table === 'project_settings_renames' ? row.new.slice(section.length + 1) : row.new;
        const sameSection = row.table !== 'project_settings_renames' || row.new.startsWith(`${section}/`);
        add(line, 0, key.length, { version: 'godot3', rule: 'project-setting-rename', confidence: 'high', what: full, godot4: row.new, message: `the project setting ${full} is ${row.new} in Godot 4`, support: [row.id], fixText: sameSection ? newKey : undefined });
      }
    }
    if (section === 'input' && text.length < DATA_LINE * 10) {
      for (const [old, neu, id] of inputRenames()) {
        const i = text.indexOf(old);
        if (i >= 0) add(line, i, i + old.length, { version: 'godot3', rule: 'input-map', confidence: 'high', what: old, godot4: neu, message: `the input event field ${old.replace(/^,|:$/g, '')} is ${neu.replace(/^,|:$/g, '')} in Godot 4`, support: [id], fixText: neu });
      }
      if (/"physical_keycode":|"pressed":false,"keycode"|"ctrl_pressed":/.test(text)) add(line, 0, text.length, { version: 'godot4', rule: 'input-map', confidence: 'high', what: 'Godot 4 input event fields', message: 'input events written by Godot 4' });
    }
  }
  return out;
}

let inputPairs: [string, string, string][] | undefined;
function inputRenames(): [string, string, string][] {
  if (!inputPairs) {
    inputPairs = classRef()
      .tableRows('input_map_renames')
      .filter((r) => !r.ambiguous)
      .map((r) => [r.old, r.new, r.id]);
  }
  return inputPairs;
}

export function judgeResource(f: MigrationFragment, at: Locator): Evidence[] {
  const out: Evidence[] = [];
  const add = adder(at, out);
  const ref = classRef();
  let nodeType: string | undefined;
  for (const [line, text] of fragmentLines(f)) {
    if (text.length > DATA_LINE) continue;
    if (text.startsWith('[')) {
      const fmt = /^\[gd_(?:scene|resource)\b.*\bformat=(\d+)/.exec(text);
      if (fmt) {
        const i = text.indexOf(`format=${fmt[1]}`);
        if (Number(fmt[1]) <= 2) add(line, i, i + 8, { version: 'godot3', rule: 'scene-format', confidence: 'high', what: `format=${fmt[1]}`, godot4: 'format=3', message: `format=${fmt[1]}: written by Godot 3; Godot 4 converts it (format=3) when the project is upgraded` });
        else add(line, i, i + 8, { version: 'godot4', rule: 'scene-format', confidence: 'high', what: `format=${fmt[1]}`, message: `format=${fmt[1]}: written by Godot 4` });
      }
      const type = /\btype="(\w+)"/.exec(text);
      nodeType = text.startsWith('[node') ? type?.[1] : text.startsWith('[sub_resource') ? type?.[1] : undefined;
      if (type && !text.startsWith('[ext_resource type="Script"')) {
        const cls = type[1];
        const in3 = ref.hasClass(3, cls);
        const in4 = ref.hasClass(4, cls);
        const i = text.indexOf(type[0]) + 6;
        if (in3 && !in4) {
          const row = ref.renamesOf('class_renames', cls).find((r) => ref.hasClass(4, r.new));
          add(line, i, i + cls.length, row
            ? { version: 'godot3', rule: 'scene-class-rename', confidence: 'high', what: cls, godot4: row.new, message: `${cls} was renamed ${row.new} in Godot 4`, support: [row.id], fixText: row.ambiguous ? undefined : row.new, link: classLink(4, row.new) }
            : { version: 'godot3', rule: 'api-removed', confidence: 'high', what: cls, message: `the class ${cls} is not in Godot 4`, link: classLink(3, cls) });
        } else if (in4 && !in3) add(line, i, i + cls.length, { version: 'godot4', rule: 'gd4-api', confidence: 'high', what: cls, message: `${cls} is a Godot 4 class` });
      }
      continue;
    }
    const prop = /^([\w/]+)\s*=/.exec(text);
    if (!prop) continue;
    const key = prop[1];
    const slash = key.indexOf('/');
    if (slash > 0) {
      const row = classRef().renamesOf('theme_override_renames', key.slice(0, slash + 1))[0];
      if (row && !row.ambiguous) add(line, 0, slash + 1, { version: 'godot3', rule: 'theme-override', confidence: 'high', what: key, godot4: row.new + key.slice(slash + 1), message: `${key} is ${row.new}${key.slice(slash + 1)} in Godot 4`, support: [row.id], fixText: row.new });
      else if (key.startsWith('theme_override_')) add(line, 0, key.length, { version: 'godot4', rule: 'theme-override', confidence: 'high', what: key, message: `${key} is a Godot 4 theme override` });
      continue;
    }
    if (nodeType && ref.hasClass(3, nodeType) && ref.member(3, nodeType, key) && !ref.member(4, ref.classIn4(nodeType) ?? nodeType, key)) {
      const c4 = ref.classIn4(nodeType) ?? nodeType;
      const row = ref.renamesOf('gdscript_properties_renames', key).find((r) => ref.member(4, c4, r.new));
      add(line, 0, key.length, row
        ? { version: 'godot3', rule: 'api-rename', confidence: 'high', what: `${nodeType}.${key}`, godot4: row.new, message: `${nodeType}.${key} was renamed ${row.new} in Godot 4`, support: [row.id], fixText: row.ambiguous ? undefined : row.new }
        : { version: 'godot3', rule: 'api-removed', confidence: 'medium', what: `${nodeType}.${key}`, message: `${nodeType}.${key} is not in Godot 4`, link: classLink(3, nodeType, key, 'property') });
    }
  }
  return out;
}

/** Comments out of a code line (C-like: shaders and C#), same length, so columns stay. */
function codeOnly(line: string, state: { block: boolean }): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    if (state.block) {
      if (line.startsWith('*/', i)) (state.block = false), (out += '  '), i++;
      else out += ' ';
      continue;
    }
    if (line.startsWith('/*', i)) (state.block = true), (out += '  '), i++;
    else if (line.startsWith('//', i)) return out + ' '.repeat(line.length - i);
    else if (line[i] === '"') {
      // Strings blanked too: names in them are not uses.
      const end = line.indexOf('"', i + 1);
      const stop = end < 0 ? line.length : end + 1;
      out += ' '.repeat(stop - i);
      i = stop - 1;
    } else out += line[i];
  }
  return out;
}

export function judgeShader(f: MigrationFragment, at: Locator): Evidence[] {
  const out: Evidence[] = [];
  const add = adder(at, out);
  const ref = classRef();
  const state = { block: false };
  const newNames = new Set<string>();
  for (const [line, raw] of fragmentLines(f)) {
    const text = codeOnly(raw, state);
    for (const m of text.matchAll(/\b[A-Za-z_]\w*\b/g)) {
      const row = ref.renamesOf('shaders_renames', m[0])[0];
      if (row) add(line, m.index!, m.index! + m[0].length, { version: 'godot3', rule: 'shader-rename', confidence: 'high', what: m[0], godot4: row.new, message: `the shader built-in ${m[0]} is ${row.new} in Godot 4`, support: [row.id], fixText: row.ambiguous ? undefined : row.new });
      else if (shaderNew4().has(m[0]) && !newNames.has(m[0])) {
        newNames.add(m[0]);
        add(line, m.index!, m.index! + m[0].length, { version: 'godot4', rule: 'shader-rename', confidence: 'medium', what: m[0], message: `${m[0]} is a Godot 4 shader built-in` });
      }
    }
    const hint = /\b(source_color|hint_screen_texture|hint_depth_texture|hint_normal_roughness_texture)\b/.exec(text);
    if (hint) add(line, hint.index, hint.index + hint[0].length, { version: 'godot4', rule: 'shader-rename', confidence: 'high', what: hint[0], message: `${hint[0]} is Godot 4 shader syntax` });
    const color = /\bhint_color\b/.exec(text);
    if (color) add(line, color.index, color.index + color[0].length, { version: 'godot3', rule: 'shader-rename', confidence: 'high', what: 'hint_color', godot4: 'source_color', message: 'hint_color is source_color in Godot 4', fixText: 'source_color' });
  }
  return out;
}

let shaderTargets: Set<string> | undefined;
function shaderNew4(): Set<string> {
  // The new names of the renamed built-ins that are not also old names (VIEW_MATRIX is both).
  if (!shaderTargets) {
    const rows = classRef().tableRows('shaders_renames');
    const olds = new Set(rows.map((r) => r.old));
    shaderTargets = new Set(rows.map((r) => r.new).filter((n) => !olds.has(n)));
  }
  return shaderTargets;
}

const CSHARP_TABLES = ['csharp_function_renames', 'csharp_properties_renames', 'csharp_signals_renames', 'class_renames', 'builtin_types_renames'];

export function judgeCsharp(f: MigrationFragment, at: Locator, projectNames: Set<string>): Evidence[] {
  const out: Evidence[] = [];
  const add = adder(at, out);
  const ref = classRef();
  const state = { block: false };
  for (const [line, raw] of fragmentLines(f)) {
    const text = codeOnly(raw, state);
    for (const m of text.matchAll(/\b[A-Za-z_]\w*\b/g)) {
      const name = m[0];
      if (projectNames.has(name)) continue;
      for (const table of CSHARP_TABLES) {
        // Only pairs whose old name is 3.x API and not 4.x API, in the engine's active table.
        const row = ref.renamesOf(table, name).find((r) => !r.ambiguous && r.old3?.length && !r.old4?.length);
        if (!row) continue;
        const confidence: Confidence = table === 'class_renames' || table === 'builtin_types_renames' ? 'high' : 'medium';
        add(line, m.index!, m.index! + name.length, { version: 'godot3', rule: 'csharp-rename', confidence, what: name, godot4: row.new, message: `${name} is ${row.new} in Godot 4's C# API`, support: [row.id], fixText: confidence === 'high' ? row.new : undefined });
        break;
      }
    }
  }
  return out;
}
