; Chunk boundaries for C++.
; Classes, structs and unions with a body are `class` chunks (a summary: header, access labels,
; fields, member prototypes, one line per inline method) whatever their key: in C++ a struct is a
; class with public members and carries methods just as often. Inline methods are `Class.method`.
; Out-of-line definitions (`void Foo::bar() {}`, `Outer::Inner::m`) are `method`s named by their
; qualified path, template arguments of the scope dropped (`Box<T>::get` → `Box.get`).
; Named namespaces are scopes and DO prefix names (`geo::Shape::area` → `geo.Shape.area`): it is
; the name C++ itself gives, and a definition spelled `geo::Shape::area` at top level and one
; written inside `namespace geo {}` then get the same name. Anonymous namespaces add nothing.
; Enums, typedefs, `using` aliases and concepts are `declaration`s; prototypes outside classes are
; `declaration`s (the documented API of a header); globals and object-like macros are `constant`s;
; function-like macros are `function`s (see queries/c/chunks.scm).
; Declarations match at any depth: the chunker drops locals and class members as nested.

(function_definition
  declarator: [
    (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name) (template_function)] @name)
    (pointer_declarator
      declarator: (function_declarator declarator: [(identifier) (field_identifier) (operator_name) (template_function)] @name))
    (pointer_declarator
      declarator: (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name)))
    (reference_declarator
      (function_declarator declarator: [(identifier) (field_identifier) (operator_name) (template_function)] @name))
    ; `operator bool() const`: no node spells less than the whole conversion.
    (operator_cast) @name
  ]) @definition.function

(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name)))
    (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
    (qualified_identifier name: (operator_cast)) @name
  ]
  (#match? @name "::")) @definition.method

; `static int __init f(void) {`: a macro before the name parses as a scope missing its `::`.
(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier name: (_) @name) @macro)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier name: (_) @name) @macro))
  ]
  (#not-match? @macro "::")) @definition.function

; `int API(name)(args)`, `LUA_API int (name)(args)`: see queries/c/chunks.scm.
(function_definition
  declarator: [
    (function_declarator
      declarator: (function_declarator parameters: (parameter_list . (parameter_declaration type: (type_identifier) @name) .)))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (function_declarator parameters: (parameter_list . (parameter_declaration type: (type_identifier) @name) .))))
  ]) @definition.function
(declaration
  declarator: [
    (function_declarator
      declarator: (function_declarator parameters: (parameter_list . (parameter_declaration type: (type_identifier) @name) .)))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (function_declarator parameters: (parameter_list . (parameter_declaration type: (type_identifier) @name) .))))
  ]) @definition.declaration

(preproc_function_def name: (identifier) @name) @definition.function
(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant

(class_specifier name: (_) @name body: (_)) @definition.class
(struct_specifier name: (_) @name body: (_)) @definition.class
(union_specifier name: (_) @name body: (_)) @definition.class
; `class EXPORT_MACRO Foo : public Bar {…};` parses as a function `Foo` returning `class EXPORT_MACRO`:
; still the class Foo, with whatever members the parser recovered.
(function_definition
  type: [(class_specifier !body) (struct_specifier !body)]
  declarator: (identifier) @name
  body: (compound_statement)) @definition.class

(namespace_definition name: (_) @name) @definition.scope

(enum_specifier name: (_) @name body: (_)) @definition.declaration
(enum_specifier !name body: (enumerator_list . (enumerator name: (identifier) @name))) @definition.declaration
(alias_declaration name: (type_identifier) @name) @definition.declaration
(concept_definition name: (identifier) @name) @definition.declaration
(type_definition
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
  ]) @definition.declaration

; A qualified prototype is not valid outside its class: `API_EXPORT Foo make();` parses as the
; scope `Foo` (its `::` missing) of `make`.
(declaration
  declarator: [
    (function_declarator
      declarator: [(identifier) @name (operator_name) @name (template_function) @name (qualified_identifier name: (identifier) @name)])
    (pointer_declarator
      declarator: (function_declarator declarator: [(identifier) @name (operator_name) @name (qualified_identifier name: (identifier) @name)]))
    (reference_declarator
      (function_declarator declarator: [(identifier) @name (operator_name) @name (qualified_identifier name: (identifier) @name)]))
  ]) @definition.declaration

; Globals, `constexpr` constants and static member definitions (`int Foo::count = 0;`).
; A prototype also matches here; `declaration` outranks `constant`.
(declaration
  declarator: [
    [(identifier) (qualified_identifier)] @name
    (_ declarator: [(identifier) (qualified_identifier)] @name)
    (_ declarator: (_ declarator: [(identifier) (qualified_identifier)] @name))
    (_ declarator: (_ declarator: (_ declarator: [(identifier) (qualified_identifier)] @name)))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
    (init_declarator
      declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))
  ]
  (#not-match? @name " ")) @definition.constant
; `EXPORT_MACRO Type name = …;` parses as `Type::name` with its `::` missing.
(declaration
  declarator: [
    (qualified_identifier name: (identifier) @name) @macro
    (init_declarator declarator: (qualified_identifier name: (identifier) @name) @macro)
  ]
  (#not-match? @macro "::")) @definition.constant
