import { sql } from 'drizzle-orm';
import { type Checklist, JOB_STATUS, rollUpInspection, TASK_STATUS } from '@portal/contracts';
import { enqueueTaskDocuments } from '../features/documents';
import { queryRows } from '../db/rows';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { createRandom } from './random';
import { filledChecklist, formsOf, lookupOfForms } from './tasks';

/**
 * The demo's loose lifting gear (issue 22, tasks document 2.7): the register of two sites of the
 * first client (the demo client accounts' company), every item examined about every six months
 * over two years. Each site visit is a past job with an approved LLG task whose approved
 * children (one per item, an llg- task type, a certificate number from the CERTIFICATE sequence)
 * are the examinations; `llg_items` holds each item's latest certified one. Some examinations
 * fail; the latest visits are spread so that items are Valid, Due Shortly and Expired. One open
 * job of the demo field engineer holds an LLG task with three children to inspect.
 * Also the fixture of the register's tests and its bench (`items` per site).
 */

/** What an item of each kind is, by the llg- task type's name. */
const KINDS: Record<string, { code: string; specs: string[]; swl: string[] }> = {
  'llg-shackle': {
    code: 'SH',
    specs: ['Bow shackle G-209, screw pin', 'Dee shackle G-210, screw pin', 'Bow shackle G-2130, safety bolt'],
    swl: ['2 t', '3.25 t', '4.75 t', '6.5 t', '8.5 t'],
  },
  'llg-chain-sling': {
    code: 'CS',
    specs: ['2-leg chain sling G80, 8 mm x 2 m', '4-leg chain sling G80, 10 mm x 3 m', '1-leg chain sling G100, 13 mm x 2 m'],
    swl: ['2.5 t', '3.15 t', '4.25 t', '6.7 t'],
  },
  'llg-wire-rope-sling': {
    code: 'WR',
    specs: ['Single leg wire rope sling 12 mm x 3 m', '2-leg wire rope sling 16 mm x 4 m', 'Grommet 20 mm x 2 m'],
    swl: ['1.4 t', '2.1 t', '3 t', '4.2 t'],
  },
  'llg-eyebolt': {
    code: 'EB',
    specs: ['Collar eyebolt M16, DIN 580', 'Collar eyebolt M20, DIN 580', 'Swivel lifting point M24'],
    swl: ['0.7 t', '1.2 t', '1.8 t', '2.5 t'],
  },
  'llg-web-sling': {
    code: 'WS',
    specs: ['Flat web sling 60 mm x 4 m, EN 1492-1', 'Round sling 3 m, EN 1492-2', 'Flat web sling 90 mm x 6 m'],
    swl: ['2 t', '3 t', '5 t'],
  },
};

/** Days since each item's latest visit: most recent (Valid), near six months ago (Due Shortly), past it (Expired). */
const LATEST_VISITS = [62, 62, 62, 62, 172, 200] as const;
const VISITS_PER_ITEM = 4;
const DAY = 86_400_000;

interface Options {
  seed: number;
  /** Items on each of the two sites. */
  itemsPerSite: number;
  /** The share of examinations that fail (default 8%). */
  failShare?: number;
  /** The open LLG task with three children for the namespace's field-engg account. */
  openTask?: boolean;
  /** Queue each item's latest certificate for the documents worker (the full demo). */
  documents?: boolean;
}

interface ItemPlan {
  id: number;
  siteId: number;
  taskTypeId: number;
  taskTypeName: string;
  serial: string;
  latest: number;
}

export interface SeededLooseGear {
  clientId: number;
  siteIds: number[];
  itemIds: number[];
  openParentId: number | null;
}

export async function seedLooseGear(db: Db, ns: SeededNamespace, options: Options): Promise<SeededLooseGear> {
  const random = createRandom(options.seed);
  const client = ns.clients[0];
  const siteIds = client.siteIds.slice(0, 2);
  const office = ns.offices[0];
  const lifting = ns.divisions.find((d) => d.name === 'LIFTING') ?? ns.divisions[0];
  const fieldEngg = ns.accounts[`field-engg@${ns.name}.test`] ?? null;
  const approver = ns.accounts[`approver@${ns.name}.test`] ?? null;
  const scheduler = ns.accounts[`scheduler@${ns.name}.test`] ?? null;
  return inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    const forms = await formsOf(tx, ns.id);
    const types = await queryRows<{ id: number; name: string; asset_type_id: number | null; checklist: Checklist; validity: number }>(
      tx,
      sql`select id, name, asset_type_id, checklist, validity from task_types
           where namespace_id = ${ns.id}::int and status = 1 and (name like 'llg-%' or name = 'LLG') order by id`,
    );
    const parentType = types.find((t) => t.name === 'LLG');
    const kinds = types.filter((t) => t.name.startsWith('llg-'));
    if (!parentType || kinds.length === 0) throw new Error(`${ns.name}: the LLG task types are missing`);
    const typeOf = new Map(kinds.map((t) => [Number(t.id), t]));

    // The register: items of every kind in turn on each site, in one statement.
    const planned: (Omit<ItemPlan, 'id'> & { spec: string; tag: string; swl: string })[] = [];
    for (const [siteIndex, siteId] of siteIds.entries()) {
      for (let k = 0; k < options.itemsPerSite; k++) {
        const type = kinds[(k + siteIndex) % kinds.length];
        const kind = KINDS[type.name] ?? { code: 'LG', specs: ['Lifting accessory'], swl: ['1 t'] };
        planned.push({
          siteId,
          taskTypeId: Number(type.id),
          taskTypeName: type.name,
          serial: `${kind.code}-${String.fromCharCode(65 + siteIndex)}${String(1000 + k * 7 + siteIndex).padStart(4, '0')}`,
          latest: LATEST_VISITS[(k + siteIndex) % LATEST_VISITS.length],
          spec: random.pick(kind.specs),
          tag: `TAG-${String(siteIndex * 500 + k + 1).padStart(4, '0')}`,
          swl: random.pick(kind.swl),
        });
      }
    }
    const itemRows = await queryRows<{ id: number }>(
      tx,
      sql`insert into llg_items (namespace_id, client_id, site_id, task_type_id, serial_number, specification, acronym_code,
                                 safe_working_load, created_by, modified_by)
          values ${sql.join(
            planned.map(
              (p) =>
                sql`(${ns.id}::int, ${client.id}::int, ${p.siteId}::int, ${p.taskTypeId}::int, ${p.serial}, ${p.spec}, ${p.tag}, ${p.swl},
                     ${scheduler}::int, ${scheduler}::int)`,
            ),
            sql`, `,
          )}
          returning id`,
    );
    const items: ItemPlan[] = planned.map((p, index) => ({
      id: Number(itemRows[index].id),
      siteId: p.siteId,
      taskTypeId: p.taskTypeId,
      taskTypeName: p.taskTypeName,
      serial: p.serial,
      latest: p.latest,
    }));

    // Site visits: (site, days ago) -> the items examined then; newer items missed the oldest visits.
    const visits = new Map<string, { siteId: number; daysAgo: number; items: ItemPlan[] }>();
    for (const [index, item] of items.entries()) {
      const count = index % 5 === 4 ? VISITS_PER_ITEM - 2 : VISITS_PER_ITEM;
      for (let v = 0; v < count; v++) {
        const daysAgo = item.latest + v * 182;
        const key = `${item.siteId}:${daysAgo}`;
        const visit = visits.get(key) ?? { siteId: item.siteId, daysAgo, items: [] };
        visit.items.push(item);
        visits.set(key, visit);
      }
    }
    const now = Date.now();
    const latestParents: number[] = [];
    // Oldest first, so job and certificate numbers follow the dates.
    for (const visit of [...visits.values()].sort((a, b) => b.daysAgo - a.daysAgo || a.siteId - b.siteId)) {
      const start = new Date(now - visit.daysAgo * DAY);
      start.setUTCHours(5, 0, 0, 0);
      const jobId = await insertJob(tx, ns.id, {
        officeId: office.id,
        officeCode: office.code,
        clientId: client.id,
        siteId: visit.siteId,
        start,
        status: JOB_STATUS.COMPLETED,
        inspectorId: fieldEngg,
        scheduler,
      });
      const inspected = new Date(start.getTime() + 3 * 3_600_000);
      const [parent] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, is_llg, due_date, status,
                               inspector_id, approver_id, actual_inspection_date, time_zone, created_by, modified_by, created_at, modified_at)
            values (${ns.id}::int, ${jobId}::int, 'LLG', ${parentType.id}::int, ${lifting.id}::int, ${visit.siteId}::int,
                    ${parentType.asset_type_id}::int, true, ${start.toISOString()}::timestamptz, ${TASK_STATUS.APPROVED}::int,
                    ${fieldEngg}::int, ${approver}::int, ${inspected.toISOString()}::timestamptz, 'Asia/Dubai', ${scheduler}::int,
                    ${scheduler}::int, ${start.toISOString()}::timestamptz, ${inspected.toISOString()}::timestamptz)
            returning id`,
      );
      // The visit's certificate numbers in one step of the sequence, then its children in one statement.
      const numbers = await certificateNumbers(
        tx,
        ns.id,
        office.id,
        lifting.id,
        `${office.code}-${lifting.code}`,
        inspected,
        visit.items.length + 1,
      );
      const certified = new Date(inspected.getTime() + DAY).toISOString();
      const results: number[] = [];
      const values = visit.items.map((item, index) => {
        const type = typeOf.get(item.taskTypeId)!;
        const checklist = filledChecklist(item.taskTypeId, type.checklist, forms, {
          failOne: random.chance(options.failShare ?? 0.08),
          random,
        });
        for (const section of checklist.sections)
          for (const node of [section, ...section.items])
            if (node.userData || ('result' in node && node.result !== null)) {
              node.savedBy = fieldEngg ?? undefined;
              node.savedAt = inspected.toISOString();
            }
        const result = rollUpInspection(checklist, lookupOfForms(forms));
        results.push(result);
        return sql`(${ns.id}::int, ${jobId}::int, ${`${item.taskTypeName} - ${item.serial}`}, ${item.taskTypeId}::int, ${lifting.id}::int,
                    ${visit.siteId}::int, ${type.asset_type_id}::int, ${parent.id}::int, ${item.id}::int, ${start.toISOString()}::timestamptz,
                    ${TASK_STATUS.APPROVED}::int, ${fieldEngg}::int, ${approver}::int, ${JSON.stringify(checklist)}::jsonb, ${result}::int,
                    ${inspected.toISOString()}::timestamptz, ${numbers[index]}, ${certified}::timestamptz, 'Asia/Dubai', ${scheduler}::int,
                    ${scheduler}::int, ${start.toISOString()}::timestamptz, ${certified}::timestamptz)`;
      });
      await tx.execute(
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, parent_id, llg_item_id,
                               due_date, status, inspector_id, approver_id, checklist, result, actual_inspection_date, certificate_number,
                               certificate_date, time_zone, created_by, modified_by, created_at, modified_at)
            values ${sql.join(values, sql`, `)}`,
      );
      // The LLG task as its approval leaves it: its own certificate number (the booklet's), the
      // children's result rolled up (any Fail fails it), the approver.
      const rolled = results.includes(2) ? 2 : results.every((r) => r === 1) ? 1 : 3;
      await tx.execute(
        sql`update tasks set certificate_number = ${numbers[visit.items.length]}, result = ${rolled}::int, certificate_date = ${certified}::timestamptz
             where id = ${parent.id}::int`,
      );
      // The latest visit of every item it holds: its booklet is made after the children's certificates.
      if (visit.items.every((item) => item.latest === visit.daysAgo)) latestParents.push(Number(parent.id));
    }
    // Each item's latest certified examination copied in, as approval does: the next due date is
    // the last Pass plus the task type's validity in months; a Fail leaves it (DECISIONS 9).
    const latest = await queryRows<{ id: number }>(
      tx,
      sql`update llg_items i set last_task_id = t.id, last_result = t.result, last_inspection_date = t.actual_inspection_date,
                 due_date = (select max(c.actual_inspection_date) from tasks c
                              where c.llg_item_id = t.llg_item_id and c.status = 16 and c.result = 1) + make_interval(months => tt.validity),
                 certificate_number = t.certificate_number, modified_at = t.certificate_date
            from (select distinct on (llg_item_id) id, llg_item_id, result, actual_inspection_date, certificate_number, certificate_date,
                         task_type_id
                    from tasks where llg_item_id = any(${sql.param(items.map((i) => i.id))}::int[]) and status = 16
                   order by llg_item_id, actual_inspection_date desc, id desc) t
            join task_types tt on tt.id = t.task_type_id
           where i.id = t.llg_item_id
          returning t.id`,
    );
    // The latest certificate of each item: made by the documents worker after the first start.
    if (options.documents) {
      for (const row of latest) await enqueueTaskDocuments(tx, { id: Number(row.id), namespaceId: ns.id }, 'final', null);
      for (const parentId of latestParents) await enqueueTaskDocuments(tx, { id: parentId, namespaceId: ns.id }, 'final', null);
    }

    let openParentId: number | null = null;
    if (options.openTask && fieldEngg) {
      const start = new Date(now + DAY);
      start.setUTCHours(5, 0, 0, 0);
      const siteId = siteIds[0];
      const jobId = await insertJob(tx, ns.id, {
        officeId: office.id,
        officeCode: office.code,
        clientId: client.id,
        siteId,
        start,
        status: JOB_STATUS.ACTIVE,
        inspectorId: fieldEngg,
        scheduler,
      });
      const [parent] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, is_llg, due_date, status,
                               inspector_id, time_zone, created_by, modified_by)
            values (${ns.id}::int, ${jobId}::int, 'LLG', ${parentType.id}::int, ${lifting.id}::int, ${siteId}::int,
                    ${parentType.asset_type_id}::int, true, ${start.toISOString()}::timestamptz, ${TASK_STATUS.OPEN}::int,
                    ${fieldEngg}::int, 'Asia/Dubai', ${scheduler}::int, ${scheduler}::int)
            returning id`,
      );
      openParentId = Number(parent.id);
      // The three items of the site that fall due first.
      for (const item of items.filter((i) => i.siteId === siteId && i.latest > 100).slice(0, 3)) {
        await tx.execute(
          sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, parent_id, llg_item_id,
                                 due_date, status, inspector_id, time_zone, created_by, modified_by)
              select ${ns.id}::int, ${jobId}::int, ${`${item.taskTypeName} - ${item.serial}`}, tt.id, ${lifting.id}::int, ${siteId}::int,
                     tt.asset_type_id, ${parent.id}::int, ${item.id}::int, ${start.toISOString()}::timestamptz, ${TASK_STATUS.OPEN}::int,
                     ${fieldEngg}::int, 'Asia/Dubai', ${scheduler}::int, ${scheduler}::int
                from task_types tt where tt.id = ${item.taskTypeId}::int`,
        );
      }
    }
    return { clientId: client.id, siteIds, itemIds: items.map((i) => i.id), openParentId };
  });
}

/** A job of the LLG visit (or another demo visit), numbered from the office's JOB sequence as the portal's saves are. */
export async function insertJob(
  tx: Db,
  namespaceId: number,
  job: {
    officeId: number;
    officeCode: string;
    clientId: number;
    siteId: number;
    start: Date;
    status: number;
    inspectorId: number | null;
    scheduler: number | null;
    /** The job's name and comments (default: the loose gear examination's). */
    name?: string;
    comments?: string;
  },
): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`insert into number_sequences (namespace_id, office_id, division_id, name, current_number)
        values (${namespaceId}::int, ${job.officeId}::int, null, 'JOB', 1)
        on conflict (namespace_id, office_id, (coalesce(division_id, 0)), name)
        do update set current_number = number_sequences.current_number + 1, modified_at = now()
        returning current_number as n`,
  );
  const number = `${job.officeCode}-${job.start.getUTCFullYear()}-${String(n).padStart(5, '0')}`;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, end_date, duration, office_id,
                          comments, main_inspector_id, time_zone, created_by, modified_by, created_at, modified_at)
        values (${namespaceId}::int, ${number}, ${job.name ?? 'Loose gear examination'}, 1, ${job.status}::int, ${job.clientId}::int, ${job.siteId}::int,
                ${job.start.toISOString()}::timestamptz, ${new Date(job.start.getTime() + DAY).toISOString()}::timestamptz, 1,
                ${job.officeId}::int, ${job.comments ?? 'Six-monthly thorough examination of loose lifting gear (LOLER)'}, ${job.inspectorId}::int, 'Asia/Dubai',
                ${job.scheduler}::int, ${job.scheduler}::int, ${new Date(job.start.getTime() - 7 * DAY).toISOString()}::timestamptz,
                ${job.start.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row.id);
}

/** The next `count` numbers of the office and division's CERTIFICATE sequence (DECISIONS 6), in one step. */
export async function certificateNumbers(
  tx: Db,
  namespaceId: number,
  officeId: number,
  divisionId: number,
  prefix: string,
  at: Date,
  count: number,
) {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`insert into number_sequences (namespace_id, office_id, division_id, name, current_number)
        values (${namespaceId}::int, ${officeId}::int, ${divisionId}::int, 'CERTIFICATE', ${count}::int)
        on conflict (namespace_id, office_id, (coalesce(division_id, 0)), name)
        do update set current_number = number_sequences.current_number + ${count}::int, modified_at = now()
        returning current_number as n`,
  );
  return Array.from({ length: count }, (_, i) => `${prefix}-${at.getUTCFullYear()}-${String(Number(n) - count + 1 + i).padStart(5, '0')}`);
}
