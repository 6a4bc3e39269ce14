// What the extension host would send the sidebar in the browser test (sidebar-view.test.ts), and
// two VS Code themes' variables as the workbench sets them on a webview's <html>.
import type { AnswerSource, FolderRef, ResultsMessage } from '../src/vscode/sidebar/protocol';

export const ROOT: FolderRef = { uri: 'file:///work/project', name: 'project' };
export const LIB: FolderRef = { uri: 'file:///work/lib', name: 'lib' };

export function results(queryId: number, query = 'parse header'): ResultsMessage {
  return {
    type: 'results', queryId, query, multiRoot: false, count: 4, tookMs: 84,
    vectors: { embedded: 1200, total: 5000 },
    folders: [{
      folder: ROOT,
      files: [
        {
          path: 'src/http/headers.ts',
          results: [
            {
              n: 1, id: 'a1', startLine: 12, endLine: 30, kind: 'function', language: 'typescript', name: 'parseHeader',
              qualifiedName: 'parseHeader', signature: 'export function parseHeader(line: string): Header', score: 3.2,
              snippet: '/** Splits one raw header line into its name and value. */\nexport function parseHeader(line: string): Header {\n  const colon = line.indexOf(":");\n  if (colon < 0) throw new HeaderError(line);\n  return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };\n}',
            },
            {
              n: 3, id: 'a2', startLine: 40, endLine: 58, kind: 'class', language: 'typescript', name: 'HeaderParser',
              qualifiedName: 'HeaderParser', score: 2.1,
              snippet: 'export class HeaderParser {\n  private readonly seen = new Set<string>();\n  feed(chunk: string): void {\n    for (const line of chunk.split("\\r\\n")) this.add(parseHeader(line));\n  }',
            },
          ],
        },
        {
          path: 'tools/parse_headers.py',
          results: [
            {
              n: 2, id: 'b1', startLine: 5, endLine: 19, kind: 'function', language: 'python', name: 'parse_header',
              qualifiedName: 'parse_header', score: 2.8,
              snippet: 'def parse_header(raw: bytes) -> tuple[str, str]:\n    """Decode a header line (latin-1) and split it at the first colon."""\n    name, _, value = raw.decode("latin-1").partition(":")\n    return name.strip().lower(), value.strip()',
            },
          ],
        },
        {
          path: 'src/http/request.ts',
          results: [
            {
              n: 4, id: 'c1', startLine: 88, endLine: 120, kind: 'method', language: 'typescript', name: 'readHeaders',
              qualifiedName: 'Request.readHeaders', score: 1.7, snippetCut: true,
              snippet: '  async readHeaders(): Promise<void> {\n    while (true) {\n      const line = await this.reader.line();\n      if (line === "") break;\n      const h = parseHeader(line);\n      this.headers.set(h.name, h.value);\n    }\n… (cut: 20 more lines)',
              copies: [{ path: 'dist/http/request.js', startLine: 70, endLine: 99 }],
            },
          ],
        },
      ],
    }],
  };
}

export const SOURCES: AnswerSource[] = [
  { n: 1, folder: ROOT.uri, path: 'src/http/headers.ts', startLine: 12, endLine: 30, label: 'parseHeader' },
  { n: 2, folder: ROOT.uri, path: 'tools/parse_headers.py', startLine: 5, endLine: 19, label: 'parse_header' },
  { n: 3, folder: ROOT.uri, path: 'src/http/headers.ts', startLine: 40, endLine: 58, label: 'HeaderParser' },
];

/** The answer as a model streams it: cut mid-word, mid-emphasis and mid-fence. */
export const ANSWER_CHUNKS = [
  'Headers are parsed by **`parse',
  'Header`** [1], which splits a line at the first colon and trims both halves. ',
  'The Python tool does the same in `parse_header` [2][3].\n\n- Errors: a line without a colon throws `HeaderError` [1]\n- Streaming input goes through ',
  '`HeaderParser.feed` [3]\n\n```ts\nconst h = parseHeader("Host: example.org");\n```\n',
  '| step | where |\n|:--|--:|\n| split | [1] |\n\nThere is no [9] source.',
];

export function multiRootResults(queryId: number): ResultsMessage {
  const one = results(queryId);
  const [first] = one.folders;
  return {
    ...one, multiRoot: true, count: 5,
    folders: [
      first,
      {
        folder: LIB,
        files: [{
          path: 'src/wire.go',
          results: [{
            n: 5, id: 'd1', startLine: 3, endLine: 9, kind: 'function', language: 'go', name: 'ParseHeader', qualifiedName: 'wire.ParseHeader', score: 1.2,
            snippet: 'func ParseHeader(line string) (Header, error) {\n\ti := strings.IndexByte(line, \':\')\n\treturn Header{line[:i], line[i+1:]}, nil\n}',
          }],
        }],
      },
    ],
  };
}

/** The file view's answer to a pasted traceback: files ranked, why, each with its best chunks. */
export function fileResults(queryId: number, query = TRACEBACK): ResultsMessage {
  return {
    type: 'results', queryId, query, multiRoot: false, count: 4, tookMs: 42, groupBy: 'file',
    vectors: { embedded: 5000, total: 5000 },
    folders: [{
      folder: ROOT,
      files: [
        {
          path: 'src/http/headers.ts', rank: 1,
          why: ['in the trace: parseHeader', 'in the trace: HeaderParser.feed', 'defines: parseHeader'],
          results: [
            {
              n: 1, id: 'a1', startLine: 12, endLine: 30, kind: 'function', language: 'typescript', name: 'parseHeader', qualifiedName: 'parseHeader', score: 3.2,
              snippet: 'export function parseHeader(line: string): Header {\n  const colon = line.indexOf(":");\n  if (colon < 0) throw new HeaderError(line);\n  return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };\n}',
            },
            { n: 2, id: 'a2', startLine: 40, endLine: 58, kind: 'class', language: 'typescript', name: 'HeaderParser', qualifiedName: 'HeaderParser', score: 2.1, snippet: 'export class HeaderParser {' },
          ],
        },
        {
          path: 'src/http/request.ts', rank: 2, why: ['in the trace: Request.readHeaders'],
          results: [{
            n: 3, id: 'c1', startLine: 88, endLine: 120, kind: 'method', language: 'typescript', name: 'readHeaders', qualifiedName: 'Request.readHeaders', score: 1.7,
            snippet: '  async readHeaders(): Promise<void> {\n    while (true) {\n      const line = await this.reader.line();',
          }],
        },
        {
          path: 'test/headers.test.ts', rank: 3,
          results: [{ n: 4, id: 't1', startLine: 5, endLine: 9, kind: 'function', language: 'typescript', name: 'rejects a line without a colon', qualifiedName: 'rejects a line without a colon', score: 0.4, snippet: "test('rejects a line without a colon', () => {" }],
        },
      ],
    }],
  };
}

export const TRACEBACK = [
  'HeaderError: no colon in "Host example.org"',
  '    at parseHeader (src/http/headers.ts:15:25)',
  '    at HeaderParser.feed (src/http/headers.ts:43:41)',
  '    at Request.readHeaders (src/http/request.ts:92:17)',
].join('\n');

/** The file view with markup in the path and in what pointed at it. */
export function xssFileResults(queryId: number): ResultsMessage {
  const one = xssResults(queryId);
  const [folder] = one.folders;
  return { ...one, groupBy: 'file', folders: [{ ...folder, files: [{ ...folder.files[0], rank: 1, why: ['in the trace: <img src=x onerror="window.__xss=30">', 'path: <script>window.__xss=31</script>'] }] }] };
}

const XSS_PATH = 'src/<img src=x onerror="window.__xss=1">.ts';
/** Every field the view shows, carrying markup that must stay text. */
export function xssResults(queryId: number): ResultsMessage {
  return {
    type: 'results', queryId, query: 'script', multiRoot: true, count: 1, tookMs: 3,
    keywordOnly: '<img src=x onerror="window.__xss=9">',
    vectors: { embedded: 0, total: 0 },
    folders: [{
      folder: { uri: 'file:///x/<script>window.__xss=2</script>', name: '<b onmouseover="window.__xss=3">folder</b>' },
      files: [{
        path: XSS_PATH,
        results: [{
          n: 1, id: 'x', startLine: 1, endLine: 2, kind: '<script>window.__xss=4</script>', language: 'html',
          name: '<script>window.__xss=5</script>', qualifiedName: '<script>window.__xss=5</script>', signature: '"><img src=x onerror="window.__xss=6">',
          score: 1, snippet: '<script>alert(1); window.__xss=7</script>\n<img src=x onerror=alert(1);window.__xss=8>',
        }],
      }],
    }],
  };
}

export const XSS_SOURCES: AnswerSource[] = [
  { n: 1, folder: 'file:///x', path: XSS_PATH, startLine: 1, endLine: 2, label: '"><img src=x onerror="window.__xss=10">' },
];
export const XSS_ANSWER =
  'See <img src=x onerror="window.__xss=11"> and <script>window.__xss=12</script> [1].\n\n' +
  '[a link](javascript:window.__xss=13) <a href="javascript:window.__xss=14">raw</a> ![img](x" onerror="window.__xss=15)\n\n' +
  '`<script>window.__xss=16</script>`\n\n<iframe src="javascript:window.__xss=17"></iframe>';

/** The variables VS Code's Dark Modern and Light Modern themes put on a webview (the ones this view uses). */
export const THEMES: Record<'dark' | 'light', Record<string, string>> = {
  dark: {
    'sideBar-background': '#181818', 'scrollbar-shadow': '#000000', foreground: '#cccccc', descriptionForeground: '#9d9d9d', errorForeground: '#f85149',
    focusBorder: '#0078d4', 'icon-foreground': '#cccccc', 'widget-border': '#313131', 'sideBarSectionHeader-border': '#2b2b2b',
    'input-background': '#313131', 'input-foreground': '#cccccc', 'input-border': '#3c3c3c', 'input-placeholderForeground': '#989898',
    'inputOption-activeBackground': 'rgba(36, 137, 219, 0.51)', 'inputOption-activeBorder': '#2488db', 'inputOption-activeForeground': '#ffffff',
    'dropdown-background': '#313131', 'dropdown-foreground': '#cccccc', 'dropdown-border': '#3c3c3c',
    'toolbar-hoverBackground': 'rgba(90, 93, 94, 0.31)', 'badge-background': '#616161', 'badge-foreground': '#f8f8f8',
    'list-activeSelectionBackground': '#04395e', 'list-activeSelectionForeground': '#ffffff', 'list-inactiveSelectionBackground': '#37373d',
    'list-hoverBackground': '#2a2d2e', 'list-focusOutline': '#0078d4', 'list-highlightForeground': '#2aaaff', 'list-focusHighlightForeground': '#2aaaff',
    'editor-findMatchHighlightBackground': 'rgba(234, 92, 0, 0.33)', 'progressBar-background': '#0078d4',
    'textLink-foreground': '#4daafc', 'textLink-activeForeground': '#4daafc', 'textPreformat-foreground': '#d0d0d0',
    'textPreformat-background': '#3c3c3c', 'textCodeBlock-background': '#2b2b2b', 'textBlockQuote-background': '#2b2b2b',
    'textBlockQuote-border': '#616161', 'editorLineNumber-foreground': '#6e7681', 'editor-foreground': '#cccccc',
    'symbolIcon-functionForeground': '#b180d7', 'symbolIcon-methodForeground': '#b180d7', 'symbolIcon-classForeground': '#ee9d28',
    'symbolIcon-constantForeground': '#cccccc', 'symbolIcon-variableForeground': '#75beff', 'symbolIcon-keyForeground': '#cccccc',
    'symbolIcon-textForeground': '#cccccc',
  },
  light: {
    'sideBar-background': '#f8f8f8', 'scrollbar-shadow': '#dddddd', foreground: '#3b3b3b', descriptionForeground: '#717171', errorForeground: '#e51400',
    focusBorder: '#005fb8', 'icon-foreground': '#3b3b3b', 'widget-border': '#e5e5e5', 'sideBarSectionHeader-border': '#e5e5e5',
    'input-background': '#ffffff', 'input-foreground': '#3b3b3b', 'input-border': '#cecece', 'input-placeholderForeground': '#767676',
    'inputOption-activeBackground': '#bed6ed', 'inputOption-activeBorder': '#005fb8', 'inputOption-activeForeground': '#000000',
    'dropdown-background': '#ffffff', 'dropdown-foreground': '#3b3b3b', 'dropdown-border': '#cecece',
    'toolbar-hoverBackground': 'rgba(184, 184, 184, 0.31)', 'badge-background': '#cccccc', 'badge-foreground': '#3b3b3b',
    'list-activeSelectionBackground': '#e4e6f1', 'list-activeSelectionForeground': '#000000', 'list-inactiveSelectionBackground': '#e4e6f1',
    'list-hoverBackground': '#f2f2f2', 'list-focusOutline': '#005fb8', 'list-highlightForeground': '#0066bf', 'list-focusHighlightForeground': '#0066bf',
    'editor-findMatchHighlightBackground': 'rgba(234, 92, 0, 0.33)', 'progressBar-background': '#005fb8',
    'textLink-foreground': '#005fb8', 'textLink-activeForeground': '#005fb8', 'textPreformat-foreground': '#3b3b3b',
    'textPreformat-background': 'rgba(0, 0, 0, 0.1)', 'textCodeBlock-background': '#f0f0f0', 'textBlockQuote-background': '#f8f8f8',
    'textBlockQuote-border': '#e5e5e5', 'editorLineNumber-foreground': '#6e7681', 'editor-foreground': '#3b3b3b',
    'symbolIcon-functionForeground': '#652d90', 'symbolIcon-methodForeground': '#652d90', 'symbolIcon-classForeground': '#d67e00',
    'symbolIcon-constantForeground': '#3b3b3b', 'symbolIcon-variableForeground': '#007acc', 'symbolIcon-keyForeground': '#3b3b3b',
    'symbolIcon-textForeground': '#3b3b3b',
  },
};

export const FONTS = {
  'font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif', 'font-size': '13px', 'font-weight': 'normal',
  'editor-font-family': '"Droid Sans Mono", "DejaVu Sans Mono", monospace', 'editor-font-size': '13px',
};
