// The symbol index on real components: tags from real parses, a real index folder, real MiniSearch.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CodeIndex } from '../src/core/index/code-index';
import { openWorkspace, type Workspace } from '../src/core/service/api';
import { SymbolIndex } from '../src/core/symbols/symbol-index';
import { packSymbols, unpackSymbols } from '../src/core/symbols/symbols';
import { prefixDistance, wordsRank, Rank } from '../src/core/symbols/match';
import { tagsOfFile } from '../src/core/tags/file-tags';
import { createServer } from '../src/mcp/server';
import { cli, lines, removeWorkspace, workspace } from './helpers';

const child = path.join(__dirname, 'child', 'symbols-child.js');

const project = {
  'server/handler.ts': lines(
    'export class RequestHandler {',
    '  processRequest(req: string): string {',
    '    return req.trim();',
    '  }',
    '}',
    'export function handleRequest(r: string) {',
    '  return new RequestHandler().processRequest(r);',
    '}',
  ),
  'lib/parsing.py': lines(
    'class HeaderParser:',
    '    def parse_header(self, line):',
    '        def split_once(text):',
    '            return text.split(":", 1)',
    '        return split_once(line)',
    '',
    'def compute_total(items):',
    '    return sum(items)',
  ),
  'lib/sequences.py': lines('class SequenceMatcher:', '    def ratio(self):', '        return 1.0', '', 'def urljoin(base, url):', '    return base + url'),
  'tests/test_parsing.py': lines('def parse_header():', '    pass'),
  'README.md': '# demo\n',
};

async function withWorkspace(files: Record<string, string>, body: (ws: Workspace, root: string) => Promise<void>) {
  const root = workspace(files);
  const ws = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
  try {
    await body(ws, root);
  } finally {
    await ws.dispose();
    removeWorkspace(root);
  }
}

test('symbols: qualified names and kinds come from the nesting of the tags', async () => {
  const { tags } = await tagsOfFile('lib/parsing.py', project['lib/parsing.py']);
  const records = unpackSymbols(packSymbols(tags));
  assert.deepEqual(
    records.map((r) => `${r.kind} ${r.qualifiedName} ${r.line}-${r.endLine}${r.local ? ' local' : ''}`),
    ['class HeaderParser 1-5', 'method HeaderParser.parse_header 2-5', 'function HeaderParser.parse_header.split_once 3-4 local', 'function compute_total 7-8'],
  );
  // The packed form survives JSON (what symbols.json stores) unchanged.
  assert.deepEqual(unpackSymbols(JSON.parse(JSON.stringify(packSymbols(tags)))), records);
});

test('symbols: the word and edit-distance matchers', () => {
  const words = ['process', 'request'];
  assert.equal(wordsRank('procreq', words, new Set([0, 4])), Rank.WordsAnchored);
  assert.equal(wordsRank('request', words, new Set([0])), Rank.Words);
  assert.equal(wordsRank('processr', words, new Set([0])), Rank.WordsAnchored, 'a last one-letter piece: typing on');
  // A one-letter piece in the middle that the query does not start as a word is no match.
  assert.equal(wordsRank('gettattr', ['test', 'getattr', 'trigger', 'attributes'], new Set([0])), -1);
  assert.equal(prefixDistance('urljion', 'urljoin'), 1);
  assert.equal(prefixDistance('sequncemat', 'sequencematcher'), 1);
  assert.equal(prefixDistance('abc', 'xyz'), 3);
});

test('symbols: ranking exact > prefix > words > fuzzy, camelCase and snake_case alike, containers', async () => {
  const index = new SymbolIndex();
  for (const [p, text] of Object.entries(project)) {
    const { tags } = await tagsOfFile(p, text);
    index.setFile(p, 'sha', packSymbols(tags));
  }
  const top = (q: string, limit = 5) => index.search(q, { limit }).map((m) => `${m.match} ${m.qualifiedName} ${m.path}:${m.line}`);
  assert.deepEqual(top('processRequest', 1), ['exact RequestHandler.processRequest server/handler.ts:2']);
  // Other separators, other case: still exact once normalized.
  assert.deepEqual(top('process_request', 1), ['exact RequestHandler.processRequest server/handler.ts:2']);
  assert.deepEqual(top('procReq', 1), ['words RequestHandler.processRequest server/handler.ts:2']);
  assert.deepEqual(top('procesRequst', 1), ['fuzzy RequestHandler.processRequest server/handler.ts:2']);
  assert.deepEqual(top('urljion', 1), ['fuzzy urljoin lib/sequences.py:5'], 'adjacent letters swapped');
  assert.deepEqual(top('SequenceMacher', 1), ['fuzzy SequenceMatcher lib/sequences.py:1']);
  assert.deepEqual(top('seqmat', 1), ['words SequenceMatcher lib/sequences.py:1']);
  // Prefix before words; the test file's definition after the library's.
  assert.deepEqual(top('parse'), ['prefix HeaderParser.parse_header lib/parsing.py:2', 'prefix parse_header tests/test_parsing.py:1', 'words HeaderParser lib/parsing.py:1']);
  assert.deepEqual(top('Handler').slice(0, 2), ['prefix handleRequest server/handler.ts:6', 'words RequestHandler server/handler.ts:1']);
  // `Container.name` and `module.name` narrow to definitions whose qualified name or path holds the container.
  assert.deepEqual(top('HeaderParser.parse_header'), ['exact HeaderParser.parse_header lib/parsing.py:2']);
  assert.deepEqual(top('tests.parse_header'), ['exact parse_header tests/test_parsing.py:1']);
  // Short queries never go fuzzy; `fuzzy: false` turns it off.
  assert.deepEqual(top('prcs'), []);
  assert.deepEqual(index.search('procesRequst', { fuzzy: false }), []);
  assert.deepEqual(index.search('', {}), []);
});

test('symbols: a file replaces its definitions; removals and a save round trip keep the index whole', async () => {
  const index = new SymbolIndex();
  const pack = async (p: string, text: string) => packSymbols((await tagsOfFile(p, text)).tags);
  index.setFile('a.py', '1', await pack('a.py', lines('def alpha_one():', '    pass', 'def alpha_two():', '    pass')));
  index.setFile('b.py', '1', await pack('b.py', lines('def beta():', '    pass')));
  index.setFile('a.py', '2', await pack('a.py', lines('def gamma():', '    pass')));
  assert.deepEqual(index.search('alpha'), []);
  assert.equal(index.search('gamma')[0]?.path, 'a.py');
  assert.equal(index.size, 2);
  // Thousands of definitions at once are discarded (and vacuumed), a few removed term by term: the same answers.
  const many = lines(...Array.from({ length: 2500 }, (_, i) => `def generated_${i}(): pass`));
  index.setFile('many.py', '1', await pack('many.py', many));
  assert.equal(index.search('generated_2499')[0]?.name, 'generated_2499');
  index.removeFiles(['many.py', 'b.py']);
  assert.deepEqual([index.search('generated').length, index.search('beta').length, index.size], [0, 0, 1]);
  await index.vacuum();
  const copy = SymbolIndex.fromJSON(JSON.parse(JSON.stringify(index)));
  assert.deepEqual(copy.search('gam'), index.search('gam'));
  // The copy goes on being updated like the original: ids reused, nothing duplicated.
  copy.setFile('c.py', '1', await pack('c.py', lines('def gamma_two():', '    pass')));
  assert.deepEqual(copy.search('gamma').map((m) => m.name), ['gamma', 'gamma_two']);
});

test('symbols: symbols(), the CLI and the MCP tool fall back to fuzzy matches, marked as such', async () => {
  await withWorkspace(project, async (ws, root) => {
    const hits = await ws.symbols('procesRequest', { contextLines: 0 });
    assert.deepEqual(
      hits.map((h) => `${h.kind} ${h.name} ${h.path}:${h.line} ${h.match}`),
      ['def processRequest server/handler.ts:2 fuzzy', 'ref processRequest server/handler.ts:7 fuzzy'],
    );
    // snake_case for a camelCase name: no substring, so the fallback answers.
    assert.deepEqual((await ws.symbols('process_request', { references: false })).map((h) => `${h.name} ${h.match}`), ['processRequest fuzzy']);
    assert.deepEqual(await ws.symbols('procesRequest', { fuzzy: false }), []);
    // What exact, prefix or substring finds is never mixed with fuzzy matches.
    assert.ok((await ws.symbols('parse_head')).every((h) => h.match === 'prefix'));

    const text = await cli('symbols', 'procesRequest', '--root', root, '--context', '0');
    assert.equal(text.status, 0);
    assert.match(text.stdout, /^no exact, prefix or substring match for procesRequest; nearest: processRequest\n/);
    assert.match(text.stdout, /server\/handler\.ts:2 {2}definition processRequest \(method, fuzzy\)/);
    const json = JSON.parse((await cli('symbols', 'procesRequest', '--root', root, '--json')).stdout);
    assert.deepEqual(json.map((h: { match: string }) => h.match), ['fuzzy', 'fuzzy']);

    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createServer(ws);
    const client = new Client({ name: 'coderag-test', version: '1.0.0' });
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const result = (await client.callTool({ name: 'search_identifiers', arguments: { query: 'procesRequest', context_lines: 0 } })) as { content: { text: string }[] };
      const mcpHits = JSON.parse(result.content[0].text);
      assert.deepEqual(mcpHits.map((h: { name: string; match: string }) => `${h.name} ${h.match}`), ['processRequest fuzzy', 'processRequest fuzzy']);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

test('symbols: searchSymbols for a quick pick; a tags-only workspace has its symbols too', async () => {
  await withWorkspace(project, async (ws) => {
    // Never indexed: the answer is empty, and nothing starts.
    assert.deepEqual(await ws.searchSymbols('parse'), []);
    await ws.map({ tokens: 256 }); // a tags-only pass
    assert.deepEqual(
      (await ws.searchSymbols('SeqMat')).map((m) => `${m.match} ${m.kind} ${m.qualifiedName} ${m.path}:${m.line}-${m.endLine}`),
      ['words class SequenceMatcher lib/sequences.py:1-3'],
    );
    await assert.rejects(ws.searchSymbols('x', 0), /limit 0/);
  });
});

test('symbols: a renamed function is found by its new name, not its old one, after one watcher update', async () => {
  await withWorkspace(project, async (ws, root) => {
    await ws.watch({ source: 'external' });
    assert.equal((await ws.searchSymbols('compute_total'))[0]?.match, 'exact');
    const updates: string[][] = [];
    ws.onDidUpdate((e) => updates.push(e.paths === 'all' ? ['all'] : e.paths));
    fs.writeFileSync(path.join(root, 'lib/parsing.py'), project['lib/parsing.py'].replace('compute_total', 'summarize_items'));
    await ws.notifyChanged(['lib/parsing.py']);
    assert.deepEqual(updates, [['lib/parsing.py']]);
    assert.deepEqual((await ws.searchSymbols('summarize_items')).map((m) => `${m.match} ${m.name} ${m.path}:${m.line}`), ['exact summarize_items lib/parsing.py:7']);
    assert.ok(!(await ws.searchSymbols('compute_total')).some((m) => m.name === 'compute_total'));
    // The fuzzy fallback sees the change too: a typo of the new name, none of the old one.
    assert.equal((await ws.symbols('sumarize_items', { references: false }))[0]?.name, 'summarize_items');
    assert.deepEqual(await ws.symbols('compute_totl'), []);
    // The other files' definitions were left as they were.
    assert.equal((await ws.searchSymbols('processRequest'))[0]?.line, 2);
  });
});

function childReport(root: string): { tagsLoaded: boolean; size: number; first?: string; notices: string[] } {
  return JSON.parse(execFileSync(process.execPath, [child, root], { encoding: 'utf8' }).trim());
}

test('symbols: persisted with the index; a second process loads it without deriving anything, a damaged file is rebuilt', async () => {
  const root = workspace(project);
  try {
    const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    await index.update();
    await index.close();
    const file = path.join(root, '.coderag', 'symbols.json');
    const saved = fs.readFileSync(file);

    // A new process reads symbols.json: nothing derived from the tags, the file left alone.
    const fresh = childReport(root);
    assert.deepEqual(fresh, { tagsLoaded: false, size: 11, first: 'exact RequestHandler.processRequest', notices: [] });
    assert.ok(fs.readFileSync(file).equals(saved), 'a reader never writes');

    // Damage: a reader derives the definitions from the tags, in memory, and says so.
    const damaged = Buffer.from(saved);
    damaged[damaged.length - 20] ^= 0x20;
    fs.writeFileSync(file, damaged);
    const reader = childReport(root);
    assert.deepEqual([reader.tagsLoaded, reader.size, reader.first], [true, 11, 'exact RequestHandler.processRequest']);
    assert.match(reader.notices.join('\n'), /symbol index file is unreadable \(checksum mismatch\)/);
    assert.ok(fs.readFileSync(file).equals(damaged), 'a reader never writes');

    // The next writer repairs it, says so, and saves what the tags give.
    const writer = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const report = await writer.update();
    assert.ok(report.repaired.some((r) => /symbol index file was unreadable \(checksum mismatch\): rebuilt from the tags/.test(r)), report.repaired.join('; '));
    await writer.close();
    assert.deepEqual(childReport(root), fresh);

    // An outdated file (another format) is not damage to report: it is derived again as well.
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace(/^\{"format":\d+/, '{"format":0'));
    assert.match(childReport(root).notices.join('\n'), /unreadable \(format 0 \(now 1\)\)/);
    // Lost: derived again without a word (as a lost keyword file is).
    fs.rmSync(file);
    const lost = childReport(root);
    assert.deepEqual([lost.tagsLoaded, lost.size, lost.notices], [true, 11, []]);
  } finally {
    removeWorkspace(root);
  }
});
