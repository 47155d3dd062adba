import type { TaskChecklist, TaskChecklistItem, TaskChecklistSection, TaskFileRef } from '@portal/contracts';

/** What the INSPECT tab shows: the chosen section and item (ids), null when none. */
export interface InspectPick {
  sectionId: string | null;
  itemId: string | null;
}

/** The node whose form the FORM area fills: the chosen item, or a section without items (its own form). */
export type InspectTarget =
  | { kind: 'item'; section: TaskChecklistSection; item: TaskChecklistItem }
  | { kind: 'section'; section: TaskChecklistSection };

/** The first section and its first item: what the tab opens on. */
export function firstPick(checklist: TaskChecklist | null): InspectPick {
  const section = checklist?.sections[0];
  return { sectionId: section?.id ?? null, itemId: section?.items[0]?.id ?? null };
}

export function sectionOf(checklist: TaskChecklist | null, pick: InspectPick): TaskChecklistSection | undefined {
  return checklist?.sections.find((s) => s.id === pick.sectionId);
}

export function targetOf(checklist: TaskChecklist | null, pick: InspectPick): InspectTarget | null {
  const section = sectionOf(checklist, pick);
  if (!section) return null;
  if (section.items.length === 0) return { kind: 'section', section };
  const item = section.items.find((i) => i.id === pick.itemId);
  return item ? { kind: 'item', section, item } : null;
}

export interface SaveState {
  loading: boolean;
  /** The checklist has sections at all. */
  hasSection: boolean;
  /** The chosen section has items. */
  hasItems: boolean;
  itemPicked: boolean;
  /** The node's form is of type MULTIPLE. */
  multiple: boolean;
  /** A MULTIPLE form's record is chosen in the form selector. */
  recordChosen: boolean;
  /** The user may change the checklist (role, status). */
  editable: boolean;
}

/**
 * The spec's Save rule of the checklist form (tasks document 5): disabled while loading, with
 * no section, when items exist but none is picked, or for MULTIPLE forms without a chosen form.
 * (Ours: also for a reader.)
 */
export function saveDisabled(s: SaveState): boolean {
  return !s.editable || s.loading || !s.hasSection || (s.hasItems && !s.itemPicked) || (s.multiple && !s.recordChosen);
}

/** New is disabled once the form count reaches samplesMax (tasks document 5). */
export const newRecordDisabled = (count: number, samplesMax: number) => count >= samplesMax;

/** Marks a file deleted, or reverts the mark (the FORM's Files list). */
export function toggleDeleted(files: TaskFileRef[], blobKey: string): TaskFileRef[] {
  return files.map((file) => {
    if (file.blobKey !== blobKey) return file;
    if (file.deleted) {
      const { deleted: _dropped, ...kept } = file;
      return kept;
    }
    return { ...file, deleted: true };
  });
}

/** The file types an item's Files list accepts (tasks document 5), by extension; the server checks the content. */
export const ITEM_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'] as const;
export const ITEM_FILE_ACCEPT = ITEM_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
export const isItemFileName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (ITEM_FILE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
};

/** A random id for a new form record (the spec's formRecordId), stable across saves. */
export function newRecordId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many items of a section have a result (shown beside the section). */
export function sectionProgress(section: TaskChecklistSection): { done: number; total: number } {
  return { done: section.items.filter((i) => i.result !== null).length, total: section.items.length };
}
