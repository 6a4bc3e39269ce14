; Chunk boundaries for Go.
; Go has no classes: a struct is its field list and its methods are declared apart from it
; (`func (s *Server) Start()`), so a class summary would only repeat the struct. Structs,
; interfaces and other named types are `declaration` chunks kept verbatim (fields, field comments,
; tags and interface methods are what people search for); methods are qualified by their @receiver
; (`Server.Start`, pointer and type arguments dropped).
; A top-level `const (…)` or `var (…)` block is ONE `constant` chunk that defines all its names:
; iota enumerations only make sense together, and a lone spec such as `StateRunning` says nothing.
; Types inside a `type (…)` group are one chunk each: every one is a type of its own, with its
; own doc comment and methods.

(function_declaration name: (identifier) @name) @definition.function

(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @receiver
        (pointer_type (type_identifier) @receiver)
        (generic_type type: (type_identifier) @receiver)
        (pointer_type (generic_type type: (type_identifier) @receiver))
      ]))
  name: (field_identifier) @name) @definition.method

(type_declaration
  .
  [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)]
  .) @definition.declaration

(type_declaration
  "("
  [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)] @definition.declaration)

(source_file (const_declaration (const_spec name: (identifier) @name)) @definition.constant)

(source_file
  (var_declaration
    [(var_spec name: (identifier) @name) (var_spec_list (var_spec name: (identifier) @name))]) @definition.constant)
