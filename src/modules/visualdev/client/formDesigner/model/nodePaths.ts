import { type DesignNode } from './designTree.js';

/** Each node's path as walkFields writes it (fields[2].__config__.children[0]), to pin a design problem on its node. */
export function nodeIdsByPath(nodes: readonly DesignNode[], path = 'fields', into = new Map<string, string>()): Map<string, string> {
  nodes.forEach((node, index) => {
    const own = `${path}[${index}]`;
    into.set(own, node.id);
    if (node.children) nodeIdsByPath(node.children, `${own}.__config__.children`, into);
  });
  return into;
}
