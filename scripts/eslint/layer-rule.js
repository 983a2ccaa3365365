import path from 'node:path';
import { allowedOf, layerOfModule, layerOfPath, layers as marqueeLayers } from './layers.js';

/**
 * One rule for every layer of Marquee: an import is allowed when the importing file's layer lists
 * the imported one (or it is the same layer). Options: `root`, the folder paths are read from;
 * `layers`, the table (by default Marquee's, in layers.js).
 */
export const layerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table (scripts/eslint/layers.js).' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, layers: { type: 'object' } },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden:
        "{{from}} may not import {{to}} ('{{specifier}}'). {{from}} may import only: {{allowed}}.",
      outside: "'{{specifier}}' is outside every layer: {{from}} may import only: {{allowed}}.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    const table = options.layers ?? marqueeLayers;
    const relative = (file) => path.relative(root, file).split(path.sep).join('/');
    const from = layerOfPath(relative(context.filename));
    if (from === undefined) return {};
    const allowed = allowedOf(from, table);
    const allowedText = [...allowed].filter((name) => name !== from).join(', ') || 'nothing';

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const bare = specifier.replace(/[?#].*$/, '');
      let to;
      if (bare.startsWith('.') || path.isAbsolute(bare)) {
        const target = relative(path.resolve(path.dirname(context.filename), bare));
        to = target.startsWith('..') ? undefined : layerOfPath(target);
        if (to === undefined) {
          context.report({
            node,
            messageId: 'outside',
            data: { specifier, from, allowed: allowedText },
          });
          return;
        }
      } else {
        to = layerOfModule(bare);
      }
      if (!allowed.has(to))
        context.report({
          node,
          messageId: 'forbidden',
          data: { from, to, specifier, allowed: allowedText },
        });
    };
    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ImportExpression: fromSource,
      TSImportEqualsDeclaration(node) {
        if (node.moduleReference.type === 'TSExternalModuleReference')
          check(node.moduleReference.expression, node.moduleReference.expression.value);
      },
    };
  },
};

export default { rules: { layers: layerRule } };
