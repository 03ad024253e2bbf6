// A screen's DOM taken apart once the screen is gone. Chromium keeps a pointer to a node or two
// of a removed screen (its sequential-focus starting point, an SVG root in the document's SVG
// bookkeeping) until later input moves it on; any one node holds its whole detached tree, and
// through that tree's event handlers the screen's state: on a phone each Play again left the
// last game's table (some 2,500 nodes) alive. Taken apart, such a pointer holds one bare node.

/** Removes every node of the detached tree under `root` from its parent (nothing if `root` is still in the document). */
export function dismantle(root: Node): void {
  if (root.isConnected) return;
  const nodes: Node[] = [];
  const walker = root.ownerDocument?.createTreeWalker(root) ?? null;
  for (let node = walker?.nextNode() ?? null; node !== null; node = walker!.nextNode()) nodes.push(node);
  for (let i = nodes.length - 1; i >= 0; i--) nodes[i]!.parentNode?.removeChild(nodes[i]!);
}

/**
 * An attachment for a screen's root element: when the screen goes, its tree is taken apart
 * (after the removal, which the screen's enclosing block does first).
 */
export function dismantleWhenGone(root: Element): () => void {
  return () => queueMicrotask(() => dismantle(root));
}
