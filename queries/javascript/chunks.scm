; Chunk boundaries for JavaScript (also the base of TypeScript's chunks.scm).
; - Functions, and consts/fields/assignments holding a function, are function chunks: that is how
;   JS code defines them. The declarator/assignment is the node, so the name and `const` are in it.
; - Classes are summaries (fields, one line per method); their methods are method chunks.
; - Other module-level consts are constants; CommonJS `exports.x = function` is the function `x`,
;   `Foo.prototype.bar = function` the method `Foo.bar`.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.function

(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; Class fields holding a function (`handleClick = () => {}`) are methods.
(field_definition
  property: (_) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

(assignment_expression
  left: (member_expression) @name
  right: [(arrow_function) (function_expression) (generator_function)]) @definition.function

(program (lexical_declaration (variable_declarator name: (_) @name) @definition.constant))
(program (variable_declaration (variable_declarator name: (_) @name) @definition.constant))
(program (export_statement (lexical_declaration (variable_declarator name: (_) @name) @definition.constant)))
(program (export_statement (variable_declaration (variable_declarator name: (_) @name) @definition.constant)))

(export_statement value: [(function_expression) (arrow_function) (generator_function)] @definition.function)
(export_statement value: (class) @definition.class)

; Object literals holding functions qualify them (scope): `module.exports = { load() {} }` is
; `default.load`, Vue's `export default { methods: { add() {} } }` is `default.methods.add`; a key
; holding a function (`save: function () {}`) is a function.
(pair key: (_) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(assignment_expression
  left: (member_expression) @name
  right: (object [(method_definition) (pair value: [(arrow_function) (function_expression) (generator_function) (object)])]) @definition.scope)
(export_statement
  value: (object [(method_definition) (pair value: [(arrow_function) (function_expression) (generator_function) (object)])]) @definition.scope)
(pair
  key: (_) @name
  value: (object [(method_definition) (pair value: [(arrow_function) (function_expression) (generator_function) (object)])]) @definition.scope)
