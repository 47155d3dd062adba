import { jsonLanguage } from '@codemirror/lang-json';

/** The parts of a Lezer syntax node this module reads. */
interface JsonNode {
  name: string;
  from: number;
  to: number;
  firstChild: JsonNode | null;
  nextSibling: JsonNode | null;
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** `ASSET.viewRules[0].roles[1]` -> ['ASSET', 'viewRules', 0, 'roles', 1]; `(top)` -> []. */
export function pathSegments(path: string): (string | number)[] {
  if (path.trim() === '(top)') return [];
  const segments: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) segments.push(match[1] !== undefined ? Number(match[1]) : match[2]);
  return segments;
}

function children(node: JsonNode): JsonNode[] {
  const list: JsonNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

function keyOf(text: string, nameNode: JsonNode): string | null {
  try {
    return JSON.parse(text.slice(nameNode.from, nameNode.to)) as string;
  } catch {
    return null;
  }
}

/**
 * Where a document path (as the server names it) sits in JSON text: the range of the deepest
 * part of the path the text holds (the property, or the array element), or null when the text
 * has no such value at all. A key the document should not have points at its property; a
 * missing key points at the object that lacks it.
 */
export function locateJsonPath(text: string, path: string): { from: number; to: number } | null {
  const top = jsonLanguage.parser.parse(text).topNode as unknown as JsonNode;
  const root = children(top).find((child) => VALUE_NODES.has(child.name));
  if (!root) return null;
  let node: JsonNode = root;
  let found: { from: number; to: number } = { from: node.from, to: node.to };
  for (const segment of pathSegments(path)) {
    if (typeof segment === 'string' && node.name === 'Object') {
      const property: JsonNode | undefined = children(node).find((child) => {
        const name = child.name === 'Property' ? child.firstChild : null;
        return name?.name === 'PropertyName' && keyOf(text, name) === segment;
      });
      if (!property) break;
      found = { from: property.from, to: property.to };
      const value: JsonNode | undefined = children(property).find((child) => VALUE_NODES.has(child.name));
      if (!value) break;
      node = value;
    } else if (typeof segment === 'number' && node.name === 'Array') {
      const element: JsonNode | undefined = children(node).filter((child) => VALUE_NODES.has(child.name))[segment];
      if (!element) break;
      found = { from: element.from, to: element.to };
      node = element;
    } else break;
  }
  return found;
}

/** The 1-based line of a path in JSON text (line 1 when it cannot be found). */
export function lineOfJsonPath(text: string, path: string): number {
  const range = locateJsonPath(text, path);
  if (!range) return 1;
  return text.slice(0, range.from).split('\n').length;
}
