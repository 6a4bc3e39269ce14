; Chunk boundaries for GDScript, Godot 3.x and 4.x syntax.
; Top-level `extends`, `class_name`, each `signal` and each enum are declarations of their own;
; consecutive var/const statements (export var, onready var, @export var …) are grouped.
(function_definition name: (name) @name) @definition.function
(constructor_definition) @definition.function
(class_definition name: (name) @name) @definition.class
(source (extends_statement (_) @name) @definition.declaration)
(source (class_name_statement name: (name) @name) @definition.declaration)
(source (signal_statement name: (name) @name) @definition.declaration)
(source (enum_definition name: (name) @name) @definition.declaration)
(source (variable_statement name: (name) @name) @definition.declaration.group)
(source (export_variable_statement name: (name) @name) @definition.declaration.group)
(source (onready_variable_statement name: (name) @name) @definition.declaration.group)
(source (const_statement name: (name) @name) @definition.declaration.group)
; Godot 3's `tool` (a statement of one word) and Godot 4's `@tool`: a declaration of their own.
(source (expression_statement (identifier) @name (#eq? @name "tool")) @definition.declaration)
(source (annotation (identifier) @name (#eq? @name "tool")) @definition.declaration)
