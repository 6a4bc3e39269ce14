// A small workspace for the editor tests: a few real files in three languages.
export const SMALL_WORKSPACE: Record<string, string> = {
  'README.md': '# Shop\n\nA tiny shop: query strings, carts and prices.\n',
  'app/http.py': 'def parse_query_string(qs):\n    """Split a URL query string into a dict of parameters."""\n    return dict(p.split("=") for p in qs.split("&"))\n',
  'app/server.py': 'from app.http import parse_query_string\n\n\ndef handle(request):\n    return parse_query_string(request.query)\n',
  'src/cart.ts': 'export class Cart {\n  private items: { sku: string; price: number }[] = [];\n\n  add(sku: string, price: number): void {\n    this.items.push({ sku, price });\n  }\n\n  total(): number {\n    return this.items.reduce((sum, i) => sum + i.price, 0);\n  }\n}\n',
};
/** Files of SMALL_WORKSPACE the index holds (all of them: documentation is indexed by default). */
export const SMALL_WORKSPACE_FILES = Object.keys(SMALL_WORKSPACE).length;
