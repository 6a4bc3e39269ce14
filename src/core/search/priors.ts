// Code first for code questions. Tests, documentation, release notes, issue templates, vendored
// and generated files share a question's words with the code it is about (a test calls the
// function by name, a changelog describes the fix), and took result slots for questions whose
// answer is source: on the benchmark of real issues, test files filled 16% of the top 10 though no
// answer was a test. They rank below source unless the query asks for them.

export type PathClass = 'source' | 'test' | 'doc' | 'generated' | 'declaration';

const DOC_EXT = /\.(md|markdown|rst|txt|adoc|asciidoc|rdoc|textile)$/i;
const DOC_NAME = /^(changelog|changes|history|news|readme|license|licence|authors|contributors|contributing|notice|copying|code_of_conduct|security|support|release[-_]?notes)(\.|$)/i;
const DOC_DIR = new Set(['docs', 'doc', 'documentation', '.github', 'man']);
const TEST_DIR = new Set(['test', 'tests', '__tests__', '__test__', 'spec', 'specs', 'e2e']);
const TEST_NAME = /^(test_.*\.py|.*_tests?\.py|conftest\.py|.*\.(test|spec)\.[cm]?[jt]sx?|.*_test\.go|.*Tests?\.(java|kt|cs)|.*_spec\.rb|.*_test\.rb)$/;
const VENDOR_DIR = new Set(['vendor', 'vendored', '_vendor', 'third_party', 'thirdparty', 'third-party', 'bower_components']);
const BUNDLE_NAME = /\.(min|bundle|packed)\.[cm]?js$|[-.]bundle\.[cm]?js$/;
const BUILD_DIR = new Set(['dist', 'build', 'out', 'lib-cov', 'coverage', '_build']);

/**
 * What a path holds. `hasSourceBeside(dir)` says whether the folder holding a build output also
 * holds sources (`src/`, `lib/`): only then is `dist/` a copy of code that lives elsewhere in the
 * workspace (a package that ships only `dist/` has its code there).
 */
export function pathClass(path: string, kind: string | undefined, hasSourceBeside: (dir: string) => boolean): PathClass {
  const segs = path.split('/');
  const base = segs[segs.length - 1];
  const dirs = segs.slice(0, -1);
  if (kind === 'documentation' || DOC_EXT.test(base) || DOC_NAME.test(base) || dirs.some((d) => DOC_DIR.has(d))) return 'doc';
  if (TEST_NAME.test(base) || dirs.some((d) => TEST_DIR.has(d))) return 'test';
  if (BUNDLE_NAME.test(base) || dirs.some((d) => VENDOR_DIR.has(d))) return 'generated';
  const build = dirs.findIndex((d) => BUILD_DIR.has(d));
  if (build >= 0 && hasSourceBeside(dirs.slice(0, build).join('/'))) return 'generated';
  if (/\.d\.[cm]?ts$|\.pyi$/.test(base)) return 'declaration';
  return 'source';
}

export interface Asked {
  test: boolean;
  doc: boolean;
}

// Phrases that ask about tests or documentation themselves, not about code a test or a page mentions.
const ASKS_TEST = /\b(flaky|flakey|intermittent(ly)? fail\w*)\b|\b(test|tests) (suite|case|file|fixture|helper)s?\b|\b(the|this|a|one) test (fails|is failing|failed|is flaky|is wrong|asserts)\b|\bfailing tests?\b/i;
const ASKS_DOC = /\b(docs?|documentation|readme|changelog|change ?log|release notes|migration guide|typo)\b/i;

/** Whether the query's prose asks about tests or documentation, or it names a file of that class. */
export function askedFor(prose: string, namedPaths: string[]): Asked {
  const classes = namedPaths.map((p) => pathClass(p, undefined, () => false));
  return {
    test: ASKS_TEST.test(prose) || classes.includes('test'),
    doc: ASKS_DOC.test(prose) || classes.includes('doc'),
  };
}

export interface PriorWeights {
  /** Penalty (in the fused scores' spread) per class when the query does not ask for it. */
  test: number;
  doc: number;
  generated: number;
  declaration: number;
  /** Share of the penalty kept when the query asks for that class. */
  whenAsked: number;
}

export const DEFAULT_PRIORS: PriorWeights = { test: 0.6, doc: 0.6, generated: 0.6, declaration: 0.2, whenAsked: 0 };

export function penalty(cls: PathClass, asked: Asked, w: PriorWeights = DEFAULT_PRIORS): number {
  if (cls === 'source') return 0;
  const askedFor = (cls === 'test' && asked.test) || (cls === 'doc' && asked.doc);
  return w[cls] * (askedFor ? w.whenAsked : 1);
}
