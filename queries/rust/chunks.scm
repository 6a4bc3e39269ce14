; Chunk boundaries for Rust.
; Structs, enums and unions are `declaration` chunks kept verbatim: their fields, variants, field
; docs and attributes are the content, and their methods live apart in `impl` blocks.
; An `impl` block is a `scope`: it qualifies its methods `Type.method` (`impl Trait for Type` too)
; without a chunk of its own, which would only repeat its methods' signatures.
; A trait is a `class`: its summary lists required and provided methods by signature, and each
; becomes a `Trait.method` chunk (required ones are short, but carry their doc comment).
; `mod name { … }` is a scope; `macro_rules!` and type aliases are declarations; `const` and
; `static` are constants (associated consts of an impl included, as `Type.NAME`).

(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function

; A function directly in an impl is a method even though the impl is only a scope.
(impl_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))

(impl_item
  type: [
    (type_identifier) @name
    (primitive_type) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: [(type_identifier) @name (scoped_type_identifier name: (type_identifier) @name)])
    (reference_type type: [(type_identifier) @name (generic_type type: (type_identifier) @name)])
  ]) @definition.scope

(trait_item name: (type_identifier) @name) @definition.class

(mod_item name: (identifier) @name body: (declaration_list)) @definition.scope

(struct_item name: (type_identifier) @name) @definition.declaration
(enum_item name: (type_identifier) @name) @definition.declaration
(union_item name: (type_identifier) @name) @definition.declaration
(macro_definition name: (identifier) @name) @definition.declaration

; Associated types of impls are one-liners that read as part of their methods.
(source_file (type_item name: (type_identifier) @name) @definition.declaration)
(mod_item body: (declaration_list (type_item name: (type_identifier) @name) @definition.declaration))

(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
