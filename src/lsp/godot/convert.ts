// Findings of the Godot analysis as LSP sees them. The core counts 1-based lines and columns in
// UTF-16 code units with an exclusive end (SARIF's convention); LSP counts 0-based lines and
// characters, also UTF-16 and end-exclusive, so a span moves by one on both axes and nothing else.
import { CodeActionKind, DiagnosticSeverity, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver/node';
import type { Edit, Finding, Judgment, Severity, Span } from '../../core/service/api';

export const DIAGNOSTIC_SOURCE = 'CodeRAG Godot 4';
/** The fix-all action's kind: offered by "Fix All" and "Source Action…" (and editor.codeActionsOnSave). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.coderag-godot`;
export const FIX_ALL_TITLE = 'Fix all safe Godot 4 changes in this file';
/** Where a rule without a class-reference entry (syntax, project files) is explained. */
export const MIGRATION_GUIDE = 'https://docs.godotengine.org/en/stable/tutorials/migrating/upgrading_to_godot_4.html';

/** What a diagnostic carries back to the server when the editor asks for its code actions. */
export interface DiagnosticData {
  fragment: string;
  replacement?: Edit;
}

export function rangeOf(span: Span): Range {
  return { start: { line: span.line - 1, character: span.column - 1 }, end: { line: span.endLine - 1, character: span.endColumn - 1 } };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

/** The message as the Problems view shows it: the judge's, with the Godot 4 form when it does not already say it. */
export function messageOf(f: Finding): string {
  return f.godot4 && !f.message.includes(f.godot4) ? `${f.message} (Godot 4: ${f.godot4})` : f.message;
}

/** `checked`: the fragment's judgment when a language model re-validated it; its explanation follows the message. */
export function toDiagnostic(f: Finding, checked?: Judgment): Diagnostic {
  const data: DiagnosticData = { fragment: f.fragment, ...(f.replacement ? { replacement: f.replacement } : {}) };
  const note = checked?.by === 'llm' && checked.explanation ? `\n\nChecked by ${checked.model ?? 'a language model'}: ${checked.explanation}` : '';
  return {
    range: rangeOf(f),
    severity: SEVERITY[f.severity],
    code: f.rule,
    codeDescription: { href: f.link ?? MIGRATION_GUIDE },
    source: DIAGNOSTIC_SOURCE,
    message: messageOf(f) + note,
    data,
  };
}

export function textEditOf(e: Edit): TextEdit {
  return { range: rangeOf(e), newText: e.text };
}

const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character < b.character);
const overlaps = (a: Range, b: Range) => before(a.start, b.end) && before(b.start, a.end);
const sameRange = (a: Range, b: Range) => !before(a.start, b.start) && !before(b.start, a.start) && !before(a.end, b.end) && !before(b.end, a.end);

/**
 * The safe edits of a file, at most one per place: two findings can share a span (a rename inside
 * an annotation fix); an editor refuses overlapping edits, so the first one in the file wins and the
 * other is left for the next round (its diagnostic stays).
 */
export function safeEdits(findings: readonly Finding[]): TextEdit[] {
  const edits = findings.filter((f) => f.replacement).map((f) => textEditOf(f.replacement!));
  edits.sort((a, b) => (before(a.range.start, b.range.start) ? -1 : before(b.range.start, a.range.start) ? 1 : 0));
  const kept: TextEdit[] = [];
  // An empty range touching another is not an overlap by `overlaps`; the same range twice is.
  for (const e of edits) if (!kept.some((k) => overlaps(k.range, e.range) || sameRange(k.range, e.range))) kept.push(e);
  return kept;
}

export interface DocumentRef {
  uri: string;
  /** The version the findings were computed for: the editor refuses the edit if the text moved on. */
  version: number;
}

function workspaceEdit(doc: DocumentRef, edits: TextEdit[]) {
  return { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] };
}

/** The title of one finding's quick fix: what the code becomes. */
export function fixTitle(f: Finding): string {
  const text = f.replacement!.text;
  const shown = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return shown.includes('\n') || !shown.trim() ? `Apply the Godot 4 form (${f.rule})` : `Change to \`${shown}\` (Godot 4)`;
}

/**
 * The code actions for a range of a document: one quick fix per safe finding the editor asked
 * about, then "fix all safe" for the whole file. Findings without an edit get none: the judge was
 * not sure, so the editor offers nothing to apply.
 */
export function codeActionsFor(doc: DocumentRef, findings: readonly Finding[], asked: readonly Diagnostic[], only?: readonly string[]): CodeAction[] {
  const wants = (kind: string) => !only?.length || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const ours = asked.filter((d) => d.source === DIAGNOSTIC_SOURCE);
  const actions: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix)) {
    for (const d of ours) {
      const f = findings.find((x) => x.replacement && x.rule === d.code && sameRange(rangeOf(x), d.range));
      if (!f) continue;
      actions.push({ title: fixTitle(f), kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: workspaceEdit(doc, [textEditOf(f.replacement!)]) });
    }
  }
  const all = safeEdits(findings);
  if (!all.length) return actions;
  // In the light bulb next to the problems under the cursor, and as the file's source action.
  if (wants(CodeActionKind.QuickFix) && ours.length) actions.push({ title: FIX_ALL_TITLE, kind: CodeActionKind.QuickFix, edit: workspaceEdit(doc, all) });
  else if (only?.length && wants(FIX_ALL_KIND)) actions.push({ title: FIX_ALL_TITLE, kind: FIX_ALL_KIND, edit: workspaceEdit(doc, all) });
  return actions;
}
