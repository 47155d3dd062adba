import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { createRandom } from './random';

/**
 * Reports (issue 23, tasks document 2.4): past jobs whose tasks were submitted (8), approved
 * (16) or amended (32), each a task report (observation type 1024) or a service report (512),
 * with a result (Accepted, Rejected or none), an actual inspection date and, once approved, a
 * certificate number and date. The demo adds a few service reports (the demo's jobs have task
 * reports already); the reports' tests and bench use it as their fixture at any scale. Rows are
 * inserted in batches of 1,000.
 */
export interface ReportSeedOptions {
  seed: number;
  /** How many report tasks. */
  tasks: number;
  /** Tasks per job. */
  perJob?: number;
  /** The share of service reports (512); the rest are task reports (1024). Default 0.3. */
  serviceShare?: number;
  /** Only these clients (default every client of the namespace). */
  clientIds?: number[];
  /** Prefix of job and certificate numbers (default 'RPT'). */
  prefix?: string;
}

export interface SeededReport {
  id: number;
  clientId: number;
  siteId: number;
  status: number;
  observationType: number;
  result: number | null;
  certificateNumber: string | null;
  jobNumber: string;
}

const DAY = 86_400_000;
const BATCH = 1000;
const STATUSES = [16, 16, 16, 16, 8, 32] as const;

export async function seedReports(db: Db, ns: SeededNamespace, options: ReportSeedOptions): Promise<SeededReport[]> {
  const random = createRandom(options.seed);
  const perJob = options.perJob ?? 5;
  const serviceShare = options.serviceShare ?? 0.3;
  const prefix = options.prefix ?? 'RPT';
  const clients = ns.clients.filter((c) => c.siteIds.length > 0 && (!options.clientIds || options.clientIds.includes(c.id)));
  if (clients.length === 0) return [];
  const office = ns.offices[0];
  const division = ns.divisions[0];
  const scheduler = ns.accounts[`scheduler@${ns.name}.test`] ?? null;
  const inspector = ns.accounts[`field-engg@${ns.name}.test`] ?? null;
  const approver = ns.accounts[`approver@${ns.name}.test`] ?? null;
  return inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    const types = await queryRows<{ id: number; asset_type_id: number | null; division_id: number }>(
      tx,
      sql`select id, asset_type_id, division_id from task_types where namespace_id = ${ns.id}::int and status = 1 and name not like 'llg-%' order by id`,
    );
    if (types.length === 0) return [];
    const now = Date.now();
    const seeded: SeededReport[] = [];
    const jobCount = Math.ceil(options.tasks / perJob);
    // Jobs: one site visit each.
    const jobs: { id: number; clientId: number; siteId: number; number: string; start: number }[] = [];
    for (let at = 0; at < jobCount; at += BATCH) {
      const values = [];
      const planned: { clientId: number; siteId: number; number: string; start: number }[] = [];
      for (let j = at; j < Math.min(jobCount, at + BATCH); j++) {
        const client = clients[j % clients.length];
        const siteId = client.siteIds[Math.floor(j / clients.length) % client.siteIds.length];
        const start = now - random.int(3, 700) * DAY;
        const number = `${prefix}-${String(j + 1).padStart(6, '0')}`;
        planned.push({ clientId: client.id, siteId, number, start });
        values.push(
          sql`(${ns.id}::int, ${number}, 'Periodic inspection', 1, 8, ${client.id}::int, ${siteId}::int, ${new Date(start).toISOString()}::timestamptz,
               1, ${office.id}::int, ${`QT-${prefix}-${(j % 97) + 1}`}, ${inspector ?? scheduler}::int, 'Asia/Dubai',
               ${scheduler}::int, ${scheduler}::int, ${new Date(start - 7 * DAY).toISOString()}::timestamptz, ${new Date(start).toISOString()}::timestamptz)`,
        );
      }
      const ids = await queryRows<{ id: number }>(
        tx,
        sql`insert into jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, duration, office_id,
                              quotation_number, main_inspector_id, time_zone, created_by, modified_by, created_at, modified_at)
            values ${sql.join(values, sql`, `)} returning id`,
      );
      ids.forEach((row, i) => {
        jobs.push({ id: Number(row.id), ...planned[i] });
      });
    }
    const assetsBySite = new Map<number, typeof ns.assets>();
    for (const asset of ns.assets) {
      const list = assetsBySite.get(asset.siteId) ?? [];
      list.push(asset);
      assetsBySite.set(asset.siteId, list);
    }
    for (let at = 0; at < options.tasks; at += BATCH) {
      const values = [];
      const planned: Omit<SeededReport, 'id'>[] = [];
      for (let n = at; n < Math.min(options.tasks, at + BATCH); n++) {
        const job = jobs[Math.floor(n / perJob)];
        const type = types[n % types.length];
        const observationType = random.chance(serviceShare) ? 512 : 1024;
        const status = STATUSES[n % STATUSES.length];
        const roll = random.int(1, 10);
        const result = roll <= 7 ? 1 : roll <= 9 ? 2 : null;
        const assets = observationType === 1024 ? (assetsBySite.get(job.siteId) ?? []) : [];
        const asset = assets.length ? assets[n % assets.length] : null;
        const inspected = job.start + random.int(1, 8) * 3_600_000;
        const certified = status === 8 ? null : inspected + DAY;
        const certificateNumber = status === 8 ? null : `${office.code}-${division.code}-${prefix}-${String(n + 1).padStart(6, '0')}`;
        planned.push({
          clientId: job.clientId,
          siteId: job.siteId,
          status,
          observationType,
          result,
          certificateNumber,
          jobNumber: job.number,
        });
        values.push(
          sql`(${ns.id}::int, ${job.id}::int, ${observationType === 512 ? 'Service report' : 'Inspection'}, ${observationType}::int,
               ${type.id}::int, ${type.division_id}::int, ${asset?.assetTypeId ?? type.asset_type_id}::int, ${asset?.id ?? null}::int,
               ${job.siteId}::int, ${inspector}::int, ${status}::int, ${result}::int, ${new Date(inspected).toISOString()}::timestamptz,
               ${certificateNumber}, ${certified === null ? null : new Date(certified).toISOString()}::timestamptz,
               ${new Date(inspected + 365 * DAY).toISOString()}::timestamptz, ${status === 8 ? null : approver}::int,
               ${scheduler}::int, ${scheduler}::int, ${new Date(job.start - 7 * DAY).toISOString()}::timestamptz,
               ${new Date(certified ?? inspected).toISOString()}::timestamptz)`,
        );
      }
      const ids = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, observation_type, task_type_id, division_id, asset_type_id, asset_id, site_id,
                               inspector_id, status, result, actual_inspection_date, certificate_number, certificate_date, due_date,
                               approver_id, created_by, modified_by, created_at, modified_at)
            values ${sql.join(values, sql`, `)} returning id`,
      );
      ids.forEach((row, i) => {
        seeded.push({ id: Number(row.id), ...planned[i] });
      });
    }
    return seeded;
  });
}
