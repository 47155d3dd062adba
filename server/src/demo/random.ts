/** Deterministic pseudo-random numbers (mulberry32), so the demo data is the same every time. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    sample: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list];
      const out: T[] = [];
      while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  'Aisha',
  'Omar',
  'Priya',
  'Rahul',
  'Fatima',
  'James',
  'Maria',
  'Khalid',
  'Sara',
  'David',
  'Noura',
  'Arjun',
  'Layla',
  'Thomas',
  'Hassan',
  'Anita',
  'Yusuf',
  'Elena',
  'Vikram',
  'Mariam',
  'George',
  'Deepa',
  'Ali',
  'Grace',
  'Imran',
  'Sophie',
  'Rashid',
  'Kavya',
  'Daniel',
  'Huda',
  'Samuel',
  'Meera',
  'Tariq',
  'Olivia',
  'Nikhil',
  'Reem',
] as const;

export const LAST_NAMES = [
  'Rahman',
  'Sharma',
  'Al Mansoori',
  'Thomas',
  'Fernandes',
  'Khan',
  'Patel',
  'Haddad',
  'Wilson',
  'Nair',
  'Al Farsi',
  'Menon',
  'Brown',
  'Qureshi',
  'Iyer',
  'Saleh',
  'Mathew',
  'Costa',
  'Hussain',
  'Pillai',
  'Evans',
  'Al Hashimi',
  'Reddy',
  'Murphy',
  'Siddiqui',
  'Kapoor',
  'Nasser',
  'Joseph',
  'Clarke',
  'Varghese',
] as const;

export const COMPANY_FIRST = [
  'Atlas',
  'Crescent',
  'Falcon',
  'Harbour',
  'Horizon',
  'Meridian',
  'Northgate',
  'Pinnacle',
  'Summit',
  'Vertex',
  'Gulf',
  'Oasis',
  'Anchor',
  'Sterling',
  'Coral',
  'Desert Star',
  'Bluewater',
  'Ironclad',
  'Keystone',
  'Lighthouse',
  'Emirates',
  'Arabian',
  'Orient',
  'Pearl',
  'Titan',
  'Zenith',
  'Capital',
  'Delta',
  'Sapphire',
  'Redline',
] as const;

export const COMPANY_TRADE = [
  'Cranes',
  'Logistics',
  'Offshore',
  'Construction',
  'Steel',
  'Energy',
  'Shipyard',
  'Port Services',
  'Engineering',
  'Rigging',
  'Marine',
  'Contracting',
  'Fabrication',
  'Drilling',
  'Industries',
  'Heavy Lift',
  'Facilities',
  'Utilities',
] as const;

export const COMPANY_SUFFIX = ['LLC', 'Ltd', 'Co.', 'Group', 'FZE', 'WLL'] as const;

export const SITE_NAMES = [
  'Main Yard',
  'Berth 4',
  'Main Plant',
  'Warehouse B',
  'Fabrication Shop',
  'Jetty 2',
  'North Terminal',
  'Workshop',
  'Container Yard',
  'Power Station',
  'Tank Farm',
  'Dry Dock',
  'Assembly Hall',
  'Laydown Area',
  'Quay 7',
  'Depot',
] as const;

export const CITIES = [
  { city: 'Dubai', state: 'Dubai', country: 'United Arab Emirates' },
  { city: 'Abu Dhabi', state: 'Abu Dhabi', country: 'United Arab Emirates' },
  { city: 'Sharjah', state: 'Sharjah', country: 'United Arab Emirates' },
  { city: 'Jebel Ali', state: 'Dubai', country: 'United Arab Emirates' },
  { city: 'Muscat', state: 'Muscat', country: 'Oman' },
  { city: 'Sohar', state: 'Al Batinah', country: 'Oman' },
  { city: 'Doha', state: 'Ad Dawhah', country: 'Qatar' },
  { city: 'Ras Laffan', state: 'Al Khor', country: 'Qatar' },
] as const;

export const STREETS = [
  'Sheikh Zayed Road',
  'Industrial Area 12',
  'Port Rashid Road',
  'Al Quoz Street 8',
  'Mussafah M-14',
  'Corniche Road',
  'Salalah Highway',
  'Street 33, Industrial Area',
  'Al Wakrah Road',
  'Hamriyah Free Zone',
  'Khalifa Port Road',
] as const;
