; Chunk boundaries for Java. @definition.<kind> marks the node, @name its name.
; Classes, interfaces, enums, records and @interfaces are all `class`: each can hold methods (interface
; default methods, enum and record methods), so a developer looks them up as `Type.method` chunks plus
; one outline of the type (fields, enum constants, signatures). Bodiless interface/abstract methods
; are method chunks too: their Javadoc is often the only documentation of an API.
; Packages qualify nothing: names read `Outer.Inner.method`, the way Java code and stack traces
; abbreviate them, and the package is already in the path. Java has no module-level constants or
; free functions; lambdas, anonymous and local classes stay inside the method that holds them.
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.class
(method_declaration name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.function
(compact_constructor_declaration name: (identifier) @name) @definition.function
; A static block is code run at class load; as a chunk `Type.static` it is not lost in the outline.
(static_initializer "static" @name) @definition.function
(module_declaration name: (_) @name) @definition.declaration
