// What the extension host posts to the Godot details view (and the view's one message back).
import type { GodotFragmentAnswer } from '../../lsp/protocol';

export interface DetailsMessage {
  type: 'details';
  /** The file as the workspace names it, and the cursor's 1-based line. */
  file: string;
  line: number;
  answer: GodotFragmentAnswer;
}

export interface ReadyMessage {
  type: 'ready';
}
