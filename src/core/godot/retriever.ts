// One retriever over the three tables, searched the same way: every row is a document of our
// BM25F keyword engine (symbol, doc, text fields), and a fragment's hints are one query, run with
// the same options against each table for its best rows. Class-reference prose is added to the
// docs_chunks documents when a class-reference folder is given (class-ref.ts); the shipped facts
// alone are names and signatures. What comes back is evidence for the judge, never an answer.
import type { Chunk } from '../base/types';
import { KeywordEngine } from '../keyword/engine';
import { packFileDocs } from '../keyword/terms';
import { apiMapping, docsFacts, labelPrototypes } from './data';
import type { Candidate, Hint, Table } from './model';

export const TABLES: Table[] = ['api_mapping', 'label_prototypes', 'docs_chunks'];

/** Prose per `Class` or `Class.member`, from a class-reference folder. */
export type ClassProse = Map<string, string>;

function doc(table: Table, id: string, name: string, title: string, symbol: string, prose: string, text: string): Chunk {
  // Only the fields the keyword engine reads are meaningful here; the path field holds the table.
  return {
    id, groupId: id, path: table, language: table, kind: 'declaration', name, qualifiedName: title, title,
    startLine: 1, endLine: 1, text, contentHash: id, signature: symbol, docstring: prose, defines: symbol.split(' '), references: [],
  };
}

export class Retriever {
  private readonly engine = KeywordEngine.empty();
  private readonly titles = new Map<string, string>();

  constructor(prose: ClassProse = new Map()) {
    const put = (table: Table, docs: Chunk[]) => {
      for (const d of docs) this.titles.set(d.id, d.title);
      this.engine.setFile(table, table, packFileDocs(docs));
    };
    put('api_mapping', apiMapping().map((r) => doc('api_mapping', r.id, r.old, `${r.old} → ${r.new}${r.ambiguous ? ' (ambiguous)' : ''}`, `${r.old} ${r.new}`, `${r.table.replace(/_/g, ' ')} ${r.note ?? ''}`, `${r.old} ${r.new} Godot 3 Godot 4 migration rename`)));
    put('label_prototypes', labelPrototypes().map((p) => doc('label_prototypes', `label_prototypes:${p.id}`, p.id, p.title, p.apis.join(' '), `${p.title} ${p.explanation}`, `${p.godot3}\n${p.godot4}\nGodot 3 Godot 4 migration`)));
    const docs: Chunk[] = [];
    for (const [cls, c] of Object.entries(docsFacts().classes)) {
      const versions = [c.inherits[3] !== undefined ? 'Godot 3' : '', c.inherits[4] !== undefined ? 'Godot 4' : ''].join(' ');
      docs.push(doc('docs_chunks', `docs_chunks:${cls}`, cls, `${cls} (${versions.trim()})`, cls, prose.get(cls) ?? '', `${cls} ${versions}`));
      for (const [name, per] of Object.entries(c.members)) {
        const sig = (f?: (string | number)[]) => (f ? String(f[0] === 'm' ? f[4] : f[0] === 's' ? f[2] : f[0] === 'p' ? `${name}: ${f[1]}` : name) : '');
        const has = `${per[3] ? 'Godot 3' : ''} ${per[4] ? 'Godot 4' : ''}`.trim();
        docs.push(doc('docs_chunks', `docs_chunks:${cls}.${name}`, name, `${cls}.${name} (${has})`, `${cls}.${name} ${name}`, prose.get(`${cls}.${name}`) ?? '', `${sig(per[3])} ${sig(per[4])} ${has}`));
      }
    }
    put('docs_chunks', docs);
  }

  /** The hints as one query; declared names and node names are context, kept last. */
  static query(hints: Hint[]): string {
    const order: Hint['kind'][] = ['class', 'keyword', 'annotation', 'call', 'member', 'signal', 'setting', 'shape', 'term', 'node', 'declaration'];
    const sorted = [...hints].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    return [...new Set(sorted.map((h) => h.text))].join(' ');
  }

  /** The best rows of each table for the hints, searched the same way. */
  search(hints: Hint[], perTable = 3): Candidate[] {
    const query = Retriever.query(hints);
    if (!query.trim()) return [];
    const out: Candidate[] = [];
    for (const table of TABLES) {
      for (const hit of this.engine.search(query, { limit: perTable, filter: (d) => d.path === table, boost: { path: 0 }, prefix: false, synonyms: false })) {
        out.push({ table, id: hit.id, title: this.titles.get(hit.id) ?? hit.qualifiedName, score: Math.round(hit.score * 1000) / 1000 });
      }
    }
    return out;
  }
}
