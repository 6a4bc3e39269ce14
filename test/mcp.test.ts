import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

type TextResult = { content: { type: string; text: string }[]; isError?: boolean };

test('mcp: the SDK client over stdio lists and calls search, repo_map and search_identifiers', async () => {
  const root = workspace({
    'README.md': '# demo\n',
    'app/http.py': lines('def parse_query_string(qs):', '    """Split a URL query string into a dict of parameters."""', '    return dict(p.split("=") for p in qs.split("&"))'),
    'app/server.py': lines('from app.http import parse_query_string', '', 'def handle(request):', '    return parse_query_string(request.query)'),
    'app/blob.py': lines('def lookup_table_blob():', `    return "${'ab,'.repeat(600)}"`),
  });
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root, '--no-embeddings'], stderr: 'pipe' });
  const client = new Client({ name: 'coderag-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['godot_migration', 'repo_map', 'search', 'search_identifiers']);

    // The Godot migration tool, on a bundle the client sends (this workspace has no Godot files).
    const bundle = '# player.gd\nextends KinematicBody2D\n\nexport var speed = 200\n\nfunc _ready():\n\tyield(get_tree(), "idle_frame")\n';
    const godot = JSON.parse(((await client.callTool({ name: 'godot_migration', arguments: { bundle, max_findings: 2 } })) as TextResult).content[0].text);
    assert.equal(godot.verdict.verdict, 'godot3');
    assert.deepEqual(godot.findings.map((f: { path: string; line: number; rule: string }) => `${f.path}:${f.line} ${f.rule}`), ['player.gd:1 api-rename', 'player.gd:3 gd3-export']);
    assert.equal(godot.findingsCut, 1);

    const search = (await client.callTool({ name: 'search', arguments: { query: 'split a url query string into parameters', limit: 3 } })) as TextResult;
    const results = JSON.parse(search.content[0].text);
    assert.deepEqual([results[0].path, results[0].qualifiedName, results[0].startLine, results[0].endLine], ['app/http.py', 'parse_query_string', 1, 3]);

    // group_by file: one result per file, a pasted trace's workspace frame first.
    const trace = lines('Traceback (most recent call last):', '  File "/usr/lib/app/http.py", line 3, in parse_query_string', 'ValueError: not enough values to unpack');
    const grouped = JSON.parse(((await client.callTool({ name: 'search', arguments: { query: trace, group_by: 'file' } })) as TextResult).content[0].text);
    assert.deepEqual([grouped[0].path, grouped[0].why[0]], ['app/http.py', 'in the trace: parse_query_string']);
    assert.equal(new Set(grouped.map((r: { path: string }) => r.path)).size, grouped.length);

    // A chunk's snippet is capped: a client never receives a whole huge chunk.
    const blob = (await client.callTool({ name: 'search', arguments: { query: 'lookup_table_blob', limit: 1 } })) as TextResult;
    const [b] = JSON.parse(blob.content[0].text);
    assert.deepEqual([b.path, b.snippetCut], ['app/blob.py', true]);
    assert.match(b.snippet, /\n… \(cut: \d+ more characters\)$/);
    assert.ok(b.snippet.length < 1100);

    const map = (await client.callTool({ name: 'repo_map', arguments: { tokens: 512, focus_files: ['app/server.py'] } })) as TextResult;
    assert.match(map.content[0].text, /^README\.md\napp\/http\.py:\n│def parse_query_string\(qs\):/);

    const ids = (await client.callTool({ name: 'search_identifiers', arguments: { query: 'parse_query', context_lines: 1 } })) as TextResult;
    const hits = JSON.parse(ids.content[0].text);
    assert.deepEqual([hits[0].kind, hits[0].path, hits[0].line, hits[0].match], ['def', 'app/http.py', 1, 'prefix']);

    // Paths outside the root are refused, as tool errors.
    const outside = (await client.callTool({ name: 'repo_map', arguments: { focus_files: ['../../etc/passwd'] } })) as TextResult;
    assert.equal(outside.isError, true);
    assert.match(outside.content[0].text, /outside the workspace root/);
    const glob = (await client.callTool({ name: 'search', arguments: { query: 'x', path: '../**' } })) as TextResult;
    assert.equal(glob.isError, true);

    // Invalid values are tool errors saying what is valid, as the CLI says them, never an empty list.
    const invalid: [string, Record<string, unknown>, RegExp][] = [
      ['search', { query: 'x', kind: ['fuction'] }, /kind fuction: not one of function, method, class/],
      ['search', { query: 'x', language: 'klingon' }, /lang(uage)? klingon: .*python/],
      ['search', { query: 'x', limit: 'abc' }, /limit abc/],
      ['repo_map', { tokens: 10 }, /tokens 10: expected a whole number of tokens from 64 to 65536/],
      ['search_identifiers', { query: 'parse', limit: 0 }, /limit 0: expected a whole number of matches from 1 to 500/],
      ['search_identifiers', { query: 'parse', context_lines: 100000 }, /context_lines 100000: expected a whole number of lines from 0 to 20/],
    ];
    for (const [name, args, message] of invalid) {
      const r = (await client.callTool({ name, arguments: args })) as TextResult;
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}: ${r.content[0].text}`);
      assert.match(r.content[0].text, message);
    }
    // One value or a comma list where a list is expected, as a client may send them.
    const one = (await client.callTool({ name: 'search', arguments: { query: 'parse_query_string', kind: 'function', language: 'py,ts', limit: '2' } })) as TextResult;
    assert.equal(one.isError, undefined, one.content[0].text);
    assert.equal(JSON.parse(one.content[0].text)[0].qualifiedName, 'parse_query_string');
  } finally {
    await client.close();
    removeWorkspace(root);
  }
});
