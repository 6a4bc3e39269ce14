// Verdicts: a fragment's from its evidence, the project's from its fragments' (never from file
// names). project.godot's config_version and config/features are strong evidence when present;
// without them the code decides alone.
import type { Evidence, FragmentVerdict, Judgment, ProjectVerdict } from './model';

/**
 * Godot 3 when any Godot 3 usage is at least likely (the fragment needs migration, even beside
 * Godot 4 syntax), Godot 4 when only Godot 4 usages are, neutral otherwise.
 */
export function fragmentVerdict(evidence: Evidence[]): FragmentVerdict {
  const g3 = evidence.filter((e) => e.version === 'godot3');
  const g4 = evidence.filter((e) => e.version === 'godot4');
  if (g3.some((e) => e.confidence !== 'low') || (g3.length && !g4.length)) return 'godot3';
  if (g4.length) return 'godot4';
  return 'neutral';
}

const RANK = { high: 3, medium: 2, low: 1 } as const;

/** A project with some Godot 3 code beside mostly Godot 4 code is mixed; mostly Godot 3 is Godot 3. */
export const GODOT3_SHARE = 0.85;

export function projectVerdict(judged: { judgment: Judgment; isConfig: boolean }[]): ProjectVerdict {
  const counts: Record<FragmentVerdict, number> = { godot3: 0, godot4: 0, neutral: 0 };
  const all: Evidence[] = [];
  let config: ProjectVerdict['config'];
  for (const { judgment, isConfig } of judged) {
    if (isConfig) {
      const e = judgment.evidence.find((x) => x.rule === 'project-config');
      if (e) config = { version: e.version, what: e.what };
      continue;
    }
    counts[judgment.verdict]++;
    all.push(...judgment.evidence);
  }
  const strongest = (v: 'godot3' | 'godot4') =>
    all
      .filter((e) => e.version === v)
      .sort((a, b) => RANK[b.confidence] - RANK[a.confidence])
      .filter((e, i, xs) => xs.findIndex((x) => x.rule === e.rule && x.what === e.what) === i)
      .slice(0, 5);
  const { godot3: g3, godot4: g4 } = counts;
  let verdict: ProjectVerdict['verdict'];
  let reason: string;
  if (!g3 && !g4) {
    verdict = config?.version ?? 'unknown';
    reason = config ? `no version-specific code; project.godot says ${config.what}` : 'no version-specific code and no project.godot';
  } else {
    const share = g3 / (g3 + g4);
    const code = !g3 ? 'godot4' : !g4 || share >= GODOT3_SHARE ? 'godot3' : 'mixed';
    verdict = config && config.version !== code && code !== 'mixed' ? 'mixed' : code;
    reason = `${g3} fragment(s) need migration, ${g4} are Godot 4${config ? `; project.godot: ${config.what}` : ''}`;
  }
  return { verdict, counts, config, strongest: { godot3: strongest('godot3'), godot4: strongest('godot4') }, reason };
}
