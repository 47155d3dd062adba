import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newBlobKey } from '../lib/tokens';
import { assetFiles, assets, files } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import { emblemPng } from '../db/seed/emblem';
import { createRandom, type Random } from './random';

/** End users of the equipment (the asset panel's End User Name and Address). */
const END_USERS: [string, string][] = [
  ['Gulf Marine Services', 'Plot 12, Mussafah Industrial Area, Abu Dhabi'],
  ['Al Noor Construction', 'Warehouse 4, Al Quoz 3, Dubai'],
  ['Emirates Steel Fabrication', 'ICAD II, Mussafah, Abu Dhabi'],
  ['Harbour Logistics LLC', 'Berth 7, Jebel Ali Port, Dubai'],
  ['Desert Rig Rentals', 'Industrial Area 6, Sharjah'],
];

/**
 * A manufacturer's serial number as makers stamp them on the data plate: letters of the make
 * and six digits (DECISIONS 9: certificates print it apart from the QR sticker's serial).
 */
const makerSerial = (extra: Random, make: string) =>
  `${make
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()}${String(extra.int(100000, 999999))}`;

/**
 * Makes and models per asset type (names avoid the disallowed asset-name characters). The
 * attributes carry the identification facts their form has (manufacturer, model, maker's
 * serial, year, SWL); `extra` draws the values added for DECISIONS 9 from a generator of its
 * own, so the rest of the demo data stays as it was.
 */
const MODELS: Record<
  string,
  { code: string; makes: [string, string][]; attributes?: (random: Random, make: string, model: string, extra: Random) => object }
> = {
  'Mobile Crane': {
    code: 'MC',
    makes: [
      ['Liebherr', 'LTM 1100'],
      ['Tadano', 'ATF 220G'],
      ['Grove', 'GMK5250L'],
      ['XCMG', 'QY50KA'],
    ],
    attributes: (random, manufacturer, model, extra) => ({
      manufacturer,
      model,
      manufacturerSerial: makerSerial(extra, manufacturer),
      craneType: 'mobile',
      yearOfManufacture: random.int(2006, 2023),
      swl: random.pick([50, 100, 160, 220, 250]),
      boomLength: random.pick([42, 52, 60, 68, 72]),
    }),
  },
  'Overhead Crane': {
    code: 'OHC',
    makes: [
      ['Konecranes', 'CXT'],
      ['Demag', 'EKKE'],
      ['ABUS', 'ZLK'],
    ],
    attributes: (random, manufacturer, model, extra) => ({
      manufacturer,
      model,
      manufacturerSerial: makerSerial(extra, manufacturer),
      craneType: 'overhead',
      yearOfManufacture: random.int(2000, 2022),
      swl: random.pick([5, 10, 16, 20, 32]),
      span: random.pick([12, 16, 18, 22, 25]),
    }),
  },
  'Tower Crane': {
    code: 'TC',
    makes: [
      ['Potain', 'MDT 219'],
      ['Liebherr', '280 EC-H'],
    ],
    attributes: (random, manufacturer, model, extra) => ({
      manufacturer,
      model,
      manufacturerSerial: makerSerial(extra, manufacturer),
      craneType: 'tower',
      yearOfManufacture: random.int(2010, 2023),
      swl: random.pick([8, 10, 12]),
      boomLength: random.pick([50, 60, 65]),
    }),
  },
  Forklift: {
    code: 'FLT',
    makes: [
      ['Toyota', '8FD30'],
      ['Hyster', 'H3'],
      ['Linde', 'H50D'],
      ['Caterpillar', 'DP40N'],
    ],
    attributes: (random, manufacturer, model, extra) => ({
      manufacturer,
      model,
      manufacturerSerial: makerSerial(extra, manufacturer),
      capacity: random.pick([2500, 3000, 4000, 5000]),
      loadCentre: 500,
      liftHeight: random.pick([3, 4, 4.5, 6]),
      power: random.pick(['diesel', 'lpg', 'electric']),
    }),
  },
  Telehandler: {
    code: 'TH',
    makes: [
      ['JCB', '540-170'],
      ['Manitou', 'MT 1840'],
    ],
    attributes: (random, manufacturer, model, extra) => ({
      manufacturer,
      model,
      manufacturerSerial: makerSerial(extra, manufacturer),
      capacity: random.pick([4000, 4500]),
      power: 'diesel',
    }),
  },
  'Scissor Lift': {
    code: 'SL',
    makes: [
      ['Genie', 'GS-3246'],
      ['JLG', '4069LE'],
      ['Skyjack', 'SJIII 4632'],
    ],
  },
  'Boom Lift': {
    code: 'BL',
    makes: [
      ['Genie', 'S-65'],
      ['JLG', '660SJ'],
    ],
  },
  'Chain Hoist': {
    code: 'CH',
    makes: [
      ['Yale', 'CPV 5'],
      ['Kito', 'ER2'],
      ['Columbus McKinnon', 'Lodestar'],
    ],
  },
  'Pressure Vessel': {
    code: 'PV',
    makes: [
      ['Atlas Copco', 'LV 2000'],
      ['Kaeser', 'AB 3000'],
    ],
    attributes: (random) => ({
      nbNumber: String(random.int(100000, 999999)),
      designPressure: random.pick([11, 13, 16]),
      mawp: random.pick([10, 12, 15]),
      volume: random.pick([500, 1000, 2000, 3000]),
    }),
  },
  'Air Receiver': {
    code: 'AR',
    makes: [
      ['Ingersoll Rand', 'VT 500'],
      ['Atlas Copco', 'LV 900'],
    ],
    attributes: (random) => ({ designPressure: 11, mawp: 10, volume: random.pick([270, 500, 900]) }),
  },
  'Fire Extinguisher': {
    code: 'FE',
    makes: [
      ['NAFFCO', 'DCP 6kg'],
      ['Chubb', 'CO2 5kg'],
    ],
    attributes: (random, _make, _model, extra) => ({
      agent: random.pick(['co2', 'dry-powder', 'foam']),
      capacity: random.pick([2, 5, 6, 9]),
      manufactured: `${extra.int(2016, 2024)}-${String(extra.int(1, 12)).padStart(2, '0')}-${String(extra.int(1, 28)).padStart(2, '0')}`,
    }),
  },
  'Full Body Harness': {
    code: 'FBH',
    makes: [
      ['3M DBI-SALA', 'ExoFit'],
      ['Petzl', 'Newton'],
      ['MSA', 'V-FORM'],
    ],
  },
  Lanyard: {
    code: 'LY',
    makes: [
      ['3M Protecta', 'PRO Pack'],
      ['Petzl', 'Absorbica'],
    ],
  },
  'Self-Retracting Lifeline': {
    code: 'SRL',
    makes: [
      ['3M DBI-SALA', 'Nano-Lok'],
      ['MSA', 'V-TEC'],
    ],
  },
};

export interface SeededAsset {
  id: number;
  name: string;
  companyId: number;
  siteId: number;
  assetTypeId: number;
  assetType: string;
  /** 1 active, 0 inactive (a few in the full demo). */
  status: number;
}

/**
 * The equipment on the clients' sites: per site a few assets of the namespace's machinery and
 * PPE types (never LLG or trainee types), named `<type code>-<number> <make> <model>`, with
 * the attribute values of their type's form where it has one. One insert per namespace.
 */
export async function seedAssets(
  db: Db,
  namespaceId: number,
  random: Random,
  clients: { id: number; siteIds: number[] }[],
  assetTypeIds: Map<string, number>,
  options: { full: boolean },
): Promise<SeededAsset[]> {
  const types = [...assetTypeIds].filter(([name]) => Object.hasOwn(MODELS, name));
  const extra = createRandom(1998);
  const values: (typeof assets.$inferInsert & { assetType: string })[] = [];
  for (const client of clients) {
    let number = random.int(10, 90);
    for (const siteId of client.siteIds) {
      // The basic fixture: every type on every site, so tests find one anywhere; the full demo: a believable mix.
      const chosen = options.full ? random.sample(types, random.int(3, Math.min(7, types.length))) : types;
      for (const [typeName, assetTypeId] of chosen) {
        const model = MODELS[typeName];
        for (let i = 0, count = options.full ? random.int(1, 3) : 1; i < count; i++) {
          const [make, name] = random.pick(model.makes);
          number += random.int(1, 4);
          values.push({
            namespaceId,
            companyId: client.id,
            siteId,
            assetTypeId,
            assetType: typeName,
            name: `${model.code}-${String(number).padStart(4, '0')} ${make} ${name}`,
            acronymCode: `${model.code}-${String(number).padStart(4, '0')}`,
            ...(options.full && random.chance(0.6)
              ? (([endUserName, endUserAddress]) => ({ endUserName, endUserAddress }))(random.pick(END_USERS))
              : {}),
            attributes: model.attributes ? (model.attributes(random, make, name, extra) as Record<string, unknown>) : null,
            timeZone: 'Asia/Dubai',
            // A few retired assets in the full demo: the wizard never offers them.
            status: options.full && random.chance(0.04) ? 0 : 1,
          });
        }
      }
    }
  }
  if (values.length === 0) return [];
  const rows = await db
    .insert(assets)
    .values(values.map(({ assetType: _type, ...row }) => row))
    .returning({
      id: assets.id,
      name: assets.name,
      companyId: assets.companyId,
      siteId: assets.siteId,
      assetTypeId: assets.assetTypeId,
      status: assets.status,
    });
  return rows.map((row, index) => ({ ...row, assetType: values[index].assetType }));
}

/** Colours of the demo asset photos (small generated images, like the seed's emblems). */
const PHOTO_COLORS: [number, number, number][] = [
  [230, 160, 20],
  [40, 120, 200],
  [200, 60, 50],
  [60, 150, 90],
];

/**
 * The full demo's asset dashboard (issue 11): every active asset the task data left without
 * an approved inspection gets a last result and inspection date, and a due date a year later,
 * spread by id so that Valid, Due Shortly and Expired all appear (about 10% due within 15
 * days, 20% expired); a primary photo on one asset in six. Three statements per namespace.
 */
export async function seedAssetDashboard(db: Db, ns: { id: number; assets: SeededAsset[] }): Promise<void> {
  await inTransaction(db, null, async (tx) => {
    await tx.execute(
      sql`update assets set
            -- Mostly passed: a Fail shows the asset as Failed (DECISIONS 9), which the demo keeps
            -- for the assets whose failing reports it holds, and a few of these older results.
            last_result = case when id % 40 = 7 then 2 when id % 10 = 9 then 3 else 1 end,
            last_inspection_date = now() - make_interval(days => (case
              when id % 10 = 0 then 355 + (id % 13)        -- due within 15 days
              when id % 10 in (3, 7) then 380 + (id % 300)  -- expired
              else 30 + (id % 300) end)::int),
            due_date = now() - make_interval(days => (case
              when id % 10 = 0 then 355 + (id % 13)
              when id % 10 in (3, 7) then 380 + (id % 300)
              else 30 + (id % 300) end)::int) + interval '365 days'
          where namespace_id = ${ns.id}::int and status = 1 and last_inspection_date is null`,
    );
    const photos = PHOTO_COLORS.map((color, i) => emblemPng(color, (['check', 'hook', 'diamond'] as const)[i % 3], 96));
    const chosen = ns.assets.filter((a, i) => a.status === 1 && i % 6 === 0);
    if (chosen.length === 0) return;
    const rows = await tx
      .insert(files)
      .values(
        chosen.map((asset, i) => {
          const png = photos[i % photos.length];
          return {
            namespaceId: ns.id,
            blobKey: newBlobKey(),
            ownerType: 'asset-file',
            ownerId: asset.id,
            fileName: `${asset.name.split(' ')[0]}-photo.png`,
            contentType: 'image/png',
            size: png.length,
            sha256: createHash('sha256').update(png).digest('hex'),
            content: png,
          };
        }),
      )
      .returning({ id: files.id, ownerId: files.ownerId });
    await tx.insert(assetFiles).values(rows.map((row) => ({ assetId: row.ownerId, fileId: row.id, section: 1 })));
  });
}
