// The committed GDScript grammar is tree-sitter-gdscript 6.1.0 patched (scripts/patch-gdscript-parser.mjs)
// so Godot 4 unique names parse inside `$` paths; 6.1.0 itself made each of these an ERROR.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Node } from 'web-tree-sitter';
import { loadLanguage } from '../src/core/lang/grammars';
import { gdscript } from '../src/core/lang/gdscript';

async function parse(source: string): Promise<Node> {
  const { parser } = await loadLanguage(gdscript);
  return parser.parse(source)!.rootNode;
}

const getNodes = (root: Node) => root.descendantsOfType('get_node').map((n) => n!.text);

test('gdscript grammar: `$%Name`, `$Path/%Unique` and `$/root/%X` are node paths, not errors', async () => {
  const root = await parse(
    [
      'func f():',
      '\tvar a = $%Score',
      '\tvar b = $HUD/%Score.text',
      '\tvar c = $/root/%Main',
      '\tg($%Anim, $Path/To/%Deep)',
      '\t$%Anim.play("run")',
      '',
    ].join('\n'),
  );
  assert.equal(root.hasError, false, root.toString());
  assert.deepEqual(getNodes(root), ['$%Score', '$HUD/%Score', '$/root/%Main', '$%Anim', '$Path/To/%Deep', '$%Anim']);
});

test('gdscript grammar: `%` keeps its other meanings (modulo, string formatting, `%Name` alone)', async () => {
  const root = await parse(['func f():', '\tvar a = 7 % 3', '\tvar b = "%d" % [a]', '\tvar c = %Unique/Child', '\tvar d = $A % 2', ''].join('\n'));
  assert.equal(root.hasError, false, root.toString());
  assert.equal(root.descendantsOfType('binary_operator').filter((n) => n!.child(1)!.type === '%').length, 3);
  assert.deepEqual(getNodes(root), ['%Unique/Child', '$A']);
});
