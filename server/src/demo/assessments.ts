import { sql } from 'drizzle-orm';
import { type Checklist, JOB_STATUS, rollUpInspection, TASK_STATUS } from '@portal/contracts';
import { enqueueTaskDocuments } from '../features/documents';
import { queryRows } from '../db/rows';
import { assets, assetTypes, taskTypes } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { certificateNumbers, insertJob } from './looseGear';
import { createRandom, FIRST_NAMES, LAST_NAMES } from './random';
import { filledChecklist, formsOf, lookupOfForms } from './tasks';
import { checklistOf } from './taskTypes';
import type { SectionSeed } from './taskTypeSeeds';

/**
 * The demo's training certificates (issue 23, tasks document 2.8): trainees (assets of the
 * TRAINEE asset type 'Trainee Assessment', DECISIONS 8) of two client companies, spread over
 * their sites, and four courses (task types with a short checklist). Each trainee took one
 * course, every fifth a second one; each (trainee, course) has its latest approved certificate
 * planned to be Valid, Due Shortly, Expired or Failed, some with an earlier Fail or an earlier
 * Pass in their history. Training sessions are past jobs (one per site, course and day) of the
 * demo field engineer. Also the fixture of the dashboard's tests and its bench.
 */

const TRAINEE_TYPE = 'Trainee Assessment';

interface CourseSeed {
  name: string;
  code: string;
  validity: number;
  sections: SectionSeed[];
}

/** The four courses (the first is also a task type of the full demo's TRAINING division). */
export const COURSES: CourseSeed[] = [
  {
    name: 'Assessment - Forklift Operator',
    code: 'AS-FLO',
    validity: 36,
    sections: [
      ['Theory', [['Written test passed (70 % or more)', 'DOCUMENTATION']]],
      [
        'Practical',
        [
          ['Pre-use checks', 'FUNCTIONAL'],
          ['Stacking and de-stacking at height', 'FUNCTIONAL'],
          ['Travelling laden and unladen', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Assessment - Mobile Crane Operator',
    code: 'AS-MCO',
    validity: 24,
    sections: [
      ['Theory', [['Written test passed (70 % or more)', 'DOCUMENTATION']]],
      [
        'Practical',
        [
          ['Pre-use inspection and set-up', 'FUNCTIONAL'],
          ['Reading the load chart', 'FUNCTIONAL'],
          ['Lifting and slewing a test load', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Assessment - Rigger and Slinger',
    code: 'AS-RIG',
    validity: 24,
    sections: [
      ['Theory', [['Written test passed (70 % or more)', 'DOCUMENTATION']]],
      [
        'Practical',
        [
          ['Selecting and inspecting slings', 'VISUAL'],
          ['Hand signals', 'FUNCTIONAL'],
          ['Attaching and balancing a load', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Assessment - Working at Height',
    code: 'AS-WAH',
    validity: 12,
    sections: [
      ['Theory', [['Written test passed (70 % or more)', 'DOCUMENTATION']]],
      [
        'Practical',
        [
          ['Harness inspection and fitting', 'VISUAL'],
          ['Choosing an anchor point', 'FUNCTIONAL'],
          ['Rescue plan walk-through', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
];

const POSITIONS = ['Forklift operator', 'Crane operator', 'Rigger', 'Banksman', 'Site supervisor', 'Warehouse assistant', 'Scaffolder'];

/** What the latest certificate of a (trainee, course) shows; in this proportion, in turn. */
const PLAN = ['Valid', 'Valid', 'Valid', 'Valid', 'Valid', 'Due Shortly', 'Due Shortly', 'Expired', 'Expired', 'Failed'] as const;
const DAY = 86_400_000;

interface Options {
  seed: number;
  /** Trainees of each of the two clients (the namespace's first two). */
  traineesPerClient: number[];
  /** Queue each latest certificate for the documents worker (the full demo). */
  documents?: boolean;
}

export interface SeededAssessments {
  clientIds: number[];
  traineeIds: number[];
  courseIds: number[];
  /** The latest certificate's task of each (trainee, course). */
  latestTaskIds: number[];
}

/** A UTC date `months` calendar months from `at` (as the database's `make_interval(months =>)`, day clamped). */
function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The TRAINEE asset type and the four courses of the namespace, made when missing. */
async function coursesOf(tx: Db, ns: SeededNamespace) {
  const [existingType] = await queryRows<{ id: number }>(
    tx,
    sql`select id from asset_types where namespace_id = ${ns.id}::int and category = 'TRAINEE' and status = 1 and name = ${TRAINEE_TYPE}`,
  );
  const traineeTypeId =
    existingType?.id ??
    (
      await tx
        .insert(assetTypes)
        .values({ namespaceId: ns.id, name: TRAINEE_TYPE, displayName: TRAINEE_TYPE, acronymCode: 'TA', category: 'TRAINEE' })
        .returning({ id: assetTypes.id })
    )[0].id;
  const division = ns.divisions.find((d) => d.name === 'TRAINING') ?? ns.divisions[0];
  const existing = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from task_types where namespace_id = ${ns.id}::int and status = 1 and name = any(${sql.param(COURSES.map((c) => c.name))}::text[])`,
  );
  const missing = COURSES.filter((c) => !existing.some((e) => e.name === c.name));
  if (missing.length > 0)
    await tx.insert(taskTypes).values(
      missing.map((c) => ({
        namespaceId: ns.id,
        name: c.name,
        acronymCode: c.code,
        divisionId: division.id,
        assetTypeId: Number(traineeTypeId),
        referenceStandard: 'Company training scheme; HSE L117',
        inspectionMethod: 'Theory and practical test',
        validity: c.validity,
        description: `Assessment of a trainee after the ${c.name.replace('Assessment - ', '').toLowerCase()} course.`,
        reportTemplate: 'TRAINEE_ASSESSMENT' as const,
        checklist: checklistOf(c.sections),
      })),
    );
  const rows = await queryRows<{ id: number; name: string; checklist: Checklist; validity: number; division_id: number }>(
    tx,
    sql`select id, name, checklist, validity, division_id from task_types
         where namespace_id = ${ns.id}::int and status = 1 and name = any(${sql.param(COURSES.map((c) => c.name))}::text[])`,
  );
  const courses = COURSES.map((c) => rows.find((r) => r.name === c.name)!);
  return { traineeTypeId: Number(traineeTypeId), courses };
}

interface Certificate {
  traineeIndex: number;
  courseIndex: number;
  inspected: Date;
  fail: boolean;
  latest: boolean;
}

export async function seedAssessments(db: Db, ns: SeededNamespace, options: Options): Promise<SeededAssessments> {
  const random = createRandom(options.seed);
  const clients = ns.clients.slice(0, options.traineesPerClient.length);
  const office = ns.offices[0];
  const fieldEngg = ns.accounts[`field-engg@${ns.name}.test`] ?? null;
  const approver = ns.accounts[`approver@${ns.name}.test`] ?? null;
  const scheduler = ns.accounts[`scheduler@${ns.name}.test`] ?? null;
  return inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    const forms = await formsOf(tx, ns.id);
    const { traineeTypeId, courses } = await coursesOf(tx, ns);

    // The trainees: unique names per client, spread over the client's sites.
    const people: (typeof assets.$inferInsert)[] = [];
    for (const [c, client] of clients.entries()) {
      const used = new Set<string>();
      for (let k = 0; k < options.traineesPerClient[c]; k++) {
        let name = '';
        do name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
        while (used.has(name));
        used.add(name);
        const number = 1001 + c * 5000 + k * 3;
        people.push({
          namespaceId: ns.id,
          companyId: client.id,
          siteId: client.siteIds[k % client.siteIds.length],
          assetTypeId: traineeTypeId,
          name,
          acronymCode: `TR-${String.fromCharCode(65 + c)}${String(number).padStart(5, '0')}`,
          attributes: { employeeNo: `E-${number}`, position: random.pick(POSITIONS), yearOfBirth: random.int(1968, 2004) },
          timeZone: 'Asia/Dubai',
        });
      }
    }
    const trainees = await tx
      .insert(assets)
      .values(people)
      .returning({ id: assets.id, companyId: assets.companyId, siteId: assets.siteId, name: assets.name });

    // Their certificates: the planned latest one of each course taken, and some history before it.
    const today = new Date();
    today.setUTCHours(6, 0, 0, 0);
    const certificates: Certificate[] = [];
    let pair = 0;
    for (const [t] of trainees.entries()) {
      const taken = t % 5 === 0 ? [t % 4, (t + 1) % 4] : [t % 4];
      for (const courseIndex of taken) {
        const validity = Number(courses[courseIndex].validity);
        const plan = PLAN[(pair * 7) % PLAN.length];
        let latest: Date;
        if (plan === 'Valid') latest = new Date(today.getTime() - random.int(10, Math.min(validity * 30 - 45, 330)) * DAY);
        else if (plan === 'Due Shortly') latest = new Date(addMonths(today, -validity).getTime() + random.int(4, 11) * DAY);
        else if (plan === 'Expired') latest = new Date(addMonths(today, -validity).getTime() - random.int(6, 200) * DAY);
        else latest = new Date(today.getTime() - random.int(5, 60) * DAY);
        certificates.push({ traineeIndex: t, courseIndex, inspected: latest, fail: plan === 'Failed', latest: true });
        // History: an earlier Fail a few weeks before a Pass; an earlier Pass one validity before.
        if (plan !== 'Failed' && pair % 3 === 0)
          certificates.push({
            traineeIndex: t,
            courseIndex,
            inspected: new Date(latest.getTime() - random.int(14, 30) * DAY),
            fail: true,
            latest: false,
          });
        if (pair % 4 === 1 || plan === 'Failed')
          certificates.push({
            traineeIndex: t,
            courseIndex,
            inspected: new Date(addMonths(latest, -validity).getTime() - random.int(0, 20) * DAY),
            fail: false,
            latest: false,
          });
        pair++;
      }
    }

    // Sessions: one job per site, course and day; oldest first, so numbers follow the dates.
    const sessions = new Map<string, Certificate[]>();
    for (const certificate of certificates) {
      const trainee = trainees[certificate.traineeIndex];
      const key = `${certificate.inspected.toISOString().slice(0, 10)}|${trainee.siteId}|${certificate.courseIndex}`;
      sessions.set(key, [...(sessions.get(key) ?? []), certificate]);
    }
    const latestTaskIds: number[] = [];
    for (const key of [...sessions.keys()].sort()) {
      const group = sessions.get(key)!;
      const first = trainees[group[0].traineeIndex];
      const course = courses[group[0].courseIndex];
      const inspected = group[0].inspected;
      const start = new Date(inspected.getTime() - 3 * 3_600_000);
      const jobId = await insertJob(tx, ns.id, {
        officeId: office.id,
        officeCode: office.code,
        clientId: first.companyId,
        siteId: first.siteId,
        start,
        status: JOB_STATUS.COMPLETED,
        inspectorId: fieldEngg,
        scheduler,
        name: `Training assessment: ${course.name.replace('Assessment - ', '')}`,
        comments: 'Theory and practical assessment at the end of the course',
      });
      const division = ns.divisions.find((d) => d.id === Number(course.division_id)) ?? ns.divisions[0];
      const numbers = await certificateNumbers(
        tx,
        ns.id,
        office.id,
        division.id,
        `${office.code}-${division.code}`,
        inspected,
        group.length,
      );
      const certified = new Date(inspected.getTime() + DAY).toISOString();
      const values = group.map((certificate, index) => {
        const trainee = trainees[certificate.traineeIndex];
        const checklist = filledChecklist(Number(course.id), course.checklist, forms, { failOne: certificate.fail, random });
        for (const section of checklist.sections)
          for (const node of [section, ...section.items]) {
            if ('defect' in node && node.defect)
              node.defect = {
                ...node.defect,
                description: `${node.name}: not shown to the required standard`,
                remedialAction: 'Further training, then a new assessment',
              };
            if (node.userData || ('result' in node && node.result !== null)) {
              node.savedBy = fieldEngg ?? undefined;
              node.savedAt = inspected.toISOString();
            }
          }
        const result = rollUpInspection(checklist, lookupOfForms(forms));
        return sql`(${ns.id}::int, ${jobId}::int, ${`${course.name} - ${trainee.name}`}, ${course.id}::int, ${division.id}::int,
                    ${trainee.siteId}::int, ${traineeTypeId}::int, ${trainee.id}::int, ${start.toISOString()}::timestamptz,
                    ${TASK_STATUS.APPROVED}::int, ${fieldEngg}::int, ${approver}::int, ${JSON.stringify(checklist)}::jsonb, ${result}::int,
                    ${inspected.toISOString()}::timestamptz, ${numbers[index]}, ${certified}::timestamptz, 'Asia/Dubai', ${scheduler}::int,
                    ${scheduler}::int, ${start.toISOString()}::timestamptz, ${certified}::timestamptz)`;
      });
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, asset_id, due_date, status,
                               inspector_id, approver_id, checklist, result, actual_inspection_date, certificate_number, certificate_date,
                               time_zone, created_by, modified_by, created_at, modified_at)
            values ${sql.join(values, sql`, `)}
            returning id`,
      );
      for (const [index, certificate] of group.entries()) if (certificate.latest) latestTaskIds.push(Number(inserted[index].id));
    }

    // Each trainee as approval leaves an asset: the last result, and the next due date of its last Pass.
    const traineeIds = trainees.map((t) => Number(t.id));
    await tx.execute(
      sql`update assets a set last_result = t.result, last_inspection_date = t.actual_inspection_date,
                 due_date = (select max(p.actual_inspection_date + make_interval(months => tt.validity)) from tasks p
                               join task_types tt on tt.id = p.task_type_id
                              where p.asset_id = a.id and p.status = 16 and p.result = 1)
            from (select distinct on (asset_id) asset_id, result, actual_inspection_date from tasks
                   where asset_id = any(${sql.param(traineeIds)}::int[]) and status = 16
                   order by asset_id, actual_inspection_date desc, id desc) t
           where a.id = t.asset_id`,
    );
    // The latest certificates (or Fail reports) only: made by the documents worker after the first start.
    if (options.documents) for (const id of latestTaskIds) await enqueueTaskDocuments(tx, { id, namespaceId: ns.id }, 'final', null);
    return {
      clientIds: clients.map((c) => c.id),
      traineeIds,
      courseIds: courses.map((c) => Number(c.id)),
      latestTaskIds,
    };
  });
}
