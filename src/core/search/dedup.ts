// Copies of one definition collapse into one result. Packages ship the same function several
// times — `src/x.ts`, `dist/cjs/x.js`, `dist/esm/x.js`, `x.d.ts` declarations, Python `.pyi`
// stubs — and the copies took three of the top five places for one answer, pushing distinct
// definitions out. The best-ranked copy stays; the others are listed on it.
import { lexWords } from '../base/lexer';

export interface Located {
  path: string;
  startLine: number;
  endLine: number;
  kind: string;
  qualifiedName: string;
  text: string;
}

/** A file's name without its directory and every extension: `dist/esm/shared/stdio.d.ts` → `stdio`. */
export function fileStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.indexOf('.', 1);
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Declaration-only files: they restate a definition that lives next to them under the same name. */
export function isDeclarationFile(path: string): boolean {
  return /\.d\.[cm]?ts$|\.pyi$/.test(path);
}

function words(text: string): Set<string> {
  const out = new Set<string>();
  lexWords(text, (start, end) => void out.add(text.slice(start, end)));
  return out;
}

/** Share of identifiers two texts have in common (Jaccard). */
export function overlap(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  const union = x.size + y.size - common;
  return union ? common / union : 1;
}

// Transpiled copies keep most identifiers (cjs adds `exports`, `_1` suffixes, helpers); unrelated
// same-named functions in same-named files share far fewer.
const SAME_CODE = 0.5;

/**
 * Whether `b` is a copy of `a`: the same qualified name in a file of the same name, and either one
 * of them is a declaration (`.d.ts`, `.pyi`) or their code is mostly the same identifiers.
 */
export function isCopy(a: Located, b: Located): boolean {
  if (a.qualifiedName !== b.qualifiedName || fileStem(a.path) !== fileStem(b.path)) return false;
  if (a.path === b.path) return false;
  if (isDeclarationFile(a.path) || isDeclarationFile(b.path)) return true;
  return a.kind === b.kind && overlap(a.text, b.text) >= SAME_CODE;
}

export interface CopyLocation {
  path: string;
  startLine: number;
  endLine: number;
}

/** Items in rank order with each later copy folded into the first: `copies` says where they are. */
export function collapseCopies<T>(ranked: T[], located: (t: T) => Located): { item: T; copies: CopyLocation[] }[] {
  const out: { item: T; at: Located; copies: CopyLocation[] }[] = [];
  for (const item of ranked) {
    const at = located(item);
    const first = out.find((o) => isCopy(o.at, at));
    if (first) first.copies.push({ path: at.path, startLine: at.startLine, endLine: at.endLine });
    else out.push({ item, at, copies: [] });
  }
  return out.map(({ item, copies }) => ({ item, copies }));
}
