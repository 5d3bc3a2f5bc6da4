// The page chrome (header, footer, call bar) and the contact card, from data/site.yaml.
import type { Chrome, ContactInfo } from '../../templates/types.ts'
import { getSiteContext, type SiteContext } from './siteContext.ts'

export function chromeOf(ctx: SiteContext): Chrome {
  const { site } = ctx.data
  return {
    brand: site.brand,
    contact: site.contact,
    social: site.social,
    nav: site.nav,
    footer: site.footer,
    features: site.features,
    year: new Date().getFullYear(),
  }
}

/** The 404 page has no catalog entry, so it gets the chrome from the site data directly. */
export const notFoundChrome = (): Chrome => chromeOf(getSiteContext())

export function contactOf(ctx: SiteContext): ContactInfo {
  const { site } = ctx.data
  return { phone: site.contact.phone, phoneE164: site.contact.phoneE164, email: site.contact.email, brand: site.brand.name }
}
