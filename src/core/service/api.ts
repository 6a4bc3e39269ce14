// The core's contract for adapters (CLI, MCP, the language server, the extension): the one file
// they may import. This branch adds the Godot migration analysis; the service contract proper
// lands beside it.
export { analyzeProject, findingsOf, runStatus, JUDGE_VERSION } from '../godot/analyze';
export type { AnalyzeInput, AnalyzeOptions, AnalysisResult, FragmentReport } from '../godot/analyze';
export { fragmentsOf } from '../godot/fragments';
export { splitBundle, joinBundle } from '../godot/bundle';
export { toSarif } from '../godot/sarif';
export { loadClassProse } from '../godot/class-prose';
export { Retriever } from '../godot/retriever';
export { applyEdits } from '../godot/locate';
export { RULES } from '../godot/rules';
export type { LlmOptions } from '../godot/llm';
export type { FragmentStatus } from '../godot/run-state';
export type * from '../godot/model';
