// The service API as adapters use it (src/core/service/api.ts): runs that stream progress and can
// be cancelled, paused and resumed; failures that do not stick; unsaved buffers; one writer per
// index within a process too; LanceDB missing; position lookups.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexLockedError, openWorkspace, type ProgressEvent, type Workspace } from '../src/core/service/api';
import { CodeIndex } from '../src/core/index/code-index';
import { lines, removeWorkspace, workspace } from './helpers';

function corpus(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`pkg${i % 5}/mod_${i}.py`] = lines(`def compute_${i}(value):`, `    """Scale the value by ${i}."""`, `    return value * ${i}`, '', `class Widget${i}:`, '    def render(self):', `        return compute_${i}(${i})`);
  }
  return files;
}

async function withWorkspace(files: Record<string, string>, body: (ws: Workspace, root: string) => Promise<void>, opts: Partial<Parameters<typeof openWorkspace>[0]> = {}) {
  const root = workspace(files);
  const ws = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true, ...opts });
  try {
    await body(ws, root);
  } finally {
    await ws.dispose();
    removeWorkspace(root);
  }
}

/** The index on disk is whole: every files-table row's chunks stored once, no journal left. */
async function assertConsistent(root: string): Promise<number> {
  const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
  try {
    assert.deepEqual(index.health.notices, [], 'nothing for the next run to repair');
    const counts = await index.store.chunkCountsByPath();
    for (const row of index.fileRows()) assert.equal(counts.get(row.path) ?? 0, row.chunkCount, row.path);
    assert.equal(counts.size, index.fileRows().filter((r) => r.chunkCount).length, 'no chunks without a files row');
    return index.fileRows().length;
  } finally {
    await index.close();
  }
}

test('service: a run streams its progress (one run id, phases in order) and ends with its report', async () => {
  await withWorkspace(corpus(30), async (ws) => {
    const run = ws.index();
    const phases: string[] = [];
    for await (const e of run) {
      assert.equal(e.runId, run.id);
      if (phases[phases.length - 1] !== e.phase) phases.push(e.phase);
    }
    const report = await run.report;
    assert.equal(report.runId, run.id);
    assert.deepEqual(phases.filter((p) => p !== 'save'), ['scan', 'parse', 'done']);
    assert.equal(report.indexed, 30);
    assert.equal((await ws.status()).state, 'idle');
  });
});

test('service: cancel mid-run leaves a consistent index that the next run completes', async () => {
  await withWorkspace(corpus(400), async (ws, root) => {
    const controller = new AbortController();
    const seen: ProgressEvent[] = [];
    const sub = ws.onDidProgress((e) => {
      seen.push(e);
      if (e.phase === 'parse' && e.files.done >= 120) controller.abort();
    });
    const first = await ws.index({ signal: controller.signal }).report;
    sub.dispose();
    assert.equal(first.cancelled, true);
    assert.ok(first.indexed >= 100 && first.indexed < 400, `indexed ${first.indexed} before stopping`);
    await ws.dispose();
    const kept = await assertConsistent(root);
    assert.equal(kept, first.indexed, 'what was parsed before the cancel is stored whole');
    const again = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
    try {
      const second = await again.index().report;
      assert.equal(second.cancelled, undefined);
      assert.deepEqual([second.indexed, second.unchanged], [400 - first.indexed, first.indexed]);
      assert.equal((await again.search('compute_399', { mode: 'keyword' })).results[0]?.qualifiedName, 'compute_399');
    } finally {
      await again.dispose();
    }
    assert.equal(await assertConsistent(root), 400);
  });
});

test('service: pause holds a run at its next boundary, resume lets it finish', async () => {
  await withWorkspace(corpus(300), async (ws) => {
    let paused = false;
    let atPause = -1;
    const sub = ws.onDidProgress((e) => {
      if (!paused && e.phase === 'parse' && e.files.done >= 50) {
        paused = true;
        ws.pause();
      }
      if (e.waitingOn === 'paused' && atPause < 0) atPause = e.files.done;
    });
    const run = ws.index();
    await new Promise((r) => setTimeout(r, 600));
    assert.ok(atPause >= 50, 'the run said it waits');
    const status = await ws.status();
    assert.equal(status.state, 'paused');
    assert.ok(status.progress!.files.done <= atPause + 10, `${status.progress!.files.done} files parsed while paused at ${atPause}`);
    ws.resume();
    const report = await run.report;
    sub.dispose();
    assert.equal(report.indexed, 300);
  });
});

test('service: a failed first update does not stick; the next call tries again', async () => {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    await withWorkspace(corpus(5), async (ws, root) => {
      fs.mkdirSync(path.join(root, '.coderag'), { recursive: true });
      fs.writeFileSync(path.join(root, '.coderag', 'lock'), String(holder.pid));
      await assert.rejects(ws.ready(), IndexLockedError);
      fs.rmSync(path.join(root, '.coderag', 'lock'));
      const report = await ws.ready();
      assert.equal(report.indexed, 5);
      assert.equal((await ws.search('compute_3', { mode: 'keyword' })).results[0].qualifiedName, 'compute_3');
    });
  } finally {
    holder.kill();
  }
});

test('service: a failed open (a root that is a file) is followed by a good one', async () => {
  const root = workspace(corpus(3));
  try {
    const file = path.join(root, 'pkg0', 'mod_0.py');
    await assert.rejects(openWorkspace({ root: file, indexDir: path.join(file, '.coderag'), embedding: { enabled: false }, inProcess: true }).then((ws) => ws.index().report));
    const ws = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
    try {
      assert.equal((await ws.index().report).indexed, 3);
    } finally {
      await ws.dispose();
    }
  } finally {
    removeWorkspace(root);
  }
});

test('service: two service objects on one index in one process never both write', async () => {
  const root = workspace(corpus(60));
  const a = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
  const b = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
  try {
    const results = await Promise.allSettled([a.index().report, b.index().report]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(failed.length, 1, 'one of the two is refused');
    assert.ok(failed[0].reason instanceof IndexLockedError);
    assert.match(failed[0].reason.message, /in this process/);
  } finally {
    await a.dispose();
    await b.dispose();
  }
  try {
    assert.equal(await assertConsistent(root), 60);
  } finally {
    removeWorkspace(root);
  }
});

test('service: notifyChanged indexes an unsaved buffer (readFile), and the disk again once it is gone', async () => {
  const buffers = new Map<string, string>();
  await withWorkspace(
    { 'app.py': lines('def saved_function():', '    return 1') },
    async (ws, root) => {
      await ws.index().report;
      buffers.set('app.py', lines('def saved_function():', '    return 1', '', 'def typed_but_unsaved():', '    return 2'));
      await ws.notifyChanged([path.join(root, 'app.py')]);
      const hit = (await ws.search('typed_but_unsaved', { mode: 'keyword' })).results[0];
      assert.deepEqual([hit?.path, hit?.qualifiedName, hit?.startLine], ['app.py', 'typed_but_unsaved', 4]);
      assert.doesNotMatch(fs.readFileSync(path.join(root, 'app.py'), 'utf8'), /typed_but_unsaved/, 'the disk is untouched');
      // The editor closed the buffer without saving: the disk's text is indexed again.
      buffers.delete('app.py');
      await ws.notifyChanged(['app.py']);
      assert.equal((await ws.search('typed_but_unsaved', { mode: 'keyword' })).results.some((r) => r.qualifiedName === 'typed_but_unsaved'), false);
    },
    { readFile: (p) => buffers.get(p) },
  );
});

test('service: under watch({source: external}) an unsaved buffer is read though the watch starts with a full pass by stamps', async () => {
  // The language server's order: index, watch fed by the editor, then the editor's first edit.
  // The watch's catch-up pass goes by stamps, which an unsaved buffer does not change.
  const buffers = new Map<string, string>();
  await withWorkspace(
    { 'billing/invoice.py': lines('def compute_invoice_total(items):', '    return sum(items)') },
    async (ws) => {
      await ws.index().report;
      await ws.watch({ source: 'external', embeddings: false });
      buffers.set('billing/invoice.py', lines('def refund_marmalade_voucher(order):', '    return order.voucher'));
      await ws.notifyChanged(['billing/invoice.py']);
      const names = (await ws.search('refund marmalade voucher', { mode: 'keyword' })).results.map((r) => r.qualifiedName);
      assert.equal(names[0], 'refund_marmalade_voucher', JSON.stringify(names));
    },
    { readFile: (p) => buffers.get(p) },
  );
});

test('service: without LanceDB the workspace opens, indexes in memory and searches keyword-only, saying why', async () => {
  process.env.CODERAG_FAIL_LANCEDB = 'simulated: no native binary';
  try {
    await withWorkspace(
      corpus(10),
      async (ws, root) => {
        const report = await ws.index().report;
        assert.equal(report.indexed, 10);
        assert.match(report.embeddingError ?? '', /LanceDB could not be loaded: simulated/);
        const response = await ws.search('compute_7 value');
        assert.equal(response.results[0]?.qualifiedName, 'compute_7');
        assert.match(response.keywordOnly ?? '', /LanceDB could not be loaded/);
        const status = await ws.status();
        assert.match(status.degraded ?? '', /simulated/);
        assert.equal(status.chunks, 30);
        assert.equal(fs.existsSync(path.join(root, '.coderag', 'lance')), false, 'nothing written as tables');
        assert.equal(fs.existsSync(path.join(root, '.coderag', 'meta.json')), false, 'no meta.json for an index that is not on disk');
      },
      { embedding: { enabled: true } },
    );
  } finally {
    delete process.env.CODERAG_FAIL_LANCEDB;
  }
});

test('service: background embedding errors reach onDidError instead of being dropped', async () => {
  await withWorkspace(
    corpus(3),
    async (ws) => {
      const errors: string[] = [];
      ws.onDidError((e) => errors.push(e.message));
      await ws.watch({ source: 'external' });
      const until = Date.now() + 20_000;
      while (!errors.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      assert.match(errors.join('\n'), /no-such-model/);
      assert.equal((await ws.status()).state, 'error');
    },
    { embedding: { enabled: true, model: '/no-such-model' } },
  );
});

test('service: chunkAt and definitionAt answer for a position: the chunk, definitions, references and callers', async () => {
  const files = {
    'shop/money.py': lines('def format_amount(cents):', '    """Cents as a price."""', '    return f"{cents / 100:.2f}"'),
    'shop/cart.py': lines('from shop.money import format_amount', '', 'class Cart:', '    def total_label(self, cents):', '        return format_amount(cents)', '', 'def receipt(cart):', '    return format_amount(3)'),
  };
  await withWorkspace(files, async (ws) => {
    await ws.index().report;
    const chunk = await ws.chunkAt('shop/cart.py', 5);
    assert.deepEqual([chunk?.qualifiedName, chunk?.startLine, chunk?.endLine], ['Cart.total_label', 4, 5]);
    const def = await ws.definitionAt('shop/cart.py', 5, 18);
    assert.equal(def?.name, 'format_amount');
    assert.deepEqual(def?.definitions.map((d) => [d.path, d.line, d.chunk?.docstring]), [['shop/money.py', 1, 'Cents as a price.']]);
    assert.deepEqual(def?.callers.map((c) => [c.path, c.name]).sort(), [['shop/cart.py', 'receipt'], ['shop/cart.py', 'total_label']]);
    assert.ok(def!.references.length >= 2);
    await assert.rejects(ws.chunkAt('../outside.py', 1), /outside the workspace root/);
  });
});
