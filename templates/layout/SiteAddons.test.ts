// The site-wide extras behind data/site.yaml feature flags, as the layout renders them: the
// chatbot launcher and the mobile three-step lead form (off by default). No GA4 tag, ever: GA4 is
// forwarded by the server (docs/decisions/122). The flags reach the layout through the chrome props of every page.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { chromeOf } from '../../pages/_shared/chrome.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { SiteAddons } from './SiteAddons.tsx'
import { SiteLayout } from './SiteLayout.tsx'
import type { Chrome } from '../types.ts'

const chrome = chromeOf(getSiteContext())
const withFeatures = (features: Partial<Chrome['features']>): Chrome => ({ ...chrome, features: { ...chrome.features, ...features } })
const addons = (c: Chrome) => renderToStaticMarkup(createElement(SiteAddons, { chrome: c }))
const layout = (c: Chrome) => renderToStaticMarkup(createElement(SiteLayout, { chrome: c, breadcrumbs: [], children: createElement('p', null, 'Page') }))

describe('feature flags from data/site.yaml', () => {
  it('default: the chatbot is on, the mobile lead form off, no GA4 tag', () => {
    expect(chrome.features).toMatchObject({ chatbot: true, mobileLeadForm: false })
    expect(chrome.features).not.toHaveProperty('ga4MeasurementId')
    const html = layout(chrome)
    expect(html).toContain('data-island="ChatLauncher"')
    expect(html).toContain('Chat with us')
    expect(html).not.toContain('data-island="MobileLeadForm"')
    expect(html).not.toContain('Quick quote')
    expect(html).not.toContain('pl-analytics')
  })

  it('features.mobileLeadForm true puts the three-step form on the page', () => {
    const html = layout(withFeatures({ mobileLeadForm: true }))
    expect(html).toContain('data-island="MobileLeadForm"')
    expect(html).toContain('Quick quote')
  })

  it('features.chatbot false removes the launcher', () => {
    expect(addons(withFeatures({ chatbot: false }))).not.toContain('ChatLauncher')
  })
})
