import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

// The player script of Godot's "Dodge the Creeps" tutorial (Godot 4).
const player4 = lines(
  'extends Area2D', //                                                      1
  'signal hit', //                                                          2
  '', //                                                                    3
  '@export var speed = 400 # How fast the player will move (pixels/sec).', //  4
  'var screen_size # Size of the game window.', //                          5
  '', //                                                                    6
  'func _ready():', //                                                      7
  '	screen_size = get_viewport_rect().size', //                          8
  '	hide()', //                                                          9
  '', //                                                                   10
  'func _process(delta):', //                                              11
  '	var velocity = Vector2.ZERO', //                                     12
  '	if Input.is_action_pressed("move_right"):', //                       13
  '		velocity.x += 1', //                                             14
  '	if Input.is_action_pressed("move_left"):', //                        15
  '		velocity.x -= 1', //                                             16
  '	if velocity.length() > 0:', //                                      17
  '		velocity = velocity.normalized() * speed', //                   18
  '	position += velocity * delta', //                                   19
  '	position = position.clamp(Vector2.ZERO, screen_size)', //          20
  '', //                                                                   21
  'func _on_body_entered(body):', //                                      22
  '	hide()', //                                                         23
  '	hit.emit()', //                                                     24
  '	$CollisionShape2D.set_deferred("disabled", true)', //               25
);

test('gdscript 4: the Dodge the Creeps player script, chunk by chunk', async () => {
  const { chunks, syntaxErrors } = await chunksOf('player.gd', player4);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'declaration Area2D 1-1',
    'declaration hit 2-2',
    'declaration speed, screen_size 4-5',
    'function _ready 7-9',
    'function _process 11-20',
    'function _on_body_entered 22-25',
  ]);
  assert.equal(find(chunks, 'speed, screen_size').text, lines('@export var speed = 400 # How fast the player will move (pixels/sec).', 'var screen_size # Size of the game window.').trimEnd());
  assert.deepEqual(find(chunks, 'speed, screen_size').defines, ['speed', 'screen_size']);
  const process = find(chunks, '_process');
  assert.equal(process.complexity, 4);
  assert.deepEqual(process.parameters, ['delta']);
  assert.equal(find(chunks, '_ready').visibility, 'private');
  assert.ok(process.references.includes('is_action_pressed'));
});

// Godot 3 syntax: tool, export(int) var, onready var, setget, yield, remote functions.
const enemy3 = lines(
  'tool', //                                         1
  'extends KinematicBody2D', //                      2
  'class_name Enemy', //                             3
  '', //                                             4
  '## Emitted when the enemy dies.', //             5
  'signal died(points)', //                          6
  'const MAX_HP = 3', //                             7
  'export var speed = 200', //                       8
  'export(int) var hp = MAX_HP setget set_hp', //   9
  'onready var anim = $AnimationPlayer', //         10
  'enum State { IDLE, CHASE }', //                  11
  '', //                                            12
  '# Moves towards the player.', //                13
  'func _physics_process(delta):', //              14
  '	var velocity = Vector2.ZERO', //             15
  '	velocity = move_and_slide(velocity, Vector2.UP)', // 16
  '	yield(get_tree().create_timer(1.0), "timeout")', // 17
  '', //                                            18
  'func set_hp(value):', //                        19
  '	hp = clamp(value, 0, MAX_HP)', //            20
  '	if hp == 0 and not is_queued_for_deletion():', // 21
  '		emit_signal("died", 10)', //             22
  '', //                                            23
  'remote func sync_position(p):', //             24
  '	position = p', //                            25
  '', //                                            26
  'class Hitbox extends Area2D:', //              27
  '	var damage = 1', //                           28
  '	func hit(target, amount = 1) -> int:', //    29
  '		return target.take(amount)', //           30
);

test('gdscript 3: tool, export, onready, setget, yield, remote, inner class', async () => {
  const { chunks, syntaxErrors } = await chunksOf('enemy.gd', enemy3);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'declaration tool 1-1',
    'declaration KinematicBody2D 2-2',
    'declaration Enemy 3-3',
    'declaration died 5-6',
    'declaration MAX_HP, speed, hp, anim 7-10',
    'declaration State 11-11',
    'function _physics_process 13-17',
    'function set_hp 19-22',
    'function sync_position 24-25',
    'class Hitbox 27-30',
    'method Hitbox.hit 29-30',
  ]);
  assert.equal(find(chunks, 'died').docstring, 'Emitted when the enemy dies.');
  assert.equal(find(chunks, '_physics_process').docstring, 'Moves towards the player.');
  assert.equal(find(chunks, 'set_hp').complexity, 3); // if, and
  const hit = find(chunks, 'Hitbox.hit');
  assert.equal(hit.returnType, 'int');
  assert.deepEqual(hit.parameters, ['target', 'amount = 1']);
  assert.equal(find(chunks, 'Hitbox', 'class').text, lines('class Hitbox extends Area2D:', '	var damage = 1', '	func hit(target, amount = 1) -> int: ...').trimEnd());
});

test('gdscript: the file comment is the module doc and `extends X` stays alone', async () => {
  const src = lines(
    '# Player stats resource.', // 1
    '@tool', //                     2
    'extends Resource', //          3
    '', //                          4
    'var health = 10', //           5
  );
  const { chunks } = await chunksOf('stats.gd', src);
  assert.deepEqual(outline(chunks), ['declaration tool 2-2', 'declaration Resource 3-3', 'declaration health 5-5']);
  assert.equal(find(chunks, 'Resource').title, 'stats.gd (Player stats resource.) declaration Resource');
  const { chunks: plain } = await chunksOf('stats.gd', lines('# Player stats resource.', 'extends Resource'));
  assert.deepEqual(outline(plain), ['declaration Resource 2-2']);
});
