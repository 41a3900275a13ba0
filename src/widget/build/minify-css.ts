// Build-time only (see rollup.config.mjs): takes comments and spare whitespace out of the CSS in
// the widget's styled-components templates, as babel-plugin-styled-components' `minify` does for
// babel builds. The rules read the same; the bundle is smaller. Templates are found by parsing
// the compiled module, so strings, comments and regular expressions cannot be mistaken for them.
import ts from 'typescript';

/** Names whose tagged templates hold CSS; `styled` also through `.div`, `(X)` and `.attrs(…)`. */
const CSS_TAGS = new Set(['css', 'createGlobalStyle', 'keyframes']);

function isCssTag(tag: ts.Expression): boolean {
  let root = tag;
  while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = root.expression;
  if (!ts.isIdentifier(root)) return false;
  return root.text === 'styled' ? root !== tag : CSS_TAGS.has(root.text) && root === tag;
}

/**
 * One literal part of a CSS template. Whitespace runs become one space (so `dashed ${colour}`
 * keeps its space), and none is left around `{`, `}`, `;`, after `,` or after a colon followed
 * by a space (a declaration's or a media feature's; a selector's colon is never followed by one).
 */
export function minifyCssText(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};]) ?/g, '$1')
    .replace(/([,:]) /g, '$1');
}

/** The module's code with every CSS template's literal parts minified; all else untouched. */
export function minifyCssTemplates(code: string): string {
  const source = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && isCssTag(node.tag)) {
      const { template } = node;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const part of parts) {
        // Each part runs from its opening ` or } to its closing ` or ${.
        const first = part === parts[0];
        const last = part === parts.at(-1);
        const start = part.getStart(source) + 1;
        const end = part.end - (last ? 1 : 2);
        let text = minifyCssText(code.slice(start, end));
        if (first) text = text.trimStart();
        if (last) text = text.trimEnd();
        edits.push({ start, end, text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** The rollup plugin: the widget's own modules, after TypeScript has compiled them. */
export function minifyCss(include: (id: string) => boolean) {
  return {
    name: 'minify-css-templates',
    transform(code: string, id: string) {
      return include(id) ? { code: minifyCssTemplates(code), map: null } : null;
    },
  };
}
