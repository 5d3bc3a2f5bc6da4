// Where newsletter links point and who the emails come from.
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { projectRoot, type Env } from '../env.ts'

type SiteFile = { url: string; brand: { legalName: string }; contact: { address: { street: string; city: string; region: string; postalCode: string } } }
let site: SiteFile | undefined
const siteFile = () => (site ??= YAML.parse(fs.readFileSync(path.join(projectRoot, 'data', 'site.yaml'), 'utf8')) as SiteFile)

/** SITE_URL, else the site's URL in production, else this server on localhost (development, tests). */
export function publicSiteUrl(env: Env): string {
  if (env.SITE_URL) return env.SITE_URL.replace(/\/$/, '')
  if (env.NODE_ENV === 'production') return siteFile().url.replace(/\/$/, '')
  return `http://localhost:${env.PORT}`
}

export const newsletterFrom = (env: Env) => env.NEWSLETTER_FROM ?? env.MAIL_FROM ?? 'Proofline Digital <newsletter@example.com>'

/** The postal address every marketing email carries (CAN-SPAM). */
export function footerAddress(): string {
  const s = siteFile()
  const a = s.contact.address
  return `${s.brand.legalName}, ${a.street}, ${a.city}, ${a.region} ${a.postalCode}`
}
