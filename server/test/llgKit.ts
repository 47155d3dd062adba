import { sql } from 'drizzle-orm';
import type { Client, TestContext } from './helpers';
import { queryRows } from '../src/db/rows';
import { inTransaction } from '../src/db/transaction';
import type { SeededNamespace } from '../src/demo/demo';
import { completedChecklist } from '../src/demo/tasks';
import { isoDate } from '../src/features/jobs';

/** Fixtures of the LLG tests: a namespace's LLG and llg- task types, parents written directly, children through the API. */
export interface LlgFixture {
  llgTypeId: number;
  llgDivisionId: number;
  llgAssetTypeId: number | null;
  /** Two llg- types (shackle, chain sling...) and a task type that is not one. */
  childTypeId: number;
  otherChildTypeId: number;
  plainTypeId: number;
  clientId: number;
  siteId: number;
}

export const accountOf = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];

export async function llgFixture(t: TestContext, ns: SeededNamespace): Promise<LlgFixture> {
  const types = await queryRows<{ id: number; name: string; division_id: number; asset_type_id: number | null }>(
    t.app.db,
    sql`select id, name, division_id, asset_type_id from task_types where namespace_id = ${ns.id}::int and status = 1 order by id`,
  );
  const llg = types.find((x) => x.name === 'LLG');
  const children = types.filter((x) => x.name.startsWith('llg-'));
  const plain = types.find((x) => x.name !== 'LLG' && !x.name.startsWith('llg-'));
  if (!llg || children.length < 2 || !plain) throw new Error(`${ns.name}: the demo's LLG task types are missing`);
  return {
    llgTypeId: Number(llg.id),
    llgDivisionId: Number(llg.division_id),
    llgAssetTypeId: llg.asset_type_id === null ? null : Number(llg.asset_type_id),
    childTypeId: Number(children[0].id),
    otherChildTypeId: Number(children[1].id),
    plainTypeId: Number(plain.id),
    clientId: ns.clients[0].id,
    siteId: ns.clients[0].siteIds[0],
  };
}

let jobSeq = 0;

/** A job with its LLG task (no asset, no inspector unless given), written directly. */
export async function makeParent(
  t: TestContext,
  ns: SeededNamespace,
  f: LlgFixture,
  setup: { status?: number; inspectorId?: number | null; certificateStatus?: number | null } = {},
): Promise<{ id: number; jobId: number }> {
  const jobNumber = `LLG-${ns.name}-${++jobSeq}-${Date.now() % 100000}`;
  return inTransaction(t.app.db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
          values (${ns.id}::int, ${jobNumber}, 'LLG test job', ${f.clientId}::int, ${f.siteId}::int, now(), ${ns.offices[0].id}::int,
                  ${accountOf(ns, 'FIELD-ENGG')}::int)
          returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, site_id, inspector_id, is_llg,
                             status, certificate_status, due_date)
          values (${ns.id}::int, ${job.id}::int, 'LLG', ${f.llgTypeId}::int, ${f.llgDivisionId}::int, ${f.llgAssetTypeId}::int,
                  ${f.siteId}::int, ${setup.inspectorId ?? null}::int, true, ${setup.status ?? 1}::int,
                  ${setup.certificateStatus ?? null}::int, now())
          returning id`,
    );
    return { id: Number(task.id), jobId: Number(job.id) };
  });
}

export const createUrl = (parentId: number, taskTypeId: number) =>
  `/api/createChildLLGObservation?parentLLGTaskId=${parentId}&taskTypeId=${taskTypeId}&taskTypeName=llg`;

/** Adds a child through the API; throws unless it is saved. */
export async function addChild(
  engineer: Client,
  parentId: number,
  taskTypeId: number,
  serial: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; llgItemId: number }> {
  const response = await engineer.post(createUrl(parentId, taskTypeId), { llgSerialNumber: serial, ...extra });
  if (response.statusCode !== 200) throw new Error(`add child ${serial}: ${response.statusCode} ${response.body}`);
  const { child } = response.json();
  return { id: child.id, llgItemId: child.llgItemId };
}

/** Fills a child's checklist in completely (every item passed, or the last failed with its defect). */
export async function completeChild(t: TestContext, ns: SeededNamespace, childId: number, options: { failOne?: boolean } = {}) {
  await inTransaction(t.app.db, null, async (tx) => {
    const [row] = await queryRows<{ task_type_id: number }>(tx, sql`select task_type_id from tasks where id = ${childId}::int`);
    const { checklist, result } = await completedChecklist(tx, ns.id, Number(row.task_type_id), {
      inspectorId: accountOf(ns, 'FIELD-ENGG'),
      failOne: options.failOne,
    });
    await tx.execute(
      sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, result = ${result}::int, status = 2 where id = ${childId}::int`,
    );
  });
}

export async function taskRow(t: TestContext, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.app.db,
    sql`select *, ${isoDate(sql`actual_inspection_date`)} as inspected_iso from tasks where id = ${id}::int`,
  );
  return row;
}

export async function itemRow(t: TestContext, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.app.db,
    sql`select *, ${isoDate(sql`last_inspection_date`)} as inspected_iso, ${isoDate(sql`due_date`)} as due_iso
          from llg_items where id = ${id}::int`,
  );
  return row;
}
