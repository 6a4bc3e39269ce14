import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

const LEVELS = new Set(['private', 'protected', 'public']);

function methodName(call: Node | null): string | undefined {
  return call?.type === 'call' && !call.childForFieldName('receiver') ? call.childForFieldName('method')?.text : undefined;
}

/** `private :a, :b` / `private_class_method :a` / `private_constant :A` naming this definition. */
function namedIn(call: Node, name: string): boolean {
  const args = call.childForFieldName('arguments');
  return !!args?.namedChildren.some((a) => a && a.text.replace(/^:|^["']|["']$/g, '') === name);
}

// Ruby has no visibility keyword on a def: `private def x`, a bare `private` line before the def
// (until the next bare `public`/`protected`), or `private :x` anywhere in the same body.
function visibility(def: Node, name: string): Visibility | undefined {
  const wrapper = def.parent?.type === 'argument_list' ? def.parent.parent : null;
  const wrapping = methodName(wrapper);
  if (wrapping && LEVELS.has(wrapping)) return wrapping as Visibility;
  if (wrapping === 'private_class_method') return 'private';
  const statement = wrapper ?? def;
  const siblings = statement.parent?.namedChildren ?? [];
  const isDef = def.type === 'method';
  for (const s of siblings) {
    const m = s && methodName(s);
    if (!s || !m) continue;
    if (isDef && LEVELS.has(m) && namedIn(s, name)) return m as Visibility;
    if (def.type === 'singleton_method' && m === 'private_class_method' && namedIn(s, name)) return 'private';
    if ((def.type === 'class' || def.type === 'module' || def.type === 'assignment') && m === 'private_constant' && namedIn(s, name)) return 'private';
  }
  if (isDef) {
    for (let p = statement.previousNamedSibling; p; p = p.previousNamedSibling) {
      const bare = p.type === 'identifier' ? p.text : p.type === 'call' && !p.childForFieldName('arguments') ? methodName(p) : undefined;
      if (bare && LEVELS.has(bare)) return bare as Visibility;
    }
  }
  // `initialize` is private to Ruby, but it is the public constructor behind `new`.
  return 'public';
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', s: ' ', '0': '\0' };

/** A string literal's value whatever its delimiters (`"…"`, `'…'`, `%q(…)`), escapes read; interpolations kept as written. */
function stringValue(literal: Node): string {
  let out = '';
  for (const part of literal.namedChildren) {
    if (!part) continue;
    const text = part.text;
    out += part.type === 'escape_sequence' ? ESCAPES[text[1]] ?? text.slice(1) : text;
  }
  return out;
}

export const ruby: LanguageSpec = {
  id: 'ruby',
  extensions: ['.rb', '.rake', '.gemspec'],
  fileNames: ['Rakefile', 'Gemfile'],
  grammar: { package: 'tree-sitter-ruby', file: 'tree-sitter-ruby.wasm' },
  queries: 'ruby',
  commentTypes: ['comment'],
  // `private def x`, `memoize def x`: the call around the def belongs to it.
  wrapperTypes: ['argument_list', 'call'],
  // The grammar hangs comments before a body's first statement on the class/module, not the body.
  commentsBeforeBody: ['body_statement'],
  docstring: 'leading-comment',
  // `class << self` members are listed in the class summary like the other defs.
  memberContainers: ['singleton_class', 'body_statement'],
  // Struct.new / Class.new blocks and Rake task blocks keep their statements one level further down.
  bodyFields: ['body', 'right.block.body', 'block.body'],
  returnTypeFields: [],
  decisionTypes: [
    'if', 'unless', 'elsif', 'while', 'until', 'for', 'when', 'in_clause', 'rescue', 'conditional',
    'if_modifier', 'unless_modifier', 'while_modifier', 'until_modifier', 'rescue_modifier',
  ],
  booleanOperators: ['&&', '||', 'and', 'or', '&&=', '||='],
  identifierTypes: ['identifier', 'constant'],
  visibility,
  decorators(def) {
    const wrapping = def.parent?.type === 'argument_list' ? methodName(def.parent.parent) : undefined;
    return wrapping && !LEVELS.has(wrapping) && wrapping !== 'private_class_method' ? [wrapping] : [];
  },
  memberStub: (signature) => (signature.endsWith('=') ? `${signature} …` : signature),
  // Rake: `desc "Run the tests"` above `task :test do` is that task's documentation (`rake -T` shows it).
  describes(statement) {
    if (statement.type !== 'call' || methodName(statement) !== 'desc') return undefined;
    const arg = statement.childForFieldName('arguments')?.namedChildren[0];
    return arg?.type === 'string' ? stringValue(arg) : undefined;
  },
  // Rake keeps the last `desc` before a task: an earlier one is overridden, not part of its doc.
  describesOnce: true,
};
