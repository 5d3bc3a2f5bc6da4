// Props shared by every template. Templates are pure: these props in, markup out.
import type { FaqPair, Section, Site, StaticPage } from '../data/schema.ts'

export type Link = { label: string; href: string }
export type Crumb = { name: string; url: string }

/** Everything the page chrome (header, footer, call bar) needs. */
export type Chrome = {
  brand: Site['brand']
  contact: Site['contact']
  social: Site['social']
  nav: Site['nav']
  footer: Site['footer']
  features: Site['features']
  year: number
}

export type Seo = {
  title: string
  description: string
  keywords: string[]
  /** Absolute canonical URL. */
  canonical: string
  robots: string
  /** Absolute image URL for Open Graph and Twitter cards. */
  image: string
  /** The image's own size and alt text when it is not the family's 1200×630 card (a post's featured image). */
  imageMeta?: { width?: number; height?: number; alt: string }
  ogType: 'website' | 'article'
  siteName: string
  twitterHandle: string
  jsonLd: Record<string, unknown>[]
  /** Feed autodiscovery links (<link rel="alternate">), site-relative. */
  feeds?: { type: string; title: string; href: string }[]
}

/** What a page family's data hook returns: the head, the chrome and the props of its template. */
export type PageData<P> = {
  seo: Seo
  chrome: Chrome
  breadcrumbs: Crumb[]
  props: P
}

export type ContactInfo = { phone: string; phoneE164: string; email: string; brand: string }

export type PostSummary = { url: string; title: string; description: string; date: string; author: string; tags: string[] }

/** What every page of pages.yaml gets: its copy and the contact details. */
export type StaticPageProps = { page: StaticPage; contact: ContactInfo }

export type { FaqPair, Section }
