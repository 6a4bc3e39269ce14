; Chunk boundaries for JavaScript (also the base of TypeScript's chunks.scm).
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.function
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(lexical_declaration
  (variable_declarator name: (identifier) @name value: (class))) @definition.class
(expression_statement
  (assignment_expression
    left: (member_expression) @name
    right: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(program (lexical_declaration (variable_declarator name: (_) @name)) @definition.constant)
(program (variable_declaration (variable_declarator name: (_) @name)) @definition.constant)
(program (export_statement (lexical_declaration (variable_declarator name: (_) @name)) @definition.constant))
(program (export_statement (variable_declaration (variable_declarator name: (_) @name)) @definition.constant))
(export_statement value: [(function_expression) (arrow_function) (generator_function)] @definition.function)
(export_statement value: (class) @definition.class)
