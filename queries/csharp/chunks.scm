; Chunk boundaries for C#. @definition.<kind> marks the node, @name its name.
; Classes, structs, records, interfaces and enums are all `class`: an outline (fields, auto-properties,
; enum members, signatures) plus `Type.Member` chunks, so a nested enum is not buried in its parent.
; Namespaces are not captured: a block namespace would prefix names while a file-scoped one (a sibling
; of the types, not their parent) could not, and C# developers write `Invoice.TotalAsync`, not
; `Shop.Billing.Invoice.TotalAsync` (the folder usually mirrors the namespace anyway).
; Members with code are functions: methods, constructors, finalizers, operators, indexers, and
; properties/events whose accessors have bodies or that are `=> expression`; auto-properties
; (`{ get; set; }`) are field-like and stay in the outline. Lambdas and local functions inside a
; method stay in it; a local function at top level (top-level statements) is a function chunk.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(method_declaration name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.function
(destructor_declaration name: (identifier) @name) @definition.function
; Nameless members: an operator is named by its symbol (`Money.+`), a conversion by its target type
; (`Money.decimal`), an indexer `this`; a finalizer shares the class name, its signature says `~`.
(operator_declaration operator: _ @name) @definition.function
(conversion_operator_declaration type: (_) @name) @definition.function
(indexer_declaration "this" @name) @definition.function
(property_declaration
  name: (identifier) @name
  accessors: (accessor_list (accessor_declaration body: (_)))) @definition.function
(property_declaration name: (identifier) @name value: (arrow_expression_clause)) @definition.function
(event_declaration
  name: (identifier) @name
  accessors: (accessor_list (accessor_declaration body: (_)))) @definition.function
(local_function_statement name: (identifier) @name) @definition.function
(delegate_declaration name: (identifier) @name) @definition.declaration
