// Reading commands never write an index that exists: `map`, `symbols`, `search` and `status` read
// what is stored and say when the workspace has moved on since; only `index` and `watch` write.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, lines, removeWorkspace, workspace } from './helpers';

/** Every file under `dir` with its bytes and mtime: a reader must leave all of it as it was. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, rel);
    const st = fs.statSync(p);
    if (st.isFile()) out[rel] = `${st.mtimeMs} ${fs.readFileSync(p).toString('base64')}`;
  }
  return out;
}

test('readers: map, symbols, search and status leave the index as it is, and say it is behind the workspace', async () => {
  const root = workspace({
    'shop/ledger.py': lines('def record_sale(amount):', '    return amount'),
    'shop/cart.py': lines('from shop.ledger import record_sale', '', 'def checkout(cart):', '    return record_sale(sum(cart))'),
    'shop/old.py': lines('def retired():', '    pass'),
  });
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    fs.appendFileSync(path.join(root, 'shop/cart.py'), lines('', 'def apply_coupon(cart, code):', '    return cart'));
    fs.rmSync(path.join(root, 'shop/old.py'));
    const dir = path.join(root, '.coderag');
    const before = snapshot(dir);
    const behind = /^coderag: the index is behind the workspace: 2 indexed files 1 changed, 1 deleted since \(shop\/cart\.py, shop\/old\.py\); results are as stored/m;
    for (const args of [['map', '--tokens', '256'], ['symbols', 'record_sale'], ['search', 'record a sale', '--mode', 'keyword'], ['status']]) {
      const r = await cli(...args, '--root', root);
      assert.equal(r.status, 0, `${args[0]}: ${r.stderr}`);
      if (args[0] !== 'status') assert.match(r.stderr, behind, args[0]);
      assert.deepEqual(snapshot(dir), before, `${args[0]} wrote nothing`);
    }
    // As stored: the new function is not known yet, the deleted file still is.
    assert.match((await cli('symbols', 'apply_coupon', '--root', root)).stdout, /no matching symbols/);
    assert.match((await cli('map', '--root', root)).stdout, /shop\/old\.py/);
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    const after = await cli('symbols', 'apply_coupon', '--root', root);
    assert.match(after.stdout, /^shop\/cart\.py:6 {2}definition apply_coupon/m);
    assert.equal(after.stderr, '', 'up to date: nothing to say');
  } finally {
    removeWorkspace(root);
  }
});
