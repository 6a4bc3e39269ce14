// The core's one door: the only file of src/core that adapters (the CLI, the MCP server, the
// language server behind the editor) import (test/layering.test.ts). The workspace contract and
// what each call means are in contract.ts; the rest are the types and helpers adapters share.
export type * from './contract';
export { NoVectorsError, openWorkspace, tooLarge } from './workspace';
export { MAX_PARSE_FILE_BYTES } from '../parse/parse-pool';
export type { ChunkKind, SkippedFile, SkipReason } from '../base/types';
export { CHUNK_KINDS } from '../base/types';
export type { IndexHealth, IndexReport, ProgressEvent } from '../index/code-index';
export { IndexLockedError } from '../index/lock';
export type { IdentifierHit, IdentifierSearchOptions } from '../repomap/identifiers';
export type { MapRequest, RepoMapResult } from '../repomap/repo-map';
export type { FileGroup, SearchMode, SearchOptions, SearchResult } from '../search/hybrid';
export { groupByFile } from '../search/hybrid';
export type { FusionMethod } from '../search/fusion';
export type { Staleness, Status } from './status';
export { InvalidArgumentError, mapOptionsOf, searchOptionsOf, SEARCH_LANGUAGES, symbolOptionsOf } from './search-options';
export { OutsideRootError } from './confine';
export { defaultIndexDir } from '../index/state';
export { tuneJitForIndexing } from '../parse/jit';
export { runWorkersInBackground } from '../base/priority';
export { quotePath } from '../base/quote';

// The Godot 3 → 4 migration analysis (src/core/godot): plain data in and out.
export { analyzeProject, findingsOf, runStatus, JUDGE_VERSION } from '../godot/analyze';
export type { AnalyzeInput, AnalyzeOptions, AnalysisResult, FragmentReport, ModelPassNote } from '../godot/analyze';
export { askModel, openAiChat } from '../godot/llm';
export type { ChatFn, ChatPrompt, ModelAnswer } from '../godot/llm';
export { ModelAnswers, modelKey, refineResult, wantsModel } from '../godot/model-pass';
export type { ModelEntry, ModelOutcome } from '../godot/model-pass';
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
export { godotProjects, isGodotSource, projectDirOf, readGodotSource } from '../godot/projects';
export type { GodotProject } from '../godot/projects';
