// Every language the core can parse, and the routing from a file name to a language or a text cutter.
import * as path from 'node:path';
import { type LanguageSpec, withEveryField } from './spec';
import { python } from './python';
import { javascript, typescript, tsx } from './javascript';
import { gdscript } from './gdscript';
import { go } from './go';
import { rust } from './rust';
import { java } from './java';
import { c } from './c';
import { cpp } from './cpp';
import { csharp } from './csharp';
import { ruby } from './ruby';

export const languages: LanguageSpec[] = [];

const byExtension = new Map<string, LanguageSpec>();
const byFileName = new Map<string, LanguageSpec>();
export function registerLanguage(given: LanguageSpec): void {
  const spec = withEveryField(given);
  languages.push(spec);
  for (const ext of spec.extensions) byExtension.set(ext, spec);
  for (const name of spec.fileNames ?? []) byFileName.set(name, spec);
}
for (const spec of [python, javascript, typescript, tsx, gdscript, go, rust, java, c, cpp, csharp, ruby]) registerLanguage(spec);

export function languageOf(filePath: string): LanguageSpec | undefined {
  const base = path.posix.basename(filePath);
  return byFileName.get(base) ?? byExtension.get(path.posix.extname(base).toLowerCase());
}

// C++ in a `.h`: a class or namespace, a template, an access label, `using namespace`, `std::` or
// any `a::b`. C has none of them outside comments and strings, which a header rarely fills with them.
const CPP_IN_HEADER =
  /^[ \t]*(?:(?:class|struct)[ \t]+\w+[ \t]*(?::[ \t]*(?:public|private|protected|virtual)\b|final\b|\{)|namespace(?:[ \t]+[\w:]+)?[ \t]*\{|template[ \t]*<|(?:public|private|protected)[ \t]*:|using[ \t]+namespace\b|extern[ \t]+"C\+\+")|\bstd::|\w::~?\w/m;

/** The language of a file given its text: a `.h` holding C++ is C++ (the C grammar breaks on it). */
export function languageOfSource(filePath: string, source: string): LanguageSpec | undefined {
  const spec = languageOf(filePath);
  if (spec?.id !== 'c' || !filePath.endsWith('.h')) return spec;
  // The registered spec (every field present), not the module's object.
  return CPP_IN_HEADER.test(source) ? byExtension.get('.hpp') : spec;
}

/** Files that are cut into sections rather than parsed. */
export const TEXT_FORMATS = ['godot-project', 'godot-resource', 'json', 'yaml', 'toml', 'ini', 'markdown', 'text'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

const textFormats: Record<string, TextFormat> = {
  '.tscn': 'godot-resource', '.tres': 'godot-resource', '.escn': 'godot-resource',
  '.json': 'json', '.jsonc': 'json', '.json5': 'json',
  '.yaml': 'yaml', '.yml': 'yaml',
  '.toml': 'toml',
  '.ini': 'ini', '.cfg': 'ini', '.conf': 'ini', '.properties': 'ini', '.editorconfig': 'ini',
  '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown',
};

export function textFormatOf(filePath: string): TextFormat {
  const base = path.posix.basename(filePath);
  if (base === 'project.godot') return 'godot-project';
  if (base === 'export_presets.cfg' || base === 'override.cfg') return 'godot-project';
  return textFormats[path.posix.extname(base).toLowerCase()] ?? 'text';
}

/** Project documents named without an extension (LICENSE, LICENSE-MIT, README, CHANGELOG…). */
const DOCUMENT_NAMES = /^(licen[cs]e|copying|readme|changelog|changes|history|news|authors|contributors|notice|thanks)(-[\w.-]+)?$/i;

export function isDocumentation(filePath: string): boolean {
  return textFormatOf(filePath) === 'markdown' || /\.(rst|txt|adoc)$/i.test(filePath) || DOCUMENT_NAMES.test(path.posix.basename(filePath));
}
