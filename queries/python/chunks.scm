; Chunk boundaries for Python. @definition.<kind> marks the node, @name its name.
; Nesting (method vs function, dropped inner functions) is decided by the chunker.
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class
(module (expression_statement (assignment left: (_) @name)) @definition.constant)
(module (expression_statement (augmented_assignment left: (_) @name)) @definition.constant)
