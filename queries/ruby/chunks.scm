; Chunk boundaries for Ruby.
; - A class is a summary chunk (header, mixins, attr_* fields, constants, one line per def, bare
;   `private`/`protected` markers), so "what does Invoice have" finds it; its defs are methods.
; - A module that defines methods (mixin, module_function utilities) is summarised like a class;
;   a module that only nests classes is a namespace (`scope`): no chunk, it just qualifies names.
; - `class << self` is transparent: its defs are class methods `Class.name`, like `def self.name`.
; - Constants at the top level and in namespace modules are chunks; in classes they are summary lines.
; - `X = Struct.new(...)`, `Class.new`, `Data.define` assignments are classes named X.
; - DSL files mapped to Ruby would otherwise yield nothing: Rake namespaces/tasks, Gemfile `gem`
;   lines (grouped) and the gemspec block are captured too.

(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function
; `def Foo.bar` at the top level is Foo's method (method beats function for the same node).
(program (singleton_method object: (constant) @receiver name: (_) @name) @definition.method)

(class name: (_) @name) @definition.class
(module
  name: (_) @name
  body: (body_statement [(method) (singleton_method) (singleton_class)])) @definition.class
(module name: (_) @name) @definition.scope

(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call receiver: (constant) @_receiver method: (identifier) @_method)
  (#match? @_receiver "^(Struct|Class|Data)$")
  (#match? @_method "^(new|define)$")) @definition.class

(program (assignment left: [(constant) (scope_resolution) (global_variable)] @name) @definition.constant)
(module body: (body_statement (assignment left: [(constant) (scope_resolution)] @name) @definition.constant))

; Rake: tasks at the top level or in a namespace (a `task` call elsewhere is just a call).
(call
  method: (identifier) @_namespace
  arguments: (argument_list . [(simple_symbol) (string)] @name)
  block: (_)
  (#eq? @_namespace "namespace")) @definition.scope
(program
  (call
    method: (identifier) @_task
    arguments: (argument_list . [(simple_symbol) @name (string) @name (pair key: (_) @name)])
    (#match? @_task "^(task|multitask)$")) @definition.function)
(call
  method: (identifier) @_namespace
  block: (do_block
    body: (body_statement
      (call
        method: (identifier) @_task
        arguments: (argument_list . [(simple_symbol) @name (string) @name (pair key: (_) @name)])
        (#match? @_task "^(task|multitask)$")) @definition.function))
  (#eq? @_namespace "namespace"))

; Gemfile and gemspec.
(call
  method: (identifier) @_gem
  arguments: (argument_list . (string (string_content) @name))
  (#eq? @_gem "gem")) @definition.declaration.group
(program
  (call
    receiver: (scope_resolution) @name
    method: (identifier) @_new
    block: (_)
    (#eq? @name "Gem::Specification")
    (#eq? @_new "new")) @definition.declaration)
