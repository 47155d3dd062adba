import type { Checklist, ChecklistItem, ChecklistSection } from '@portal/contracts';

/**
 * The checklist tree's edits as pure functions: each answers a new Checklist (the JSON text is
 * rewritten from it), so the tree and the text never hold two versions.
 */

/** Every id in use (sections and items share one id space: the schema refuses a repeat). */
const idsOf = (doc: Checklist) => new Set(doc.sections.flatMap((s) => [s.id, ...s.items.map((i) => i.id)]));

export function freshId(doc: Checklist, prefix: 'section' | 'item'): string {
  const used = idsOf(doc);
  let n = 1;
  while (used.has(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

export function addSection(doc: Checklist, name: string): { doc: Checklist; id: string } {
  const id = freshId(doc, 'section');
  return { doc: { ...doc, sections: [...doc.sections, { id, name, items: [] }] }, id };
}

export function addItem(doc: Checklist, sectionId: string, name: string): { doc: Checklist; id: string } {
  const id = freshId(doc, 'item');
  return {
    doc: { ...doc, sections: doc.sections.map((s) => (s.id === sectionId ? { ...s, items: [...s.items, { id, name }] } : s)) },
    id,
  };
}

type SectionPatch = Partial<Omit<ChecklistSection, 'id' | 'items'>>;
type ItemPatch = Partial<Omit<ChecklistItem, 'id'>>;

/** Drops keys set to undefined or null, so the JSON keeps only what is chosen. */
function clean<T extends object>(node: T): T {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined && v !== null)) as T;
}

export function updateNode(doc: Checklist, id: string, patch: SectionPatch | ItemPatch): Checklist {
  return {
    ...doc,
    sections: doc.sections.map((s) =>
      s.id === id
        ? clean({ ...s, ...(patch as SectionPatch) })
        : { ...s, items: s.items.map((i) => (i.id === id ? clean({ ...i, ...(patch as ItemPatch) }) : i)) },
    ),
  };
}

export function removeNode(doc: Checklist, id: string): Checklist {
  return {
    ...doc,
    sections: doc.sections.filter((s) => s.id !== id).map((s) => ({ ...s, items: s.items.filter((i) => i.id !== id) })),
  };
}

export interface ItemPlace {
  section: number;
  index: number;
}

export function placeOfItem(doc: Checklist, id: string): ItemPlace | null {
  for (const [section, s] of doc.sections.entries()) {
    const index = s.items.findIndex((i) => i.id === id);
    if (index >= 0) return { section, index };
  }
  return null;
}

export function moveSection(doc: Checklist, from: number, to: number): Checklist {
  if (from === to || to < 0 || to >= doc.sections.length) return doc;
  const sections = [...doc.sections];
  const [moved] = sections.splice(from, 1);
  sections.splice(to, 0, moved);
  return { ...doc, sections };
}

/** Moves an item to a place (in its section or another); `to.index` counts after the removal. */
export function moveItem(doc: Checklist, from: ItemPlace, to: ItemPlace): Checklist {
  const sections = doc.sections.map((s) => ({ ...s, items: [...s.items] }));
  const [moved] = sections[from.section].items.splice(from.index, 1);
  const target = sections[to.section].items;
  target.splice(Math.max(0, Math.min(to.index, target.length)), 0, moved);
  return { ...doc, sections };
}

/**
 * One step up or down for the keyboard (Alt+ArrowUp/Down): a section among sections; an item
 * among its siblings, and past the first or last into the neighbouring section.
 */
export function stepNode(doc: Checklist, id: string, direction: -1 | 1): Checklist {
  const section = doc.sections.findIndex((s) => s.id === id);
  if (section >= 0) return moveSection(doc, section, section + direction);
  const place = placeOfItem(doc, id);
  if (!place) return doc;
  const siblings = doc.sections[place.section].items.length;
  const next = place.index + direction;
  if (next >= 0 && next < siblings) return moveItem(doc, place, { section: place.section, index: next });
  const neighbour = place.section + direction;
  if (neighbour < 0 || neighbour >= doc.sections.length) return doc;
  return moveItem(doc, place, { section: neighbour, index: direction < 0 ? doc.sections[neighbour].items.length : 0 });
}

/** The drag and drop ids of the tree's nodes: sections and items are told apart by a prefix. */
export const SECTION = 's:';
export const ITEM = 'i:';

/**
 * A drop of the dragged node `from` on `to` (drag ids): a section takes the place of the
 * section dropped on (or of the section of the item dropped on); an item takes the place of the
 * item dropped on, in its section or another, or goes to the end of a section dropped on.
 */
export function dropNode(doc: Checklist, from: string, to: string): Checklist {
  if (from === to) return doc;
  if (from.startsWith(SECTION)) {
    const sectionOf = (key: string) =>
      key.startsWith(SECTION) ? doc.sections.findIndex((s) => s.id === key.slice(2)) : (placeOfItem(doc, key.slice(2))?.section ?? -1);
    const a = sectionOf(from);
    const b = sectionOf(to);
    return a >= 0 && b >= 0 ? moveSection(doc, a, b) : doc;
  }
  const place = placeOfItem(doc, from.slice(2));
  if (!place) return doc;
  if (to.startsWith(SECTION)) {
    const section = doc.sections.findIndex((s) => s.id === to.slice(2));
    return section >= 0 && section !== place.section ? moveItem(doc, place, { section, index: doc.sections[section].items.length }) : doc;
  }
  const target = placeOfItem(doc, to.slice(2));
  return target ? moveItem(doc, place, target) : doc;
}
