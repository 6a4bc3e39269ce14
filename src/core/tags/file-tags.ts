// Tags of one file without chunking it: for a repo map asked of a workspace not indexed yet.
import { languageOfSource, textFormatOf } from '../lang/registry';
import { loadLanguage } from '../lang/grammars';
import { extractTags, type Tag, textTags } from './tags';

export async function tagsOfFile(path: string, source: string): Promise<{ language: string; tags: Tag[] }> {
  const spec = languageOfSource(path, source);
  if (!spec) {
    const format = textFormatOf(path);
    return { language: format, tags: /^godot-/.test(format) ? textTags(source) : [] };
  }
  const loaded = await loadLanguage(spec);
  const tree = loaded.parser.parse(source);
  if (!tree) return { language: spec.id, tags: [] };
  try {
    return { language: spec.id, tags: extractTags(tree.rootNode, loaded) };
  } finally {
    tree.delete();
  }
}
