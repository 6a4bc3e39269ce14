; Definitions and references in GDScript, Godot 3.x and 4.x syntax, for the repo map.
; Written for this project: no upstream tags query exists for GDScript.

(function_definition name: (name) @name) @definition.function
(constructor_definition) @definition.function
(class_definition name: (name) @name) @definition.class
(class_name_statement name: (name) @name) @definition.class
(signal_statement name: (name) @name) @definition.signal
(const_statement name: (name) @name) @definition.constant
(enum_definition name: (name) @name) @definition.enum
(enumerator left: (identifier) @name) @definition.constant
; 4.x `var`, `@export var`, `@onready var`; 3.x `export var`, `onready var`
(source (variable_statement name: (name) @name) @definition.variable)
(source (export_variable_statement name: (name) @name) @definition.variable)
(source (onready_variable_statement name: (name) @name) @definition.variable)
(class_body (variable_statement name: (name) @name) @definition.variable)

(call (identifier) @name.reference.call)
(attribute_call (identifier) @name.reference.call)
(extends_statement (type (identifier) @name.reference.class))
(class_definition extends: (extends_statement (type (identifier) @name.reference.class)))
(type (identifier) @name.reference.type)
(attribute (identifier) @name.reference.attribute)

; preload("res://…") and load("res://…") (or a path relative to the script) make the loaded file a dependency.
((call (identifier) @fn arguments: (arguments . (string) @name.reference.file.preload))
  (#eq? @fn "preload"))
((call (identifier) @fn arguments: (arguments . (string) @name.reference.file.load))
  (#eq? @fn "load"))

; A signal's handler: connect("signal", target, "method") names it in a string (Godot 3),
; signal.connect(method) or connect("signal", method) passes it as a Callable (Godot 4).
((call (identifier) @fn arguments: (arguments . (string) . (_) . (string) @name.reference.handler))
  (#eq? @fn "connect"))
((attribute_call (identifier) @fn arguments: (arguments . (string) . (_) . (string) @name.reference.handler))
  (#eq? @fn "connect"))
((attribute_call (identifier) @fn arguments: (arguments . (identifier) @name.reference.handler))
  (#eq? @fn "connect"))
((call (identifier) @fn arguments: (arguments . (string) . (identifier) @name.reference.handler))
  (#eq? @fn "connect"))
