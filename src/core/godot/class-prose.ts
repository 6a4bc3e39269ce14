// Class-reference prose, indexed at run time from a folder the user points to (Godot's
// doc/classes/*.xml, modules/*/doc_classes/*.xml, or the classref*.jsonl digests): the shipped
// docs_chunks hold names and signatures only. XML is read with fast-xml-parser.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { ClassProse } from './retriever';

const MAX = 600;

/** BBCode markup ([code], [member Node.name], [b]) as plain words, whitespace folded, cut. */
function plain(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .replace(/\[(?:method|member|signal|constant|enum|annotation|theme_item|param) ([^\]]+)\]/g, '$1')
    .replace(/\[([A-Z]\w*)\]/g, '$1')
    .replace(/\[\/?[a-z_]+(?:=[^\]]*)?\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX);
}

const asList = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function files(dir: string, ext: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, ext, out);
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

type XmlNode = Record<string, unknown>;

function fromXml(file: string, parser: XMLParser, prose: ClassProse): void {
  const doc = parser.parse(fs.readFileSync(file, 'utf8')) as { class?: XmlNode };
  const cls = doc.class;
  const name = cls?.['@_name'];
  if (typeof name !== 'string') return;
  prose.set(name, plain(`${(cls!.brief_description as string) ?? ''} ${(cls!.description as string) ?? ''}`));
  const group = (key: string, item: string) => asList((cls![key] as XmlNode | undefined)?.[item] as XmlNode | XmlNode[] | undefined);
  for (const m of [...group('methods', 'method'), ...group('signals', 'signal')]) prose.set(`${name}.${m['@_name']}`, plain(m.description));
  for (const m of [...group('members', 'member'), ...group('constants', 'constant')]) prose.set(`${name}.${m['@_name']}`, plain(m['#text']));
}

function fromJsonl(file: string, prose: ClassProse): void {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const c = JSON.parse(line) as { class: string; brief?: string } & Record<string, { name: string; brief?: string }[] | unknown>;
    if (!prose.has(c.class)) prose.set(c.class, plain(c.brief));
    for (const key of ['methods', 'properties', 'signals', 'constants']) {
      for (const m of (c[key] as { name: string; brief?: string }[] | undefined) ?? []) if (m.brief && !prose.has(`${c.class}.${m.name}`)) prose.set(`${c.class}.${m.name}`, plain(m.brief));
    }
  }
}

/** The prose of every class and member found under `where` (a folder or one .jsonl file). */
export function loadClassProse(where: string): ClassProse {
  const prose: ClassProse = new Map();
  if (fs.statSync(where).isFile()) {
    fromJsonl(where, prose);
    return prose;
  }
  // Godot's XML has <constructor> elements, a name the parser refuses (prototype pollution): renamed.
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', trimValues: true, transformTagName: (t) => (t === 'constructor' || t === 'constructors' ? `godot_${t}` : t) });
  for (const f of files(where, '.xml').sort()) fromXml(f, parser, prose);
  for (const f of files(where, '.jsonl').sort()) fromJsonl(f, prose);
  return prose;
}
