; Chunk boundaries for C.
; C has no classes: structs, unions, enums and typedefs are data, so they are `declaration` chunks
; kept verbatim (their fields and field comments are what people search for); a typedef'd struct is
; one chunk named by its typedef, the struct inside it is not repeated.
; Prototypes (a `declaration` whose declarator is a function) are `declaration` chunks: in a header
; they are the documented API. Global variables are `constant`s.
; Object-like macros with a value are `constant`s; value-less ones (`#define FOO_H`, feature flags)
; say nothing and are skipped. Function-like macros are `function`s: they are called like
; functions, take parameters, and their body is the code a reader looks for.
; Names sit inside declarators, one pattern per nesting that occurs in practice
; (`f(…)`, `*f(…)`, `**f(…)`, `(*f(…))(…)` returning a function pointer).
; Declarations match at any depth: header guards and `#ifdef`s wrap module-level code, and the
; chunker drops the ones nested in a function (locals) or in a type.

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; `int API(name)(args)` and Lua's `LUA_API int (name)(args)`: a macro call or a parenthesized name
; parse as a function declarator applied to another whose only parameter is the real name (a
; function returning a function is not valid C, so the shape is unambiguous).
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

; `static void __init foo(void) {` (an unknown macro before the name) parses as a definition of
; `(void)` with return type `foo`: never valid C, so the "type" is the name.
; The `static int __init` before it parses as a declaration of `__init`: a scope yields no chunk.
(function_definition type: (type_identifier) @name declarator: (parenthesized_declarator)) @definition.function
((declaration) @definition.scope . (function_definition type: (type_identifier) declarator: (parenthesized_declarator)))

(preproc_function_def name: (identifier) @name) @definition.function

(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant

(declaration
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.declaration

; Globals: `x`, `x = 1`, `*p`, `a[]`, `*names[] = {…}`, `(*handler)(int) = NULL`.
; A prototype also matches here; `declaration` outranks `constant`.
(declaration
  declarator: [
    (identifier) @name
    (_ declarator: (identifier) @name)
    (_ declarator: (_ declarator: (identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
    (init_declarator
      declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))
  ]) @definition.constant

(struct_specifier name: (type_identifier) @name body: (_)) @definition.declaration
(union_specifier name: (type_identifier) @name body: (_)) @definition.declaration
(enum_specifier name: (type_identifier) @name body: (_)) @definition.declaration
; `enum { A, B };` defines constants only: named by its first enumerator.
(enum_specifier !name body: (enumerator_list . (enumerator name: (identifier) @name))) @definition.declaration

(type_definition
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
  ]) @definition.declaration
