; Chunk boundaries for TypeScript and TSX: the JavaScript patterns plus TypeScript's own.
; - Interfaces, type aliases and enums are declarations (whole text: they are read, not outlined).
; - Abstract classes and `declare class` are class summaries; overload, abstract and ambient
;   signatures are functions/methods, so a `.d.ts` yields the API it declares.
; - Namespaces and `declare module 'x'` only qualify names (scope); constants directly in them count.
; The one JavaScript difference: TypeScript class fields are public_field_definition.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.function

(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; Class fields holding a function (`handleClick = () => {}`) are methods.
(public_field_definition
  name: (_) @name
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

; TypeScript additions.
(abstract_class_declaration name: (_) @name) @definition.class
(function_signature name: (_) @name) @definition.function
(method_signature name: (_) @name) @definition.function
(abstract_method_signature name: (_) @name) @definition.function
(interface_declaration name: (_) @name) @definition.declaration
(type_alias_declaration name: (_) @name) @definition.declaration
(enum_declaration name: (_) @name) @definition.declaration
(internal_module name: (_) @name) @definition.scope
(module name: (_) @name) @definition.scope

(program (ambient_declaration (lexical_declaration (variable_declarator name: (_) @name) @definition.constant)))
(program (ambient_declaration (variable_declaration (variable_declarator name: (_) @name) @definition.constant)))
(program (export_statement (ambient_declaration (lexical_declaration (variable_declarator name: (_) @name) @definition.constant))))
(program (export_statement (ambient_declaration (variable_declaration (variable_declarator name: (_) @name) @definition.constant))))
(internal_module body: (statement_block (lexical_declaration (variable_declarator name: (_) @name) @definition.constant)))
(internal_module body: (statement_block (export_statement (lexical_declaration (variable_declarator name: (_) @name) @definition.constant))))
(module body: (statement_block (lexical_declaration (variable_declarator name: (_) @name) @definition.constant)))
(module body: (statement_block (export_statement (lexical_declaration (variable_declarator name: (_) @name) @definition.constant))))
