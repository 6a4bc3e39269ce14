(module (expression_statement (assignment left: (identifier) @name) @definition.constant))

(class_definition
  name: (identifier) @name) @definition.class

(function_definition
  name: (identifier) @name) @definition.function

; A reference captures its name alone (`@name.reference.*`): the enclosing node is never read, and
; each capture is a node object the walk makes.
(call
  function: [
      (identifier) @name.reference.call
      (attribute
        attribute: (identifier) @name.reference.call)
  ])

; Additions to the upstream query: what a module imports, the classes it extends and the types it
; annotates with are dependencies as much as the calls it makes.
(import_from_statement name: (dotted_name (identifier) @name.reference.import))
(import_from_statement name: (aliased_import name: (dotted_name (identifier) @name.reference.import)))
(class_definition superclasses: (argument_list (identifier) @name.reference.class))
(class_definition superclasses: (argument_list (attribute attribute: (identifier) @name.reference.class)))
(type (identifier) @name.reference.type)
(decorator (identifier) @name.reference.call)
