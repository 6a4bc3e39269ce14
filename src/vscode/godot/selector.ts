// Which files the Godot feature follows in the editor: their buffers go to the language server
// (document sync, code actions) and the editor's watcher reports their changes on disk. Plain data.

/** Scripts, scenes, resources, shaders and project files. C# is analyzed from disk only: a `.cs` file is rarely Godot's. */
export const GODOT_FILE_GLOB = '**/{*.gd,*.tscn,*.tres,*.gdshader,*.shader,project.godot}';

export const GODOT_DOCUMENTS = [{ scheme: 'file', pattern: GODOT_FILE_GLOB }];
