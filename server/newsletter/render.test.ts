import { describe, expect, it } from 'vitest'
import { personalise, renderCampaign } from './render.ts'
import { checkTrackSignature, clickUrl, withUtm } from './links.ts'

describe('campaign rendering', () => {
  const rendered = renderCampaign(
    {
      subject: 'Three SEO fixes for <spring>',
      preheader: 'What moved rankings in March',
      markdown:
        '# Three fixes\n\nRead [the audit](/blog/seo-audit) and [the case study](https://www.proofline.example.com/case-studies?x=1).\n\nAgain: [the audit](/blog/seo-audit).\n\n<script>alert(1)</script>\n\n![Chart of organic sessions](https://www.proofline.example.com/chart.png)\n\n[bad](javascript:alert(1))',
    },
    'Proofline Digital LLC, 401 Congress Ave, Austin, TX 78701',
  )

  it('numbers each distinct link once and keeps unsafe schemes out', () => {
    expect(rendered.links).toEqual(['/blog/seo-audit', 'https://www.proofline.example.com/case-studies?x=1'])
    expect(rendered.html).not.toContain('javascript:')
    expect(rendered.html).toContain('<h1')
  })

  it('is an accessible document: language, title, escaped raw HTML, image alt text, presentation tables', () => {
    expect(rendered.html).toContain('<html lang="en">')
    expect(rendered.html).toContain('<title>Three SEO fixes for &lt;spring&gt;</title>')
    expect(rendered.html).toContain('&lt;script&gt;')
    expect(rendered.html).not.toContain('<script>')
    expect(rendered.html).toContain('alt="Chart of organic sessions"')
    expect(rendered.html).toContain('role="presentation"')
  })

  it('fills each recipient’s links, unsubscribe URL and pixel, in the HTML and the text part', () => {
    const fill = { link: (n: number) => `https://t.example/c/${n}?a=1&b=2`, unsubscribe: 'https://t.example/u?e=1&s=2', pixel: 'https://t.example/o.gif' }
    const html = personalise(rendered.html, fill, true)
    expect(html).toContain('href="https://t.example/c/0?a=1&amp;b=2"')
    expect(html).toContain('href="https://t.example/u?e=1&amp;s=2"')
    expect(html).toContain('<img src="https://t.example/o.gif" width="1" height="1" alt=""')
    const text = personalise(rendered.text, fill, false)
    expect(text).toContain('the audit (https://t.example/c/0?a=1&b=2)')
    expect(text).toContain('the case study (https://t.example/c/1?a=1&b=2)')
    expect(text).toContain('Unsubscribe with one click: https://t.example/u?e=1&s=2')
    expect(text).not.toContain('{{')
  })

  it('adds the campaign UTM to tracked targets, keeping existing parameters', () => {
    expect(withUtm('/blog/seo-audit', 'march-2026', 'https://www.proofline.example.com')).toBe(
      'https://www.proofline.example.com/blog/seo-audit?utm_source=newsletter&utm_medium=email&utm_campaign=march-2026',
    )
    expect(withUtm('https://x.example/?utm_campaign=own', 'march', 'https://www.proofline.example.com')).toBe(
      'https://x.example/?utm_campaign=own&utm_source=newsletter&utm_medium=email',
    )
  })

  it('signs click links per campaign, link and subscriber', () => {
    const url = clickUrl('s'.repeat(40), 'https://a.example', 3, 1, 42)
    const sig = url.split('/').pop()!
    expect(checkTrackSignature('s'.repeat(40), 'c', 3, 1, 42, sig)).toBe(true)
    expect(checkTrackSignature('s'.repeat(40), 'c', 3, 1, 43, sig)).toBe(false)
    expect(checkTrackSignature('s'.repeat(40), 'c', 3, 2, 42, sig)).toBe(false)
    expect(checkTrackSignature('s'.repeat(40), 'o', 3, 1, 42, sig)).toBe(false)
  })
})
