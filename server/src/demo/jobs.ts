import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatDate, JOB_STATUS, TASK_STATUS } from '@portal/contracts';
import { newBlobKey } from '../lib/tokens';
import { queryRows } from '../db/rows';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { createRandom, type Random } from './random';

/**
 * Demo jobs of a namespace (DECISIONS 7): jobs in every status, day jobs, job lites where the
 * namespace has them, tasks on the real assets of the job's site (task types of the asset's
 * type), the LLG special task on some, and job files. Numbers come from the offices' JOB
 * sequences, as the portal's own saves take them.
 */
const COMMENTS = [
  'Annual thorough examination (LOLER)',
  'Six-monthly inspection of lifting accessories',
  'Load test after repair of the hoist',
  'Shutdown inspection, access via permit to work',
  'Pre-use check of rented cranes',
  'Re-certification after relocation',
  'Client asked for the report within 48 hours',
  'Night shift only, site contact at gate 3',
  'Follow-up on last visit defects',
  'Mobilisation with the client safety officer',
];
const VENDORS = ['Gulf Crane Rentals LLC, Jebel Ali', 'Al Masaood Lifting, Mussafah', 'Emirates Hoist Services, Sharjah', null, null];

/** The job statuses the demo shows, with the task statuses that lead to each (DECISIONS 5). */
const PLANS: { status: number; tasks: number[][]; weight: number }[] = [
  { status: JOB_STATUS.ACTIVE, tasks: [[1]], weight: 5 },
  { status: JOB_STATUS.ONGOING, tasks: [[1, 2, 4, 8, 32]], weight: 4 },
  { status: JOB_STATUS.SUBMITTED, tasks: [[8, 16]], weight: 2 },
  { status: JOB_STATUS.COMPLETED, tasks: [[16]], weight: 3 },
  { status: JOB_STATUS.CLOSED, tasks: [[16]], weight: 1 },
  { status: JOB_STATUS.CANCELLED, tasks: [[64], [8, 64]], weight: 1 },
  { status: JOB_STATUS.DELETED, tasks: [[1024]], weight: 1 },
];

const pdfOf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

interface Inspector {
  id: number;
  office_ids: number[];
}

export async function seedJobs(db: Db, ns: SeededNamespace, options: { jobs: number; jobLites: number; seed: number }): Promise<void> {
  const random = createRandom(options.seed);
  await inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    const inspectors = await queryRows<Inspector>(
      tx,
      sql`select u.id, array_remove(array_append(array_agg(uo.office_id), u.office_id), null) as office_ids
            from users u join roles r on r.id = u.role_id left join user_offices uo on uo.user_id = u.id
           where u.namespace_id = ${ns.id}::int and u.type = 0 and u.status = 1 and r.base_role in ('FIELD-ENGG', 'FIELD-JUNIOR')
           group by u.id order by u.id`,
    );
    const types = await queryRows<{ id: number; name: string; division_id: number; asset_type_id: number | null }>(
      tx,
      sql`select id, name, division_id, asset_type_id from task_types where namespace_id = ${ns.id}::int and status = 1 order by id`,
    );
    const llg = types.find((t) => t.name === 'LLG');
    const byAssetType = new Map<number, typeof types>();
    for (const type of types) {
      if (type.asset_type_id === null || type.name === 'LLG' || type.name.startsWith('llg-')) continue;
      const list = byAssetType.get(Number(type.asset_type_id)) ?? [];
      list.push(type);
      byAssetType.set(Number(type.asset_type_id), list);
    }
    const requesters = await queryRows<{ id: number; site_id: number }>(
      tx,
      sql`select u.id, us.site_id from users u join roles r on r.id = u.role_id join user_sites us on us.user_id = u.id
           where u.namespace_id = ${ns.id}::int and u.status = 1 and r.base_role = 'REQUESTER'`,
    );
    const sales = await queryRows<{ id: number }>(
      tx,
      sql`select u.id from users u join roles r on r.id = u.role_id where u.namespace_id = ${ns.id}::int and r.base_role = 'SALES-PERSON' and u.status = 1`,
    );
    const scheduler = ns.accounts[`scheduler@${ns.name}.test`] ?? null;
    const plans = PLANS.flatMap((p) => Array(p.weight).fill(p) as (typeof p)[]);
    const now = Date.now();
    const total = options.jobs + options.jobLites;

    for (let i = 0; i < total; i++) {
      const lite = i >= options.jobs;
      const office = random.pick(ns.offices);
      const staff = inspectors.filter((p) => p.office_ids.map(Number).includes(office.id));
      if (staff.length === 0) continue;
      const client = random.pick(ns.clients);
      const siteId = random.pick(client.siteIds);
      const siteAssets = ns.assets.filter((a) => a.siteId === siteId && a.status === 1 && byAssetType.has(a.assetTypeId));
      // The first jobs go through every status once, so each namespace shows them all.
      let plan = i < PLANS.length ? PLANS[i] : random.pick(plans);
      if (lite && plan.status === JOB_STATUS.CLOSED) plan = PLANS[3];
      const dayJob = !lite && (plan.status === JOB_STATUS.CLOSED || random.chance(0.15));
      // Finished work lies in the past, open work around today.
      const offsetDays = plan.status === JOB_STATUS.ACTIVE ? random.int(-5, 40) : random.int(-200, -3);
      const start = new Date(now + offsetDays * 86_400_000);
      start.setUTCHours(random.pick([4, 5, 6, 8, 10]), random.pick([0, 30]), 0, 0);
      const duration = dayJob ? 1 : random.int(1, 5);
      const main = random.pick(staff);
      const others = random.sample(
        staff.filter((p) => p.id !== main.id),
        random.int(0, 2),
      );
      const [{ n: number }] = await queryRows<{ n: number }>(
        tx,
        sql`update number_sequences set current_number = current_number + 1, modified_at = now()
             where namespace_id = ${ns.id}::int and office_id = ${office.id}::int and division_id is null and name = 'JOB'
             returning current_number as n`,
      );
      const jobNumber = `${office.code}-${start.getUTCFullYear()}-${String(number).padStart(5, '0')}`;
      const requester = requesters.find((r) => Number(r.site_id) === siteId);
      const [job] = await queryRows<{ id: number }>(
        tx,
        sql`insert into jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, end_date, duration,
                              requester_id, office_id, sales_person_id, price, currency, po_number, quotation_number, comments,
                              main_inspector_id, vendor_details, is_day_job, is_day_job_closed, time_zone, created_by, modified_by,
                              created_at, modified_at)
            values (${ns.id}::int, ${jobNumber}, ${`Job ${formatDate(start)}`}, ${lite ? 2 : 1}::int, ${plan.status}::int,
                    ${client.id}::int, ${siteId}::int, ${start.toISOString()}::timestamptz,
                    ${new Date(start.getTime() + duration * 86_400_000).toISOString()}::timestamptz, ${duration}::int,
                    ${requester && random.chance(0.6) ? requester.id : null}::int, ${office.id}::int,
                    ${sales.length > 0 && random.chance(0.5) ? random.pick(sales).id : null}::int,
                    ${random.chance(0.8) ? random.int(8, 240) * 50 : null}::float8, ${random.pick(['AED', 'AED', 'USD', 'OMR', 'QR'])},
                    ${random.chance(0.6) ? `PO-${random.int(10000, 99999)}` : null},
                    ${random.chance(0.7) ? `${random.pick(['Q', 'WO'])}-${start.getUTCFullYear()}-${random.int(100, 999)}` : null},
                    ${random.pick(COMMENTS)}, ${main.id}::int, ${random.pick(VENDORS)}, ${dayJob}, ${plan.status === JOB_STATUS.CLOSED},
                    'Asia/Dubai', ${scheduler}::int, ${scheduler}::int,
                    ${new Date(start.getTime() - 7 * 86_400_000).toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)
            returning id`,
      );
      for (const other of others) {
        await tx.execute(sql`insert into job_inspectors (job_id, user_id) values (${job.id}::int, ${other.id}::int)`);
      }
      const statuses = random.pick(plan.tasks);
      const picked = random.sample(siteAssets, Math.min(siteAssets.length, lite ? random.int(1, 3) : random.int(1, 6)));
      for (const [index, asset] of picked.entries()) {
        const type = random.pick(byAssetType.get(asset.assetTypeId) ?? []);
        // The first tasks take the plan's statuses in turn, so each status of the plan appears.
        const status = statuses[index % statuses.length];
        const inspector = random.pick([main, ...others]);
        await tx.execute(
          sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id,
                                 due_date, time_zone, status, created_by, modified_by, created_at, modified_at)
              values (${ns.id}::int, ${job.id}::int, ${`${type.name} - ${asset.name}`}, ${type.id}::int, ${type.division_id}::int,
                      ${asset.assetTypeId}::int, ${asset.id}::int, ${siteId}::int, ${inspector.id}::int,
                      ${new Date(start.getTime() + random.int(0, duration - 1) * 86_400_000).toISOString()}::timestamptz, 'Asia/Dubai',
                      ${status}::int, ${scheduler}::int, ${scheduler}::int, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)`,
        );
      }
      // Some open jobs have a task whose asset is still to be found on site (ATTACH ASSET in task
      // details). Chosen by job id, not by the random stream, so the rest of the demo stays as it was.
      if (!lite && picked.length > 0 && statuses.includes(TASK_STATUS.OPEN) && job.id % 6 === 0) {
        const asset = picked[0];
        const type = (byAssetType.get(asset.assetTypeId) ?? [])[0];
        await tx.execute(
          sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id,
                                 due_date, time_zone, status, created_by, modified_by, created_at, modified_at)
              values (${ns.id}::int, ${job.id}::int, ${`${type.name} - asset to be identified on site`}, ${type.id}::int,
                      ${type.division_id}::int, ${asset.assetTypeId}::int, null, ${siteId}::int, ${main.id}::int,
                      ${start.toISOString()}::timestamptz, 'Asia/Dubai', ${TASK_STATUS.OPEN}::int, ${scheduler}::int, ${scheduler}::int,
                      ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)`,
        );
      }
      if (!lite && llg && random.chance(0.2)) {
        const status = plan.status === JOB_STATUS.CANCELLED ? TASK_STATUS.CANCELLED : statuses[0] === 1024 ? 1024 : TASK_STATUS.OPEN;
        await tx.execute(
          sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, is_llg, due_date, status,
                                 created_by, modified_by)
              select ${ns.id}::int, ${job.id}::int, 'LLG', ${llg.id}::int, ${llg.division_id}::int, ${siteId}::int, ${llg.asset_type_id}::int,
                     true, ${start.toISOString()}::timestamptz, ${status}::int, ${scheduler}::int, ${scheduler}::int`,
        );
      }
      if (random.chance(0.25)) await attachFile(tx, ns.id, job.id, jobNumber, random);
    }
  });
}

async function attachFile(tx: Db, namespaceId: number, jobId: number, jobNumber: string, random: Random) {
  const csv = random.chance(0.5);
  const content = csv
    ? Buffer.from(`asset,serial,remarks\nMobile crane 1,SN-${random.int(1000, 9999)},ok\n`)
    : pdfOf(`Quotation for ${jobNumber}`);
  const [file] = await queryRows<{ id: number }>(
    tx,
    sql`insert into files (namespace_id, blob_key, owner_type, owner_id, file_name, content_type, size, sha256, content)
        values (${namespaceId}::int, ${newBlobKey()}, 'job-file', ${jobId}::int, ${csv ? 'asset-register.csv' : `quotation-${jobNumber}.pdf`},
                ${csv ? 'text/csv' : 'application/pdf'}, ${content.length}::int, ${createHash('sha256').update(content).digest('hex')}, decode(${content.toString('hex')}, 'hex'))
        returning id`,
  );
  await tx.execute(sql`insert into job_files (job_id, file_id) values (${jobId}::int, ${file.id}::int)`);
}
