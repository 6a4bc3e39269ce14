// A bundle is a project flattened into one text: each file under a header line `# <relative path>`.
// The header only marks where a file starts: it is never part of the file's text, so the file's
// line 1 is the line after its header and every line number refers to the original file.
import type { SourceFile } from './model';

/**
 * `# path/to/file.ext` (or `# project.godot`): a path with no spaces and a file name with an
 * extension. A GDScript or shell comment rarely looks like that, and only counts at the start of
 * the bundle or after a blank line.
 */
const HEADER = /^# ((?:[\w.@+-]+\/)*[\w@+-][\w.@+-]*\.[A-Za-z0-9]+)\s*$/;

export function splitBundle(bundle: string): SourceFile[] {
  const lines = bundle.split('\n');
  const files: SourceFile[] = [];
  let current: { path: string; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    // The blank lines that separate one file from the next header are the bundle's, not the file's.
    while (current.lines.length && !current.lines[current.lines.length - 1].replace(/\r$/, '').trim()) current.lines.pop();
    files.push({ path: current.path, text: current.lines.length ? current.lines.join('\n') + '\n' : '' });
  };
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const m = HEADER.exec(line);
    const boundary = i === 0 || !lines[i - 1].replace(/\r$/, '').trim() || !current;
    if (m && boundary) {
      close();
      current = { path: m[1].replace(/^\.\//, ''), lines: [] };
      return;
    }
    current?.lines.push(raw);
  });
  close();
  return files;
}

/** The inverse, for tests and tools: files under their headers, one blank line between them. */
export function joinBundle(files: SourceFile[]): string {
  return files.map((f) => `# ${f.path}\n${f.text.replace(/\n?$/, '\n')}`).join('\n');
}
