// Seeding. seed(db, env) is idempotent and runs at every `npm start`: it ensures the first admin
// (server/auth/firstAdmin.ts) and, with demoIfEmpty on an embedded SQLite database with no leads
// and no contacts, fills a small demo data set (never on PostgreSQL). CLI: `npm run seed -- --demo
// [--scale N]` adds a realistic demo set of N leads and N contacts (default 200) with batched
// multi-row inserts in transactions. Demo records are marked is_demo (an admin removes them all at
// once: server/admin/demoData.ts) and no staff account is ever created for them. Every person and
// company is fictional: example.com emails, 555-01xx phone numbers.
import crypto from 'node:crypto'
import { ensureFirstAdmin, FirstAdminError } from '../server/auth/firstAdmin.ts'
import { createDb, isPostgres, migrate, type Db } from '../server/db/knex.ts'
import { nowIso } from '../server/db/rows.ts'
import { loadEnv, type Env } from '../server/env.ts'
import { ACTIVITY_TYPES, COMPANY_SIZES, CONTACT_STATUSES, DEAL_STAGES, LEAD_STATUSES } from '../shared/adminContract.ts'

type Log = (text: string) => void
const DAY = 86_400_000

export async function seed(db: Db, env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, opts: { demoIfEmpty?: boolean; log?: Log } = {}) {
  const log = opts.log ?? console.log
  const admin = await ensureFirstAdmin(db, env, log)
  // Demo records only on the embedded SQLite database: never on PostgreSQL (a real deployment).
  if (opts.demoIfEmpty && !isPostgres(db) && (await isEmpty(db))) {
    log('Fresh database: adding a small demo data set, marked as demo. An admin removes it with "Remove demo data" on the overview.')
    await seedDemo(db, { scale: 200, log })
  }
  return admin
}

async function isEmpty(db: Db) {
  const [leads] = await db('leads').count({ n: '*' })
  const [contacts] = await db('contacts').count({ n: '*' })
  return Number(leads.n) === 0 && Number(contacts.n) === 0
}

/** A small deterministic PRNG (mulberry32): the same scale gives the same data set shape. */
function random(seedValue: number) {
  let a = seedValue >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]) => items[int(items.length)] as T
  return { next, int, pick }
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Tim',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Radia',
  'Donald',
  'Hedy',
  'John',
  'Mary',
  'Edsger',
  'Sophie',
  'Carlos',
  'Priya',
  'Wei',
  'Amara',
  'Mateo',
  'Noor',
]
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Berners',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Perlman',
  'Knuth',
  'Lamarr',
  'Backus',
  'Keller',
  'Dijkstra',
  'Wilson',
  'Garcia',
  'Patel',
  'Chen',
  'Okafor',
  'Rossi',
  'Haddad',
]
const WORDS = [
  'Acme',
  'Blue Harbor',
  'Cedar',
  'Summit',
  'Lone Star',
  'Pioneer',
  'Keystone',
  'Evergreen',
  'Northwind',
  'Silverline',
  'Brightpath',
  'Redwood',
  'Ironclad',
  'Maple',
  'Granite',
  'Harborview',
]
const SUFFIX = [
  'Mortgage',
  'Lending',
  'Dental',
  'Roofing',
  'Law Group',
  'Logistics',
  'Realty',
  'Software',
  'HVAC',
  'Health',
  'Insurance',
  'Solar',
  'Fitness',
  'Auto Group',
]
const SECTORS = ['Mortgage', 'Healthcare', 'Legal', 'Real Estate', 'Home Services', 'SaaS', 'Logistics', 'Insurance', 'Automotive', 'Retail']
const CITIES: Array<[string, string, string]> = [
  ['Austin', 'TX', '512'],
  ['Dallas', 'TX', '214'],
  ['Houston', 'TX', '713'],
  ['Phoenix', 'AZ', '602'],
  ['Chicago', 'IL', '312'],
  ['Miami', 'FL', '305'],
  ['Seattle', 'WA', '206'],
  ['Denver', 'CO', '303'],
  ['New York', 'NY', '212'],
  ['San Francisco', 'CA', '415'],
]
const SOURCES = [
  { source: 'Google Ads', utm: ['google', 'cpc'], traffic: 'Paid Search' },
  { source: 'Organic Search', utm: ['', ''], traffic: 'Organic Search' },
  { source: 'Facebook Ads', utm: ['facebook', 'paid_social'], traffic: 'Paid Social' },
  { source: 'LinkedIn', utm: ['linkedin', 'paid_social'], traffic: 'Paid Social' },
  { source: 'Email Newsletter', utm: ['newsletter', 'email'], traffic: 'Email' },
  { source: 'Exit Intent Popup', utm: ['', ''], traffic: 'Direct' },
  { source: 'Referral', utm: ['', ''], traffic: 'Referral' },
  { source: 'Free Quote Page', utm: ['', ''], traffic: 'Direct' },
] as const
const CAMPAIGNS = ['Free Quote Request', 'SEO Audit Offer', 'HubSpot Integration', 'Mortgage Leads Q4', 'ROI Calculator', 'Spring Webinar']
const PAGES = ['/free-quote', '/services/seo', '/pay-per-click-advertising', '/services/crm-integration', '/roi-calculators', '/seo-services-austin-tx']
const MESSAGES = [
  'We need more qualified leads from search.',
  'Looking for help with Google Ads for our branches.',
  'Can you integrate our CRM with HubSpot?',
  'Interested in a website redesign and SEO.',
  'Please send pricing for local SEO in three cities.',
]

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const phone = (area: string, i: number) => `(${area}) 555-01${pad(i % 100)}`

/** Multi-row inserts in one transaction; at most 500 rows a statement (SQLite's compound-select limit). */
async function insertBatched(db: Db, table: string, rows: Array<Record<string, unknown>>, batch: number): Promise<number[]> {
  const ids: number[] = []
  const t0 = performance.now()
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      const inserted = (await trx(table)
        .insert(rows.slice(i, i + batch))
        .returning('id')) as Array<{ id: number | string } | number>
      for (const r of inserted) ids.push(Number(typeof r === 'object' ? r.id : r))
    }
  })
  if (process.env.SEED_TIMING) console.log(`${table}: ${rows.length} rows in ${Math.round(performance.now() - t0)} ms`)
  return ids
}

export async function seedDemo(db: Db, opts: { scale?: number; log?: Log; now?: number } = {}) {
  const log = opts.log ?? console.log
  const scale = Math.max(1, Math.floor(opts.scale ?? 200))
  const now = opts.now ?? Date.now()
  const rnd = random(scale)
  const started = performance.now()
  // Large batches update many indexes (and the FTS tables) at random places: a bigger page cache
  // for this connection keeps them in memory instead of spilling pages to the WAL.
  if (!isPostgres(db) && scale > 1000) await db.raw('PRAGMA cache_size = -262144')
  // No staff account is made up for the demo: records belong to the first admin, or nobody.
  const [firstAdmin] = await db('users').select('id').where({ role: 'admin' }).orderBy('id').limit(1)
  const owners: Array<number | null> = [firstAdmin ? Number(firstAdmin.id) : null]

  const companyCount = Math.max(10, Math.min(5000, Math.round(scale / 20)))
  const companies = Array.from({ length: companyCount }, (_, i) => {
    const [city, state, area] = rnd.pick(CITIES)
    const name = `${rnd.pick(WORDS)} ${rnd.pick(SUFFIX)}${i >= WORDS.length * SUFFIX.length ? ` ${i}` : ''}`
    const at = nowIso(now - rnd.int(365) * DAY)
    return {
      name,
      sector: rnd.pick(SECTORS),
      size: rnd.pick(COMPANY_SIZES),
      website: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`,
      phone: phone(area, i),
      address: `${100 + rnd.int(9000)} Main Street`,
      city,
      state,
      owner_id: rnd.pick(owners),
      description: `${name} is a fictional ${city} business used as demo data.`,
      revenue: (1 + rnd.int(500)) * 100_000,
      created_at: at,
      updated_at: at,
      is_demo: true,
    }
  })
  const companyIds = await insertBatched(db, 'companies', companies, 500)

  const leads = Array.from({ length: scale }, (_, i) => {
    const first = rnd.pick(FIRST)
    const last = rnd.pick(LAST)
    const src = rnd.pick(SOURCES)
    const [, , area] = rnd.pick(CITIES)
    const campaign = src.utm[0] ? rnd.pick(CAMPAIGNS) : ''
    // Newer days get more leads: the chart has a visible trend.
    const at = now - Math.floor(Math.sqrt(rnd.next()) * 90 * DAY)
    const spam = rnd.next() < 0.03
    const page = rnd.pick(PAGES)
    const landing = src.utm[0] ? `${page}?utm_source=${src.utm[0]}&utm_medium=${src.utm[1]}` : page
    return {
      kind: rnd.pick(['lead', 'lead', 'quote', 'quote', 'contact', 'application'] as const),
      status: spam ? 'new' : rnd.pick(LEAD_STATUSES),
      owner_id: rnd.next() < 0.6 ? rnd.pick(owners) : null,
      notes: null,
      is_spam: spam,
      spam_reason: spam ? 'honeypot' : null,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      name: `${first} ${last}`,
      phone: phone(area, i),
      company: `${rnd.pick(WORDS)} ${rnd.pick(SUFFIX)}`,
      message: rnd.pick(MESSAGES),
      details: JSON.stringify({}),
      source: src.source,
      campaign,
      traffic_source: src.traffic,
      referrer: src.traffic === 'Referral' ? 'https://partner.example.com/' : src.traffic === 'Organic Search' ? 'https://www.google.com/' : '',
      utm_source: src.utm[0],
      utm_medium: src.utm[1],
      utm_campaign: campaign ? campaign.toLowerCase().replace(/\W+/g, '-') : '',
      utm_term: '',
      utm_content: '',
      gclid: src.source === 'Google Ads' ? `demo-${i}` : '',
      fbclid: '',
      msclkid: '',
      landing_page: landing,
      first_touch: src.traffic,
      last_touch: src.traffic,
      user_agent: 'Mozilla/5.0 (demo)',
      ip_hash: '',
      payload_hash: crypto.createHash('sha256').update(`demo:${scale}:${i}:${now}`).digest('hex'),
      created_at: nowIso(at),
      updated_at: nowIso(at),
      is_demo: true,
    }
  })
  await insertBatched(db, 'leads', leads, 500)

  const contacts = Array.from({ length: scale }, (_, i) => {
    const first = rnd.pick(FIRST)
    const last = rnd.pick(LAST)
    const [, , area] = rnd.pick(CITIES)
    const firstSeen = now - rnd.int(365) * DAY
    const at = nowIso(firstSeen)
    return {
      first_name: first,
      last_name: last,
      title: rnd.pick(['Marketing Director', 'Owner', 'VP Sales', 'Loan Officer', 'Office Manager', 'CMO']),
      emails: JSON.stringify([{ email: `${first}.${last}.c${i}@example.com`.toLowerCase(), type: 'work' }]),
      phones: JSON.stringify([{ number: phone(area, i), type: rnd.pick(['work', 'mobile'] as const) }]),
      company_id: rnd.pick(companyIds),
      owner_id: rnd.pick(owners),
      tags: JSON.stringify(rnd.next() < 0.4 ? [rnd.pick(['vip', 'mortgage', 'webinar', 'partner', 'hubspot'])] : []),
      status: rnd.pick(CONTACT_STATUSES),
      background: null,
      linkedin_url: null,
      first_seen: at,
      last_seen: nowIso(Math.min(now, firstSeen + rnd.int(120) * DAY)),
      lead_id: null,
      created_at: at,
      updated_at: at,
      is_demo: true,
    }
  })
  const contactIds = await insertBatched(db, 'contacts', contacts, 500)

  const dealCount = Math.max(12, Math.min(2000, Math.round(scale / 5)))
  const positions = new Map<string, number>()
  const deals = Array.from({ length: dealCount }, (_, i) => {
    const stage = DEAL_STAGES[i % DEAL_STAGES.length]
    const position = positions.get(stage) ?? 0
    positions.set(stage, position + 1)
    const at = nowIso(now - rnd.int(120) * DAY)
    return {
      name: `${rnd.pick(['SEO retainer', 'PPC management', 'HubSpot integration', 'Website redesign', 'Email automation'])} #${i + 1}`,
      company_id: rnd.pick(companyIds),
      contact_ids: JSON.stringify([rnd.pick(contactIds)]),
      stage,
      amount: (5 + rnd.int(95)) * 500,
      expected_close: nowIso(now + rnd.int(90) * DAY).slice(0, 10),
      owner_id: rnd.pick(owners),
      position,
      created_at: at,
      updated_at: at,
      is_demo: true,
    }
  })
  const dealIds = await insertBatched(db, 'deals', deals, 500)

  const activityCount = Math.max(20, Math.min(5000, Math.round(scale / 2)))
  const activities = Array.from({ length: activityCount }, (_, i) => {
    const type = ACTIVITY_TYPES[i % ACTIVITY_TYPES.length]
    const due = type === 'task' ? now + (rnd.int(14) - 4) * DAY : null
    const at = nowIso(now - rnd.int(60) * DAY)
    return {
      type,
      subject: rnd.pick(['Intro call', 'Send proposal', 'Follow up on audit', 'Quarterly review', 'Kick-off meeting']),
      body: rnd.next() < 0.5 ? 'Demo note.' : null,
      due_at: due ? nowIso(due) : null,
      done_at: type === 'task' && rnd.next() < 0.4 ? at : null,
      contact_id: rnd.pick(contactIds),
      company_id: null,
      deal_id: rnd.next() < 0.3 ? rnd.pick(dealIds) : null,
      owner_id: rnd.pick(owners),
      created_at: at,
      updated_at: at,
      is_demo: true,
    }
  })
  await insertBatched(db, 'activities', activities, 500)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  log(`Demo data: ${scale} leads, ${scale} contacts, ${companyCount} companies, ${dealCount} deals, ${activityCount} activities in ${seconds} s.`)
  return { leads: scale, contacts: scale, companies: companyCount, deals: dealCount, activities: activityCount }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2)
  const scaleAt = args.indexOf('--scale')
  const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : 200
  if (!Number.isInteger(scale) || scale < 1) {
    console.log('Usage: npm run seed -- [--demo] [--scale N]')
    process.exit(2)
  }
  const env = loadEnv()
  const db = createDb({ databaseUrl: env.DATABASE_URL, varDir: env.VAR_DIR, searchPath: env.DATABASE_SEARCH_PATH })
  await migrate(db)
  try {
    await seed(db, env)
  } catch (error) {
    if (!(error instanceof FirstAdminError)) throw error
    console.error(`\n${error.message}\n`)
    await db.destroy()
    process.exit(1)
  }
  if (args.includes('--demo')) await seedDemo(db, { scale })
  await db.destroy()
}
