// The three tables as shipped in data/godot/ (built by scripts/build-godot-tables.mjs from the
// engine's rename tables and class references, MIT — see data/godot/LICENSE-godot.txt), read once
// per process.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../base/assets';

/** A row of api_mapping: one rename of the engine's converter tables. */
export interface RenameRow {
  id: string;
  table: string;
  old: string;
  new: string;
  /** One of the pairs the engine disabled; `note` says why. */
  ambiguous: boolean;
  note?: string;
  /** Where the names live in the class references ('class' for a class name; '+N' closes a trimmed list). */
  old3?: string[];
  old4?: string[];
  new4?: string[];
  /** A pair the engine's table has backwards (the old name is 4.x API, the new one 3.x only). */
  reversed?: boolean;
}

/** A row of label_prototypes: a usage that changed shape. */
export interface LabelPrototype {
  id: string;
  rule: string;
  title: string;
  apis: string[];
  godot3: string;
  godot4: string;
  explanation: string;
  removed?: string[];
  /** The 4.x class that took over a removed 3.x one (File → FileAccess). */
  successor?: Record<string, string>;
  /** Renames the engine's converter makes in code, not in its tables (`CanvasItem.update` → queue_redraw). */
  renames?: Record<string, string>;
}

/** Member facts: a kind letter (m method, p property, s signal, c constant, a annotation), then per kind:
 * m: return type, required args, most args (-1 vararg), signature; p: type; s: arg count, signature; c: value, enum. */
export type MemberFacts = [string, ...(string | number)[]];

export interface ClassFacts {
  inherits: { 3?: string | null; 4?: string | null };
  members: Record<string, { 3?: MemberFacts; 4?: MemberFacts }>;
}

export interface DocsFacts {
  versions: { 3: string; 4: string };
  classes: Record<string, ClassFacts>;
}

export function godotDataDir(): string {
  return path.join(packageRoot(), 'data', 'godot');
}

const cache = new Map<string, unknown>();

function read<T>(file: string): T {
  let v = cache.get(file);
  if (v === undefined) {
    v = JSON.parse(fs.readFileSync(path.join(godotDataDir(), file), 'utf8'));
    cache.set(file, v);
  }
  return v as T;
}

export const apiMapping = (): RenameRow[] => read<{ rows: RenameRow[] }>('api_mapping.json').rows;
export const labelPrototypes = (): LabelPrototype[] => read<{ rows: LabelPrototype[] }>('label_prototypes.json').rows;
export const docsFacts = (): DocsFacts => read<DocsFacts>('docs_chunks.json');
