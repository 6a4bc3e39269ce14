// Every path an adapter passes in is confined to the workspace root: an MCP client or a
// language-server peer must not read or name anything outside it.
import * as path from 'node:path';

export class OutsideRootError extends Error {}

/** A workspace-relative `/` path for `p` (relative to the root, or absolute), refused when it leaves the root. */
export function confine(root: string, p: string): string {
  const abs = path.resolve(root, p);
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new OutsideRootError(`path ${p} is outside the workspace root ${root}`);
  return rel.split(path.sep).join('/');
}

/** Glob patterns may not climb out of the root either. */
export function confineGlob(root: string, glob: string): string {
  if (path.isAbsolute(glob)) return confine(root, glob);
  if (glob.split(/[\\/]/).includes('..')) throw new OutsideRootError(`pattern ${glob} is outside the workspace root ${root}`);
  return glob;
}
