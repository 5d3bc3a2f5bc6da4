// The props each template receives, built by pages/_shared/getPageData.ts from the data.
import type { BlogPost } from '../data/loadData.ts'
import type {
  CaseStudy,
  City,
  CityService,
  FaqItem,
  Home,
  HubspotTool,
  Job,
  Partner,
  QaEntry,
  ServicePage,
  Site,
  State,
  StaticPage,
  Testimonial,
  TopicPage,
} from '../data/schema.ts'
import type { FaqPair, Link } from './types.ts'

export type ContactInfo = { phone: string; phoneE164: string; email: string; brand: string }

export type CityProps = {
  city: City
  stateName: string
  stateUrl: string
  service: CityService
  h1: string
  /** City facts picked for this service, so two services in one city read differently. */
  facts: string[]
  faqs: FaqPair[]
  otherServices: Link[]
  otherCities: Link[]
  servicePage: Link
  contact: ContactInfo
}

export type StateProps = {
  state: State
  h1: string
  cities: Link[]
  services: Link[]
  neighbours: Link[]
  contact: ContactInfo
}

export type TopicProps = {
  page: TopicPage
  /** Label of the family, e.g. "HubSpot", "Mortgage marketing". */
  familyLabel: string
  related: Link[]
  siblings: Link[]
  contact: ContactInfo
}

export type ToolProps = {
  tool: HubspotTool
  h1: string
  related: Link[]
  guides: Link[]
  contact: ContactInfo
}

export type ServiceProps = {
  page: ServicePage
  cities: Link[]
  related: Link[]
  siblings: Link[]
  contact: ContactInfo
}

export type BlogPostProps = {
  post: Pick<BlogPost, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'author' | 'tags'>
  html: string
  readingMinutes: number
  more: Link[]
}

export type PostSummary = { url: string; title: string; description: string; date: string; author: string; tags: string[] }
export type TagProps = { tag: string; posts: PostSummary[]; tags: Link[] }

export type QaProps = { qa: QaEntry; upvotes: number; more: Link[] }
export type CaseStudyProps = { study: CaseStudy; more: Link[]; contact: ContactInfo }
export type JobProps = { job: Job; applyUrl: string; more: Link[] }

/** Static pages: their copy from pages.yaml plus whatever lists they show. */
export type StaticProps = {
  page: StaticPage
  contact: ContactInfo
  claims: Site['claims']
  address: Site['contact']['address']
  hours: string
  services?: { title: string; url: string; summary: string }[]
  caseStudies?: CaseStudy[]
  testimonials?: Testimonial[]
  faqs?: FaqItem[]
  qa?: Link[]
  posts?: PostSummary[]
  tags?: Link[]
  jobs?: (Job & { url: string })[]
  partners?: Partner[]
  locations?: { cities: (Link & { services: Link[] })[]; states: Link[] }
  tools?: (Link & { category: string })[]
  guides?: Link[]
  quoteServices?: { id: string; label: string }[]
  /** Home page section copy (data/home.yaml). */
  home?: Home
}
