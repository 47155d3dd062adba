import { z } from 'zod';
import { firstIssue } from '../dataForms/definition';

/**
 * A task type's checklist (administration document, "Task type": sectionsJson; DECISIONS 8):
 * sections holding items, each item inspected with a data form and reported under a category.
 * Kept as JSON text on the task type and edited either as text or as a tree; the server
 * refuses a document that does not fit, naming the first wrong path.
 */

/** Where an item's result is reported in the full checklist report (ours: the spec names none). */
export const REPORT_CATEGORIES = ['GENERAL', 'VISUAL', 'FUNCTIONAL', 'LOAD TEST', 'NDT', 'DOCUMENTATION'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const MAX_CHECKLIST_SECTIONS = 100;
export const MAX_SECTION_ITEMS = 200;

const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -');
const name = z.string().trim().min(1, 'name is required').max(300, 'at most 300 characters');
const formId = z.number().int().positive('must be a data form id').nullable().optional();

export const ChecklistItem = z
  .object({
    id: nodeId,
    name,
    description: z.string().max(2000).optional(),
    /** The data form the inspector fills for this item (a form whose object is TASK TYPE). */
    formId,
    reportCategory: z.enum(REPORT_CATEGORIES).optional(),
  })
  .strict();
export type ChecklistItem = z.infer<typeof ChecklistItem>;

export const ChecklistSection = z
  .object({
    id: nodeId,
    name,
    description: z.string().max(2000).optional(),
    /** A form filled once for the whole section (e.g. a MULTIPLE load-test form). */
    formId,
    /** Where the section's own form is reported (LOAD TEST and NDT print as test particulars). */
    reportCategory: z.enum(REPORT_CATEGORIES).optional(),
    items: z.array(ChecklistItem).max(MAX_SECTION_ITEMS, `at most ${MAX_SECTION_ITEMS} items`),
  })
  .strict();
export type ChecklistSection = z.infer<typeof ChecklistSection>;

export const Checklist = z
  .object({ sections: z.array(ChecklistSection).max(MAX_CHECKLIST_SECTIONS, `at most ${MAX_CHECKLIST_SECTIONS} sections`) })
  .strict()
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.sections.forEach((section, s) => {
      if (seen.has(section.id))
        ctx.addIssue({ code: 'custom', path: ['sections', s, 'id'], message: `the id ${section.id} is used twice` });
      seen.add(section.id);
      section.items.forEach((item, i) => {
        if (seen.has(item.id))
          ctx.addIssue({ code: 'custom', path: ['sections', s, 'items', i, 'id'], message: `the id ${item.id} is used twice` });
        seen.add(item.id);
      });
    });
  });
export type Checklist = z.infer<typeof Checklist>;

export const EMPTY_CHECKLIST: Checklist = { sections: [] };

/** The spec's message for a checklist that is not JSON at all. */
export const INVALID_JSON = 'Please Enter a valid JSON';

export type ParsedJson<T> = { ok: true; value: T } | { ok: false; syntax: boolean; message: string };

/**
 * Reads JSON text against a schema: a syntax error gives the spec's 'Please Enter a valid
 * JSON'; a document that does not fit gives the first wrong path and its reason.
 */
export function parseJsonAs<T>(schema: z.ZodType<T>, text: string): ParsedJson<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, syntax: true, message: INVALID_JSON };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, syntax: false, message: firstIssue(parsed.error) };
}

/** Every data form id a checklist refers to (the server checks they exist in the namespace). */
export function checklistFormIds(doc: Checklist): number[] {
  const ids = new Set<number>();
  for (const section of doc.sections) {
    if (section.formId) ids.add(section.formId);
    for (const item of section.items) if (item.formId) ids.add(item.formId);
  }
  return [...ids];
}
