; Upstream's `(comment)* @doc` prefixes and the patterns without a role are left out: nothing
; reads them, and every capture is a node object.
(function_declaration
  name: (identifier) @name) @definition.function

(method_declaration
  name: (field_identifier) @name) @definition.method

(call_expression
  function: [
    (identifier) @name.reference.call
    (parenthesized_expression (identifier) @name.reference.call)
    (selector_expression field: (field_identifier) @name.reference.call)
    (parenthesized_expression (selector_expression field: (field_identifier) @name.reference.call))
  ])

(type_spec
  name: (type_identifier) @name) @definition.type

(type_identifier) @name.reference.type
