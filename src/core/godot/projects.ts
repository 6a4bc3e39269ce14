// Where the Godot projects of a workspace folder are, for an editor that opens the folder rather
// than a project: each folder holding a project.godot is one project (its files are those below it,
// nearest project first); scripts under no project.godot form one more, rooted at the folder, when
// there is GDScript among them. The walk is the index's own (.gitignore, built-in excludes).
import * as path from 'node:path';
import { readSourceText } from '../scan/content';
import { scanWorkspaceAsync } from '../scan/walker';
import type { SourceFile } from './model';
import { isRoute, routeOf } from './route';

export interface GodotProject {
  /** The project's folder relative to the workspace folder, `/` separators; '' for the folder itself. */
  dir: string;
  /** Whether the folder holds a project.godot (else: loose scripts). */
  hasProjectFile: boolean;
  /** The project's sources, their paths relative to `dir`. */
  files: SourceFile[];
}

/** A file the analysis reads (script, scene, resource, shader, C#, project.godot). */
export function isGodotSource(relPath: string): boolean {
  return isRoute(routeOf(relPath));
}

/** Sources without a project.godot above them make a project only with GDScript, and never with C# or `.shader` files alone (Unity has both). */
const LOOSE = (p: string) => /\.(gd|tscn|tres|escn|gdshader|gdshaderinc)$/i.test(p);

/** The project folder (relative) holding a file, or undefined when none does. */
export function projectDirOf(relPath: string, projectDirs: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const d of projectDirs) if ((d === '' || relPath.startsWith(`${d}/`)) && (best === undefined || d.length > best.length)) best = d;
  return best;
}

export async function godotProjects(root: string): Promise<GodotProject[]> {
  const scan = await scanWorkspaceAsync(root);
  const sources = scan.files.filter((f) => isGodotSource(f.path));
  const dirs = sources.filter((f) => path.posix.basename(f.path) === 'project.godot').map((f) => (path.posix.dirname(f.path) === '.' ? '' : path.posix.dirname(f.path)));
  const byDir = new Map<string, GodotProject>(dirs.map((d) => [d, { dir: d, hasProjectFile: true, files: [] }]));
  const loose: SourceFile[] = [];
  for (const f of sources) {
    const dir = projectDirOf(f.path, dirs);
    if (dir === undefined) {
      if (LOOSE(f.path)) loose.push({ path: f.path, text: readSourceText(f.absPath) });
      continue;
    }
    byDir.get(dir)!.files.push({ path: dir ? f.path.slice(dir.length + 1) : f.path, text: readSourceText(f.absPath) });
  }
  const projects = [...byDir.values()];
  if (loose.some((f) => f.path.endsWith('.gd'))) projects.push({ dir: '', hasProjectFile: false, files: loose });
  for (const p of projects) p.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return projects.sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

/** A source's text as the analysis reads it from disk (encodings decoded as the index decodes them). */
export function readGodotSource(absPath: string): string {
  return readSourceText(absPath);
}
