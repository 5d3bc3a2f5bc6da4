import { describe, expect, it } from 'vitest'
import { buildCatalog, cityUrl } from './catalog.ts'
import { loadData } from './loadData.ts'

const data = loadData()
const catalog = buildCatalog(data)
const urls = new Set(catalog.entries.map((e) => e.url))
const count = (family: string) => catalog.entries.filter((e) => e.family === family && !e.isAlias).length

// Routes named in ../shared/SPEC.md section 2 (the admin paths belong to the admin issue).
const specRoutes = `/ /services /case-studies /case-studies/dialed-wraps /about /about-us /contact /contact-us /careers /blog
/blog-template-example /50-hubspot-api-endpoints-use-cases /locations /ai-marketing-automation /marketing-attribution-tracking
/trending-seo-faq /financial-services-marketing /crm-implementation /digital-marketing-services /our-services /thank-you /privacy
/terms /security /partners /apply /unsubscribed /faq /roi-calculators /portfolio /work /projects /free-quote /quote /get-quote
/digital-marketing-agency /best-digital-marketing-agencies /top-digital-marketing-agency /digital-marketing-agency-near-me
/local-digital-marketing-agency /b2b-digital-marketing-agency /digital-marketing-for-small-businesses /social-media-marketing-services
/social-media-marketing-agency /seo-services /ppc-agency /digital-marketing-strategy-agency /ecommerce-digital-marketing
/lead-generation-services /lead-generation-agency /marketing-consultant /digital-marketing-consultant /inbound-marketing
/pay-per-click-advertising /services/seo /services/paid-media /services/web-development /services/crm-integration
/services/email-marketing /services/ai-automation /services/social-media /services/api-integration /services/ppc /services/retargeting
/services/cro /services/pay-per-click-advertising /cities/austin-digital-marketing /austin /digital-marketing-austin
/hubspot-partner /hubspot-managed-services /hubspot-agency /hubspot-services /hubspot-api /hubspot-solutions-partner-tiers
/hubspot-cost-with-agency /encompass-hubspot-integration-loan-officers /integrations /encompass-los-and-hubspot
/servicetitan-and-hubspot-api /api-integration-services /custom-api-development /api-management-solutions /rest-api-development
/graphql-api-development /websocket-api-development /payment-gateway-api-integration /third-party-api-integration
/api-security-services /api-testing-services /api-automation-solutions /api-monitoring-and-analytics /api-consulting /openapi
/real-time-api-solutions /headless-api /mortgage-marketing-agency /mortgage-lead-generation /digital-marketing-for-mortgage-lenders
/mortgage-broker-marketing /best-mortgage-marketing-companies /mortgage-ppc-advertising /mortgage-google-ads-management
/seo-for-mortgage-companies /mortgage-website-design /facebook-ads-for-mortgage-brokers /mortgage-email-marketing
/mortgage-content-marketing /hubspot-for-mortgage-lenders /total-expert-vs-hubspot /mortgage-crm-integration
/mortgage-marketing-automation /mortgage-lead-management-software /mortgage-compliance-marketing /how-to-get-more-mortgage-leads
/seo-services-austin-tx /digital-marketing-new-york-ny /states/new-york /states/west-virginia`.split(/\s+/)

const cityNames = ['austin', 'dallas', 'houston', 'los-angeles', 'chicago', 'new-york', 'san-francisco', 'miami', 'phoenix', 'seattle']

describe('URL catalog', () => {
  it('contains every route of the spec', () => {
    expect(specRoutes.filter((route) => !urls.has(route))).toEqual([])
  })

  it('has one entry per record of each family', () => {
    expect(count('state')).toBe(data.states.length)
    expect(count('state')).toBe(50)
    expect(count('city')).toBe(data.cities.reduce((n, c) => n + c.services.length, 0))
    expect(count('hubspot-tool')).toBe(data.hubspotTools.length)
    expect(count('hubspot')).toBe(data.hubspotPages.length)
    expect(count('hubspot') + count('hubspot-tool')).toBeGreaterThanOrEqual(85)
    expect(count('hubspot-tool')).toBeGreaterThanOrEqual(50)
    expect(count('api-service')).toBe(16)
    expect(count('mortgage')).toBe(19)
    expect(count('landing')).toBe(19)
    expect(count('service')).toBe(12)
    expect(count('blog-post')).toBe(data.posts.length)
    expect(count('qa')).toBe(data.qa.length)
    expect(count('tag')).toBe(new Set(data.posts.flatMap((p) => p.tags)).size)
    expect(count('case-study')).toBe(data.caseStudies.length)
  })

  it('covers cities per service as the spec gives', () => {
    const citiesFor = (service: string) => cityNames.filter((c) => [...urls].some((u) => u.startsWith(`/${service}-${c}-`)))
    expect(citiesFor('seo-services')).toEqual(cityNames)
    expect(citiesFor('digital-marketing')).toEqual(cityNames)
    expect(citiesFor('ppc-management')).toEqual(['austin', 'dallas', 'houston', 'los-angeles', 'chicago', 'new-york'])
    expect(citiesFor('local-seo')).toEqual(['austin', 'dallas', 'houston', 'los-angeles', 'chicago', 'new-york'])
    expect(citiesFor('web-development')).toEqual(['austin', 'dallas'])
    for (const service of ['ai-marketing-automation', 'content-marketing', 'email-marketing', 'social-media-marketing', 'crm-integration']) {
      expect(citiesFor(service)).toEqual(expect.arrayContaining(['austin', 'dallas', 'houston']))
    }
  })

  it('includes the named HubSpot tool integrations', () => {
    for (const tool of ['salesforce', 'shopify', 'mailchimp', 'stripe', 'slack', 'zapier', 'zoho-crm', 'pipedrive']) {
      expect(urls.has(`/hubspot-${tool}-integration`)).toBe(true)
    }
  })

  it('points each alias at its primary page', () => {
    const canonicalOf = (url: string) => catalog.byUrl.get(url)?.canonical
    expect(['/work', '/projects'].map(canonicalOf)).toEqual(['/portfolio', '/portfolio'])
    expect(['/quote', '/get-quote'].map(canonicalOf)).toEqual(['/free-quote', '/free-quote'])
    expect(canonicalOf('/about-us')).toBe('/about')
    expect(canonicalOf('/contact-us')).toBe('/contact')
    const austin = cityUrl('digital-marketing', data.cities.find((c) => c.slug === 'austin')!)
    expect(['/cities/austin-digital-marketing', '/austin', '/digital-marketing-austin'].map(canonicalOf)).toEqual([austin, austin, austin])
    expect(catalog.byUrl.get('/austin')).toMatchObject({ family: 'city', label: 'Digital Marketing in Austin, TX' })
  })

  it('gives every URL one family, a link label and a canonical that is a primary page', () => {
    for (const entry of catalog.entries) {
      expect(catalog.byUrl.get(entry.canonical)?.isAlias).toBe(false)
      expect(entry.label.trim()).not.toBe('')
    }
    expect(new Set(catalog.entries.map((e) => e.url)).size).toBe(catalog.entries.length)
  })

  it('marks /thank-you and /unsubscribed noindex', () => {
    expect(catalog.byUrl.get('/thank-you')?.noindex).toBe(true)
    expect(catalog.byUrl.get('/unsubscribed')?.noindex).toBe(true)
  })
})
