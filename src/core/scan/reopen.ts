// Which excluded folders the walk must cross to reach what a .coderagignore negation re-includes
// deeper down: `!build/gen/` crosses build/, `!**/node_modules/mylib/` crosses every
// node_modules/, `!**/build/*.py` every build/, `!build/**/*.py` the folders inside build/. A
// negation opens a folder only when a segment of its own spells the folder's name, or a `**` after
// such a segment stands for it (`!**/*.py` names no folder and opens none: it would walk every
// node_modules/ to look for Python files).
import picomatch from 'picomatch';

interface Segment {
  /** `**`: any number of folders. */
  any: boolean;
  literal: boolean;
  test: (name: string) => boolean;
}

export type Reopener = (rel: string) => boolean;

export function reopener(negations: string[]): Reopener {
  const patterns = negations
    // A pattern without a slash before its end matches at any depth, itself: `!gen/` re-includes
    // the folder when the walk meets it, there is nothing deeper to reach.
    .map((p) => p.replace(/^\//, '').replace(/\/+$/, ''))
    .filter((p) => p.includes('/'))
    .map((p) =>
      p.split('/').map((seg): Segment => {
        const literal = !/[*?[\\]/.test(seg);
        const test = literal ? (name: string) => name === seg : picomatch(seg, { dot: true });
        return { any: seg === '**', literal, test };
      }),
    );
  if (!patterns.length) return () => false;
  return (rel) => {
    const names = rel.split('/');
    return patterns.some((segs) => leadsInto(segs, names, 0, 0, false));
  };
}

/** Whether `names` (a folder) matches a proper prefix of `segs`, its last name spelled literally. */
function leadsInto(segs: Segment[], names: string[], i: number, j: number, lastLiteral: boolean): boolean {
  if (j === names.length) return lastLiteral && i < segs.length;
  if (i === segs.length) return false;
  const s = segs[i];
  // A `**` after a named folder reaches any depth inside it (`!build/**/*.py` crosses build/sub/);
  // a leading one names nothing, so the folders it stands for stay closed.
  if (s.any) return leadsInto(segs, names, i + 1, j, lastLiteral) || leadsInto(segs, names, i, j + 1, lastLiteral);
  return s.test(names[j]) && leadsInto(segs, names, i + 1, j + 1, s.literal);
}
