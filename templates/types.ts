// Props shared by every template. Templates are pure: these props in, markup out.
import type { FaqPair, Section, Site } from '../data/schema.ts'

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
  ogType: 'website' | 'article'
  siteName: string
  twitterHandle: string
  jsonLd: Record<string, unknown>[]
}

export type PageData<P = Record<string, unknown>> = {
  seo: Seo
  chrome: Chrome
  breadcrumbs: Crumb[]
  template: string
  props: P
}

export type { FaqPair, Section }
