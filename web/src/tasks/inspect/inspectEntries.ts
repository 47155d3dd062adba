import { useMemo } from 'react';
import type { ChecklistAnswer } from '@portal/contracts';
import { TASK_UI } from '../texts';
import { sectionProgress, sectionToDo, type toSections } from './inspectRules';
import type { NodeEntry } from './NodeList';
import { loadFormDefinition } from './useFormDefinition';

/** The ITEMS entry of a section's own form (node ids never start with #). */
export const SECTION_FORM = '#section';

type Section = ReturnType<typeof toSections>[number];

/** What INSPECT's SECTIONS and ITEMS lists show: names, progress, what is still to do, results. */
export function useNodeEntries(sections: Section[], section: Section | undefined, answer: ChecklistAnswer | null) {
  const sectionEntries: NodeEntry[] = useMemo(
    () =>
      sections.map((s) => {
        const { done, total } = sectionProgress(s);
        // DECISIONS 9: each section says how many of its items still need something.
        const toDo = sectionToDo(answer?.inspection, s.node.id);
        return {
          id: s.node.id,
          name: s.node.displayName || s.node.name,
          description: s.node.description ?? undefined,
          note: total
            ? `${done} / ${total} · ${toDo > 0 ? TASK_UI.toDo(toDo) : TASK_UI.allDone}`
            : toDo > 0
              ? TASK_UI.toDo(toDo)
              : undefined,
          attention: toDo > 0,
        };
      }),
    [sections, answer],
  );
  const itemEntries: NodeEntry[] = useMemo(() => {
    const items: NodeEntry[] = (section?.items ?? []).map((i) => ({
      id: i.id,
      name: i.displayName || i.name,
      description: i.description ?? undefined,
      result: answer?.inspection.results[i.id] ?? i.itemResult,
      attention: answer?.inspection.problems.some((p) => p.nodeId === i.id) ?? false,
    }));
    // A section with a form of its own lists it first (filled once for the whole section).
    return section?.node.form ? [{ id: SECTION_FORM, name: section.node.form.formName, note: TASK_UI.sectionForm }, ...items] : items;
  }, [section, answer]);
  return { sectionEntries, itemEntries };
}

/** Every form of the checklist is kept on this device, so that INSPECT works on without a connection. */
export function keepFormsOnDevice(loaded: ChecklistAnswer) {
  const forms = new Set<string>();
  for (const node of loaded.nodes) {
    if (node.form) forms.add(`${node.form.formId}:${node.form.formRevision}`);
    for (const r of node.userData?.records ?? []) forms.add(`${r.formId}:${r.formRevision}`);
  }
  for (const key of forms) {
    const [formId, revision] = key.split(':').map(Number);
    loadFormDefinition(formId, revision).catch(() => undefined);
  }
}
