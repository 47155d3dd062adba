import { eq } from 'drizzle-orm';
import type { TaskChecklist } from '@portal/contracts';
import { jobs, llgItems, tasks, taskTypes } from '../src/db/schema';
import type { TestContext } from './helpers';

/**
 * Fixtures of the booklet tests (features/documents/booklet.test.ts): an LLG task and its
 * children on register items written directly, in the states approval leaves them, with filled
 * checklists (one item failed with its defect when asked).
 */
export const inspected = new Date(Date.UTC(2026, 10, 12, 6, 30));
let sequence = 0;

export type LlgJob = Awaited<ReturnType<typeof llgJob>>;

export interface ChildSpec {
  serial: string;
  specification: string;
  swl: string;
  acronym: string;
  type: string;
  status: number;
  fail?: boolean;
  certified?: boolean;
}

function checklistOf(taskTypeId: number, fail: boolean, by: number): TaskChecklist {
  const at = inspected.toISOString();
  return {
    taskTypeId,
    initialisedAt: at,
    sections: [
      {
        id: 's1',
        name: 'Identification',
        userData: null,
        items: [{ id: 'i1', name: 'Identification mark and SWL legible', result: 'pass', userData: null, savedBy: by, savedAt: at }],
      },
      {
        id: 's2',
        name: 'Condition',
        userData: null,
        items: [
          {
            id: 'i2',
            name: 'No deformation, cracks or corrosion',
            result: fail ? 'fail' : 'pass',
            userData: null,
            savedBy: by,
            savedAt: at,
            defect: fail
              ? { description: 'Pin bent beyond the discard criteria', danger: 1, remedialAction: 'Replace the pin', remedyBy: null }
              : null,
          },
        ],
      },
    ],
  };
}

/** A job with its LLG parent task and children on register items, as the children's API leaves them. */
export async function llgJob(t: TestContext, site: { companyId: number; siteId: number }, parentStatus: number, children: ChildSpec[]) {
  const db = t.app.db;
  const engineer = t.demo.accounts['field-engg@demo.test'];
  const approver = t.demo.accounts['approver@demo.test'];
  const types = await db.select().from(taskTypes).where(eq(taskTypes.namespaceId, t.demo.id));
  const typeOf = (name: string) => {
    const found = types.find((x) => x.name === name);
    if (!found) throw new Error(`no task type ${name}`);
    return found;
  };
  const llg = typeOf('LLG');
  const n = ++sequence;
  const [job] = await db
    .insert(jobs)
    .values({
      namespaceId: t.demo.id,
      jobNumber: `DXB-2026-8${String(n).padStart(4, '0')}`,
      name: 'Six-monthly loose gear examination',
      customerId: site.companyId,
      siteId: site.siteId,
      startDate: inspected,
      officeId: t.demo.offices[0].id,
      mainInspectorId: engineer,
    })
    .returning({ id: jobs.id });
  const approved = parentStatus === 16;
  const [parent] = await db
    .insert(tasks)
    .values({
      namespaceId: t.demo.id,
      jobId: job.id,
      name: 'LLG',
      taskTypeId: llg.id,
      divisionId: llg.divisionId,
      siteId: site.siteId,
      isLlg: true,
      status: parentStatus,
      actualInspectionDate: inspected,
      approverId: approved ? approver : null,
      certificateNumber: approved ? `DXB-LFT-2026-8${n}000` : null,
      certificateDate: approved ? inspected : null,
    })
    .returning({ id: tasks.id });
  const ids: Record<string, number> = {};
  for (const [i, child] of children.entries()) {
    const type = typeOf(child.type);
    const [item] = await db
      .insert(llgItems)
      .values({
        namespaceId: t.demo.id,
        clientId: site.companyId,
        siteId: site.siteId,
        taskTypeId: type.id,
        serialNumber: child.serial,
        specification: child.specification,
        acronymCode: child.acronym,
        safeWorkingLoad: child.swl,
      })
      .returning({ id: llgItems.id });
    const certified = child.certified ?? child.status === 16;
    const [row] = await db
      .insert(tasks)
      .values({
        namespaceId: t.demo.id,
        jobId: job.id,
        name: child.type,
        taskTypeId: type.id,
        divisionId: type.divisionId,
        siteId: site.siteId,
        parentId: parent.id,
        llgItemId: item.id,
        status: child.status,
        checklist: checklistOf(type.id, child.fail ?? false, engineer),
        result: child.fail ? 2 : 1,
        actualInspectionDate: inspected,
        approverId: certified ? approver : null,
        certificateNumber: certified ? `DXB-LFT-2026-8${n}${String(i + 1).padStart(3, '0')}` : null,
        certificateDate: certified ? inspected : null,
      })
      .returning({ id: tasks.id });
    ids[child.serial] = row.id;
  }
  return { jobId: job.id, parentId: parent.id, childIds: ids };
}
