// Every command's options, once: what parseArgs accepts and what `<command> --help` prints come
// from the same table, so the help cannot leave an option out.
import type { ParseArgsConfig } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value's name in the help (`N`, `GLOB`…); booleans have none. */
  arg?: string;
  help: string;
}

export interface CommandSpec {
  /** Positional arguments as the usage line shows them. */
  args?: string;
  summary: string;
  options: Record<string, OptionSpec>;
}

const root: Record<string, OptionSpec> = {
  root: { type: 'string', arg: 'DIR', help: 'the workspace (default: the current folder)' },
  'index-dir': { type: 'string', arg: 'DIR', help: 'where the index lives (default: <root>/.coderag)' },
};
const json: Record<string, OptionSpec> = { json: { type: 'boolean', help: 'print JSON instead of text' } };
const help: Record<string, OptionSpec> = { help: { type: 'boolean', short: 'h', help: 'print this help and run nothing' } };
const model: Record<string, OptionSpec> = {
  model: { type: 'string', arg: 'M', help: 'embedding model: a transformers.js model id or a model folder (default: the offline USE-lite)' },
  'no-embeddings': { type: 'boolean', help: 'no vectors: keyword search only, no model loaded' },
};
const fileSet: Record<string, OptionSpec> = {
  'code-only': { type: 'boolean', help: 'leave documentation out (Markdown, .txt, README…); the index remembers it' },
  'with-docs': { type: 'boolean', help: 'index documentation again after --code-only' },
  'max-file-size': { type: 'string', arg: 'BYTES', help: 'skip larger files: 1048576, 512KB, 2MB… (default 1MB, at most 16MB); the index remembers it' },
};

export const COMMANDS: Record<string, CommandSpec> = {
  index: {
    summary: 'index the workspace, or bring its index up to date (incremental; resumes a killed run)',
    options: { ...root, rebuild: { type: 'boolean', help: 'parse every file again (vectors still come from the vector cache)' }, ...model, ...fileSet, ...json, ...help },
  },
  search: {
    args: '"<query>"',
    summary: 'hybrid search (keyword and vectors) over what is indexed',
    options: {
      ...root,
      limit: { type: 'string', arg: 'N', help: 'results to print (default 10)' },
      kind: { type: 'string', multiple: true, arg: 'K,…', help: 'only these kinds: function, method, class, constant, declaration, section, documentation, window' },
      lang: { type: 'string', multiple: true, arg: 'L,…', help: 'only these languages: python, typescript… or py, ts, js, rs, cs, cpp, rb, gd…' },
      path: { type: 'string', arg: 'GLOB', help: "only paths matching the glob, e.g. 'src/**/*.ts'" },
      group: { type: 'boolean', help: 'group the results per file' },
      files: { type: 'boolean', help: 'one result per file (its best chunk), files ranked by all their chunks and their path; says what pointed at each' },
      mode: { type: 'string', arg: 'hybrid|keyword|vector', help: 'which side searches (default hybrid)' },
      fusion: { type: 'string', arg: 'zscore|rrf', help: 'how the keyword and vector lists are fused (default zscore)' },
      'code-only': { type: 'boolean', help: 'leave documentation out of the results' },
      ...model,
      ...json,
      ...help,
    },
  },
  status: {
    summary: 'what is indexed, the model, the last run, notes on files',
    options: { ...root, skipped: { type: 'boolean', help: 'list every file not indexed, and why' }, ...json, ...help },
  },
  watch: {
    summary: 'keep the index current while files change (Ctrl-C stops)',
    options: { ...root, ...model, ...fileSet, ...json, ...help },
  },
  map: {
    summary: 'a repo map: the files that matter most with their key definitions, fitted to a token budget',
    options: {
      ...root,
      tokens: { type: 'string', arg: 'N', help: 'token budget, 64 to 65536 (default 1024)' },
      focus: { type: 'string', multiple: true, arg: 'FILE', help: 'a file you work in: its neighbours move up (repeatable)' },
      mention: { type: 'string', multiple: true, arg: 'IDENT', help: 'an identifier you care about: where it is defined moves up (repeatable)' },
      'mention-file': { type: 'string', multiple: true, arg: 'FILE', help: 'a file you mention: it moves up (repeatable)' },
      ...json,
      ...help,
    },
  },
  symbols: {
    args: 'QUERY',
    summary: 'where a symbol is defined and used: exact, prefix, then substring matches',
    options: {
      ...root,
      limit: { type: 'string', arg: 'N', help: 'matches to print, 1 to 500 (default 50)' },
      context: { type: 'string', arg: 'N', help: 'lines of context around each, 0 to 20 (default 2)' },
      ...json,
      ...help,
    },
  },
  mcp: {
    summary: 'an MCP server over stdio (tools: search, repo_map, search_identifiers); keeps the index current while it runs',
    options: { ...root, ...model, ...help },
  },
  lsp: {
    summary: "the editor extension's language server: it speaks LSP on stdin/stdout (--stdio) or the transport named",
    options: { stdio: { type: 'boolean', help: 'speak LSP over stdin/stdout (also --node-ipc, --socket=PORT, --pipe=NAME)' }, ...help },
  },
  migrate: {
    summary: 'the Godot 3 → 4 migration analysis of a project: findings, safe fixes and a verdict',
    options: {
      root: { type: 'string', arg: 'DIR', help: 'the Godot project folder (default: the current folder)' },
      bundle: { type: 'string', arg: 'FILE', help: 'analyse a bundle (files in one text, each under a `# path` line) instead of a folder' },
      state: { type: 'string', arg: 'FILE', help: 'where judgments are saved, so a run resumes (default: <root>/.coderag/godot-migration.jsonl)' },
      status: { type: 'boolean', help: "list each fragment's status from the state file; judge nothing" },
      fix: { type: 'boolean', help: 'write the safe fixes into the files (needs --root)' },
      progress: { type: 'boolean', help: 'a line on stderr as each fragment is judged' },
      'no-retrieval': { type: 'boolean', help: 'judge without looking up the Godot class reference' },
      'class-ref': { type: 'string', arg: 'DIR', help: 'the Godot class reference to look up (a folder, or one .jsonl file)' },
      'llm-endpoint': { type: 'string', arg: 'URL', help: 'an OpenAI-compatible API that judges fragments, with --llm-model (or CODERAG_LLM_ENDPOINT)' },
      'llm-model': { type: 'string', arg: 'M', help: 'the model at that endpoint (or CODERAG_LLM_MODEL)' },
      ...json,
      sarif: { type: 'boolean', help: 'print the findings as SARIF instead of text' },
      ...help,
    },
  },
  fragments: {
    args: 'FILE',
    summary: 'the fragments of one Godot file that the migration analysis judges',
    options: {
      root: { type: 'string', arg: 'DIR', help: "the project folder the file's path is shown relative to (default: the file's folder)" },
      hints: { type: 'boolean', help: "each fragment's hints and deterministic judgment too" },
      ...json,
      ...help,
    },
  },
};

/** The options as parseArgs takes them. */
export function parseOptions(command: string): NonNullable<ParseArgsConfig['options']> {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, o] of Object.entries(COMMANDS[command].options)) {
    out[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) };
  }
  return out;
}

/** `coderag <command> [options]`. */
export function usageLine(command: string): string {
  const c = COMMANDS[command];
  return `coderag ${command}${c.args ? ` ${c.args}` : ''} [options]`;
}

/** `<command> --help`: the usage line, what it does, every option on a line of its own. */
export function commandHelp(command: string): string {
  const c = COMMANDS[command];
  const flags = Object.entries(c.options).map(([name, o]) => [`${o.short ? `-${o.short}, ` : '    '}--${name}${o.arg ? ` ${o.arg}` : ''}`, o.help]);
  const width = Math.max(...flags.map(([f]) => f.length));
  return [`Usage: ${usageLine(command)}`, '', c.summary, '', 'Options:', ...flags.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`)].join('\n');
}

/** `coderag --help`: every command with what it does. */
export function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'coderag — a local index of a codebase: tree-sitter chunks, hybrid search, a repo map.',
    '',
    'Usage: coderag <command> [options]   (coderag <command> --help lists its options)',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}
