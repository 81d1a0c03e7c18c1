import type { ReactNode } from 'react';
import { common, createLowlight } from 'lowlight';
import type { ElementContent, Root } from 'hast';

const lowlight = createLowlight(common);
// Guessing the language of an unlabelled block is only worth showing when the grammar clearly matched.
const AUTO_MIN_RELEVANCE = 7;

/**
 * Code as React elements coloured by highlight.js's grammars (through lowlight's syntax tree), or
 * null when the language is unknown or no language could be told. Only text and spans with the
 * grammar's class names come out: the code itself is never parsed as markup.
 */
export function highlightCode(code: string, lang: string | undefined): ReactNode[] | null {
  if (lang) {
    const name = lang.toLowerCase();
    if (!lowlight.registered(name)) return null;
    return toReact(lowlight.highlight(name, code));
  }
  const guessed = lowlight.highlightAuto(code);
  const relevance = (guessed.data as { relevance?: number } | undefined)?.relevance ?? 0;
  return relevance >= AUTO_MIN_RELEVANCE ? toReact(guessed) : null;
}

function toReact(tree: Root): ReactNode[] {
  return tree.children.map((node, i) => toNode(node as ElementContent, i));
}

function toNode(node: ElementContent, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  const className = node.properties.className;
  return (
    <span key={key} className={Array.isArray(className) ? className.join(' ') : undefined}>
      {node.children.map(toNode)}
    </span>
  );
}
