// Findings as a SARIF 2.1.0 log (what CI systems and code-scanning views read): one rule per code,
// one result per finding with its exact region, and the safe edits as SARIF fixes.
import type * as Sarif from 'sarif';
import type { Finding } from './model';
import { RULES } from './rules';

const LEVEL = { error: 'error', warning: 'warning', information: 'note' } as const;

export function toSarif(findings: Finding[], toolVersion = '0.1.0'): Sarif.Log {
  const used = RULES.filter((r) => findings.some((f) => f.rule === r.code));
  const index = new Map(used.map((r, i) => [r.code, i]));
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'coderag-godot-migration', version: toolVersion, informationUri: 'https://docs.godotengine.org/en/stable/tutorials/migrating/upgrading_to_godot_4.html', rules: used.map((r) => ({ id: r.code, shortDescription: { text: r.title } })) } },
        results: findings.map((f) => {
          const region = { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn };
          const location = { physicalLocation: { artifactLocation: { uri: f.path }, region } };
          const result: Sarif.Result = { ruleId: f.rule, ruleIndex: index.get(f.rule), level: LEVEL[f.severity], message: { text: f.message }, locations: [location], properties: { confidence: f.confidence, ...(f.godot4 ? { godot4: f.godot4 } : {}), ...(f.link ? { link: f.link } : {}) } };
          if (f.replacement) {
            const r = f.replacement;
            result.fixes = [{ description: { text: `replace with ${r.text}` }, artifactChanges: [{ artifactLocation: { uri: f.path }, replacements: [{ deletedRegion: { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn }, insertedContent: { text: r.text } }] }] }];
          }
          return result;
        }),
      },
    ],
  };
}
