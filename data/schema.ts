// One zod schema per kind of record in data/. The build validates every file against these
// before anything is rendered (see data/loadData.ts); types are inferred, never written twice.
import { z } from 'zod'

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug of letters, digits and single hyphens')
const internalPath = z
  .string()
  .regex(/^\/[a-z0-9\-/#?=&.]*$/, 'an internal path starting with "/"')
const href = z.union([internalPath, z.url(), z.string().regex(/^(tel|mailto):/, 'a tel: or mailto: link')])
const isoDate = z.iso.date('a date written YYYY-MM-DD')
/** Prose: a paragraph a visitor reads. Kept long enough to say something real. */
const paragraph = z.string().min(40, 'a paragraph of at least 40 characters')
const seoTitle = z.string().min(10).max(60, 'a title of at most 60 characters')
const seoDescription = z.string().min(50).max(160, 'a description of at most 160 characters')

export const LinkSchema = z.object({ label: z.string().min(1), href })
export const FaqPairSchema = z.object({ question: z.string().min(10), answer: paragraph })
export const SectionSchema = z.object({
  heading: z.string().min(3),
  paragraphs: z.array(paragraph).default([]),
  bullets: z.array(z.string().min(3)).default([]),
})

export const SiteSchema = z.object({
  brand: z.object({ name: z.string().min(2), legalName: z.string().min(2), tagline: z.string().min(5) }),
  url: z.url('an absolute URL such as https://www.example.com'),
  foundingYear: z.number().int().min(1990).max(2100),
  contact: z.object({
    phone: z.string().regex(/^\(8\d\d\) 555-\d{4}$/, 'a fictional toll-free number like (888) 555-0142'),
    phoneE164: z.string().regex(/^\+18\d\d555\d{4}$/, 'the same number in E.164, like +18885550142'),
    email: z.email().refine((e) => e.endsWith('example.com'), 'a mailbox at example.com'),
    address: z.object({
      street: z.string(),
      city: z.string(),
      region: z.string().length(2),
      postalCode: z.string(),
      country: z.string().length(2),
    }),
    hours: z.string(),
  }),
  social: z.array(z.object({ network: z.string(), label: z.string(), url: z.url() })).min(2),
  claims: z.object({
    organizations: z.string(),
    clientRevenue: z.string(),
    averageLeadGrowth: z.string(),
    campaignsScaled: z.string(),
    averageRoas: z.string(),
    leadGrowth: z.string(),
    roas: z.string(),
    roiPromise: paragraph,
  }),
  nav: z.object({
    primary: z.array(LinkSchema).min(3),
    mobileExtra: z.array(LinkSchema),
    cta: LinkSchema,
  }),
  footer: z.object({ columns: z.array(z.object({ title: z.string(), links: z.array(LinkSchema).min(1) })).min(1) }),
  features: z.object({
    mobileLeadForm: z.boolean().default(false),
    chatbot: z.boolean().default(true),
    exitIntentPopup: z.boolean().default(true),
  }),
  seo: z.object({ defaultImage: internalPath, twitterHandle: z.string().regex(/^@\w+$/) }),
})

/** A service sold city by city (/{service}-{city}-{state-code}). */
export const CityServiceSchema = z.object({
  id: slug,
  name: z.string(),
  shortName: z.string(),
  summary: paragraph,
  approach: paragraph,
  deliverables: z.array(z.string()).min(4),
  metric: z.object({ value: z.string(), label: z.string() }),
  servicePage: internalPath,
  faqs: z.array(FaqPairSchema).min(2),
  keywords: z.array(z.string()).min(2),
})

export const CitySchema = z.object({
  slug,
  name: z.string(),
  state: slug,
  stateCode: z.string().regex(/^[a-z]{2}$/, 'a two-letter lowercase state code'),
  population: z.number().int().positive(),
  metroPopulation: z.number().int().positive(),
  geo: z.object({ lat: z.number(), lng: z.number() }),
  overview: paragraph,
  economy: paragraph,
  industries: z.array(z.string()).min(3),
  neighborhoods: z.array(z.string()).min(3),
  facts: z.array(paragraph).min(3),
  searchLandscape: paragraph,
  services: z.array(slug).min(1),
})

export const StateSchema = z.object({
  slug,
  name: z.string(),
  code: z.string().regex(/^[a-z]{2}$/),
  capital: z.string(),
  largestCity: z.string(),
  population: z.number().int().positive(),
  region: z.string(),
  industries: z.array(z.string()).min(3),
  overview: paragraph,
  economy: paragraph,
  facts: z.array(paragraph).min(3),
  marketingAngle: paragraph,
})

/** Generic long-form page: HubSpot pages, mortgage, API services, agency landings, integrations. */
export const TopicPageSchema = z.object({
  slug,
  title: seoTitle,
  description: seoDescription,
  h1: z.string().min(5),
  eyebrow: z.string().min(3),
  intro: paragraph,
  sections: z.array(SectionSchema).min(2),
  faqs: z.array(FaqPairSchema).default([]),
  keywords: z.array(z.string()).min(2),
  related: z.array(internalPath).default([]),
  /** Extras some templates show (tech stack chips, compliance notes, tiers...). */
  highlights: z.array(z.object({ value: z.string(), label: z.string() })).default([]),
})

export const HubspotToolSchema = z.object({
  slug,
  name: z.string(),
  category: z.string(),
  vendorSummary: paragraph,
  syncDirection: z.enum(['one-way to HubSpot', 'one-way from HubSpot', 'two-way']),
  syncedObjects: z
    .array(z.object({ hubspot: z.string(), tool: z.string(), fields: z.array(z.string()).min(2) }))
    .min(2),
  useCases: z.array(z.object({ title: z.string(), body: paragraph })).min(3),
  setupSteps: z.array(z.string()).min(3),
  pitfalls: z.array(paragraph).min(1),
  faqs: z.array(FaqPairSchema).min(2),
  related: z.array(slug).min(2),
})

export const ServicePageSchema = TopicPageSchema.extend({
  name: z.string(),
  deliverables: z.array(z.string()).min(4),
  cityService: slug.optional(),
})

export const FaqItemSchema = z.object({
  id: slug,
  question: z.string().min(10),
  answer: paragraph,
  category: z.string(),
  home: z.boolean().default(false),
})

export const QaEntrySchema = z.object({
  slug,
  question: z.string().min(10),
  answer: z.array(paragraph).min(2),
  datePublished: isoDate,
  dateModified: isoDate,
  category: z.string(),
  keywords: z.array(z.string()).min(2),
  author: z.string(),
})

export const CaseStudySchema = z.object({
  slug,
  client: z.string(),
  industry: z.string(),
  location: z.string(),
  title: seoTitle,
  description: seoDescription,
  summary: paragraph,
  challenge: z.array(paragraph).min(1),
  solution: z.array(paragraph).min(1),
  results: z.array(z.object({ value: z.string(), label: z.string() })).min(2),
  services: z.array(z.string()).min(1),
  durationMonths: z.number().int().positive(),
  quote: z.object({ text: paragraph, author: z.string(), role: z.string() }).optional(),
})

export const TestimonialSchema = z.object({
  id: slug,
  clientName: z.string(),
  role: z.string(),
  state: z.string(),
  photo: internalPath,
  industry: z.string(),
  duration: z.string(),
  metric: z.string(),
  title: z.string(),
  description: paragraph,
  startingPoint: z.string(),
  endResult: z.string(),
  personalWin: z.string(),
})

export const PartnerSchema = z.object({
  slug,
  name: z.string(),
  category: z.string(),
  tier: z.string(),
  description: paragraph,
})

export const JobSchema = z.object({
  slug,
  title: z.string(),
  department: z.string(),
  employmentType: z.enum(['FULL_TIME', 'PART_TIME', 'CONTRACTOR']),
  remote: z.boolean(),
  location: z.string(),
  salary: z.object({ min: z.number().int(), max: z.number().int(), currency: z.literal('USD') }),
  datePosted: isoDate,
  validThrough: isoDate,
  summary: paragraph,
  responsibilities: z.array(z.string()).min(3),
  requirements: z.array(z.string()).min(3),
})

export const BlogFrontMatterSchema = z.object({
  title: seoTitle,
  description: seoDescription,
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string(),
  tags: z.array(slug).min(1),
  /** As a database post's (decision 104): robots noindex, out of sitemap.xml; still listed and in the feeds. */
  noindex: z.boolean().optional(),
  /** A canonical link elsewhere: a page of this site ("/services/seo") or a full http(s) URL. */
  canonicalUrl: z
    .string()
    .regex(/^(\/(?!\/)[^\s?#]*|https?:\/\/[^\s/?#]+(\/[^\s]*)?)$/, 'a site path like /services/seo or a full https:// URL')
    .optional(),
})

/** Pages with their own React component (home, about, contact...): only their head data lives here. */
export const StaticPageSchema = z.object({
  path: internalPath,
  title: seoTitle,
  description: seoDescription,
  keywords: z.array(z.string()).min(1),
  noindex: z.boolean().default(false),
  /** Copy shown by the page's own component around its widgets (forms, lists). */
  h1: z.string().min(3),
  intro: paragraph,
  sections: z.array(SectionSchema).default([]),
})

/** Extra paths that show an existing page; the page's canonical link points at its primary URL. */
export const AliasSchema = z.object({ from: internalPath, to: internalPath })

/** Copy of the home page sections (home.yaml), in the order the page shows them. */
const HomeCardSchema = z.object({ title: z.string().min(3), text: z.string().min(40) })
/** Service card (spec section 3): title, description, metric, metric label, link. */
const ServiceCardSchema = z.object({ title: z.string().min(3), description: z.string().min(40), metric: z.string().min(1), metricLabel: z.string().min(3), href: internalPath })
const claimKey = z.enum(['organizations', 'clientRevenue', 'averageLeadGrowth', 'campaignsScaled', 'averageRoas', 'leadGrowth', 'roas'])
export const HomeSchema = z.object({
  promo: z.object({ text: z.string().min(10), linkLabel: z.string().min(3), href: internalPath }),
  hero: z.object({ badge: z.string().min(3), phrases: z.array(z.string().min(2).max(26, 'a phrase of at most 26 characters (two lines on a phone)')).length(13, 'exactly 13 phrases (spec section 9)'), quoteLabel: z.string() }),
  results: z.object({ heading: z.string(), linkLabel: z.string(), items: z.array(z.object({ value: z.string(), label: z.string(), detail: z.string().min(20) })).length(6) }),
  trustedBy: z.object({ heading: z.string(), names: z.array(z.string()).min(4) }),
  different: z.object({ heading: z.string(), intro: paragraph, cards: z.array(HomeCardSchema).length(3) }),
  stats: z.object({ heading: z.string(), items: z.array(z.object({ claim: claimKey, label: z.string() })).min(3) }),
  dataDriven: z.object({ heading: z.string(), intro: paragraph, cards: z.array(ServiceCardSchema).length(3), mission: z.object({ heading: z.string(), text: paragraph }) }),
  services: z.object({ heading: z.string(), intro: paragraph, items: z.array(ServiceCardSchema).min(3), caseStudiesLabel: z.string() }),
  caseStudies: z.object({ heading: z.string(), intro: z.string() }),
  calculator: z.object({ heading: z.string(), intro: z.string() }),
  process: z.object({ heading: z.string(), intro: z.string(), steps: z.array(z.object({ title: z.string(), duration: z.string(), text: paragraph })).length(3) }),
  testimonials: z.object({ heading: z.string() }),
  features: z.object({ heading: z.string(), intro: z.string(), items: z.array(HomeCardSchema).min(3) }),
  faq: z.object({ heading: z.string(), linkLabel: z.string() }),
  closing: z.object({ heading: z.string(), quoteLabel: z.string() }),
})

export type Site = z.infer<typeof SiteSchema>
export type CityService = z.infer<typeof CityServiceSchema>
export type City = z.infer<typeof CitySchema>
export type State = z.infer<typeof StateSchema>
export type TopicPage = z.infer<typeof TopicPageSchema>
export type HubspotTool = z.infer<typeof HubspotToolSchema>
export type ServicePage = z.infer<typeof ServicePageSchema>
export type FaqItem = z.infer<typeof FaqItemSchema>
export type QaEntry = z.infer<typeof QaEntrySchema>
export type CaseStudy = z.infer<typeof CaseStudySchema>
export type Testimonial = z.infer<typeof TestimonialSchema>
export type Partner = z.infer<typeof PartnerSchema>
export type Job = z.infer<typeof JobSchema>
export type BlogFrontMatter = z.infer<typeof BlogFrontMatterSchema>
export type StaticPage = z.infer<typeof StaticPageSchema>
export type Home = z.infer<typeof HomeSchema>
export type Section = z.infer<typeof SectionSchema>
export type FaqPair = z.infer<typeof FaqPairSchema>
