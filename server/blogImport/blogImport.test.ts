// The blog migration's pure part: the WXR stream reader, Gutenberg/classic → Markdown, the Ghost
// and Markdown-zip readers, the dry run (create/update/unchanged/skip with reasons), idempotent
// re-planning, slug conflicts, redirects for every old URL, link and image rewriting, and the
// reconciliation report adding up to the file's item count, all on the fixtures of
// tests/fixtures/blog-import.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { dryRun, readSource } from './dryRun.ts'
import { createLinkMapper, createMediaMatcher, rewritePost } from './links.ts'
import { normaliseMarkdownFile } from './markdownZip.ts'
import { postHash, type Stored } from './plan.ts'
import { excerptOf, htmlToMarkdown } from './toMarkdown.ts'
import type { ImportedPost } from './types.ts'
import { readWxr, ImportFileError } from './wxr.ts'
import { yoastText } from './wordpress.ts'

const dir = path.resolve(import.meta.dirname, '../../tests/fixtures/blog-import')
const wxr = { kind: 'wordpress' as const, file: path.join(dir, 'wordpress.wxr.xml'), name: 'wordpress.wxr.xml' }
const ghost = { kind: 'ghost' as const, file: path.join(dir, 'ghost.json'), name: 'ghost.json' }
const mdZip = { kind: 'markdown' as const, file: path.join(dir, 'markdown-export.zip'), name: 'markdown-export.zip' }
const MEDIA = ['wp-content/uploads/2024/03/calls-by-source.png', 'wp-content/uploads/2024/03/hvac-van.jpg']

async function posts(input: typeof wxr | typeof ghost | typeof mdZip): Promise<ImportedPost[]> {
  const out: ImportedPost[] = []
  for await (const item of readSource(input)) if (item.kind === 'post') out.push(item.post)
  return out
}

describe('WXR reader', () => {
  it('reads authors, terms and items as a stream', async () => {
    const kinds: string[] = []
    for await (const event of readWxr(fs.createReadStream(wxr.file, { highWaterMark: 256 }), wxr.name))
      kinds.push(event.kind === 'item' ? `item:${event.item.type}` : event.kind)
    expect(kinds.filter((k) => k === 'author')).toHaveLength(2)
    expect(kinds.filter((k) => k === 'term')).toHaveLength(4)
    expect(kinds.filter((k) => k.startsWith('item:'))).toEqual([
      'item:post',
      'item:post',
      'item:post',
      'item:post',
      'item:page',
      'item:post',
      'item:post',
      'item:nav_menu_item',
      'item:attachment',
      'item:attachment',
    ])
  })

  it('says which line of the file is broken, and when a file is not a WordPress export', async () => {
    const broken =
      '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n<wp:wxr_version>1.2</wp:wxr_version>\n<item><title>Call tracking</titel></item>\n</channel></rss>'
    await expect(collect(broken)).rejects.toThrow(/^upload\.xml, line 5: not well-formed XML/)
    await expect(collect('<?xml version="1.0"?><html><body>Hello</body></html>')).rejects.toThrow('upload.xml: not a WordPress export (WXR)')
    await expect(collect('<?xml version="1.0"?><html><body>Hello</body></html>')).rejects.toBeInstanceOf(ImportFileError)
  })
})

async function collect(text: string) {
  const out = []
  for await (const e of readWxr(Readable.from([text]), 'upload.xml')) out.push(e)
  return out
}

describe('WordPress items', () => {
  it('maps statuses, dates, authors, terms, Yoast meta, excerpts and the featured image', async () => {
    const all = await posts(wxr)
    const bySlug = Object.fromEntries(all.map((p) => [p.slug, p]))
    expect(Object.keys(bySlug)).toEqual([
      'call-tracking-for-hvac',
      'google-business-profile-checklist',
      'service-area-pages-that-rank',
      'spring-tune-up-campaign-plan',
      'about',
    ])
    expect(bySlug['call-tracking-for-hvac']).toMatchObject({
      sourceKey: 'wordpress:blog.harborloop.example.com:101',
      type: 'post',
      status: 'published',
      publishedAt: '2024-03-05T14:30:00.000Z',
      author: 'Dana Ortiz',
      authorEmail: 'dana@example.com',
      excerpt: 'Trace every HVAC call to the campaign that made it ring.',
      tags: ['call-tracking'],
      categories: ['tracking'],
      featureImage: 'https://blog.harborloop.example.com/wp-content/uploads/2024/03/hvac-van.jpg',
      seoTitle: 'Call tracking for HVAC companies - Harbor Loop Marketing',
      seoDescription: 'How HVAC companies trace every call to the ad, listing or page that made the phone ring.',
      oldUrls: ['/2024/03/call-tracking-for-hvac', '/?p=101'],
      unknownMarkup: ['core/shortcode', 'jetpack/contact-form'],
    })
    // A draft never published has no date and no slug of its own: one is made from the title.
    expect(bySlug['service-area-pages-that-rank']).toMatchObject({ status: 'draft', publishedAt: null, oldUrls: ['/?p=110'] })
    expect(bySlug['spring-tune-up-campaign-plan']).toMatchObject({ status: 'scheduled', publishedAt: '2030-04-01T13:00:00.000Z' })
    expect(bySlug.about).toMatchObject({ type: 'page', oldUrls: ['/about', '/?page_id=2'], seoTitle: null })
  })

  it("resolves Yoast's variables and drops the ones it cannot", () => {
    expect(yoastText('%%title%% %%sep%% %%sitename%%', 'Post', 'Site')).toBe('Post - Site')
    expect(yoastText('%%title%% %%page%% %%sep%%', 'Post', 'Site')).toBe('Post')
    expect(yoastText('  ', 'Post', 'Site')).toBeNull()
  })
})

describe('HTML → Markdown', () => {
  it('turns Gutenberg blocks into clean Markdown and keeps unknown blocks and shortcodes as HTML, listed', async () => {
    const [hvac, gbp] = await posts(wxr)
    expect(hvac.markdown).toBe(
      [
        'Most HVAC jobs start with a phone call, so a call that nobody can trace is revenue nobody can credit. Read our [Google Business Profile checklist](https://blog.harborloop.example.com/2023/11/google-business-profile-checklist/) first.',
        '## Numbers by source',
        '![Calls by source, March](https://blog.harborloop.example.com/wp-content/uploads/2024/03/calls-by-source-1024x576.png)',
        '_Calls by source, March_',
        '-   One tracking number per source\n-   Recordings on the CRM timeline',
        '<!-- wp:jetpack/contact-form {"subject":"Quote request"} -->\n<div class="wp-block-jetpack-contact-form"><!-- wp:jetpack/field-name {"required":true} /--></div>\n<!-- /wp:jetpack/contact-form -->',
        '<!-- wp:shortcode -->\n[cta_box style="blue"]Book a free audit[/cta_box]\n<!-- /wp:shortcode -->',
      ].join('\n\n'),
    )
    // Classic editor: blank lines become paragraphs, [caption] a figure, unknown [gallery] kept.
    expect(gbp.markdown).toContain(
      'Start with the primary category & the service area.\n\n![Weekly job photos](https://blog.harborloop.example.com/wp-content/uploads/2023/11/profile-photos.jpg)\n\n_Weekly job photos keep the listing fresh_\n\n### Reviews',
    )
    expect(gbp.markdown.endsWith('[gallery ids="203,204"]')).toBe(true)
    expect(gbp.unknownMarkup).toEqual(['[gallery]'])
  })

  it('drops scripts, keeps code fenced and lists self-closing dynamic blocks', () => {
    const { markdown, unknown } = htmlToMarkdown(
      '<!-- wp:code --><pre class="wp-block-code"><code>npm run build</code></pre><!-- /wp:code --><script>alert(1)</script><!-- wp:latest-posts /-->',
    )
    expect(markdown).toBe('```\nnpm run build\n```\n\n<!-- wp:latest-posts /-->')
    expect(unknown).toEqual(['core/latest-posts'])
  })
})

describe('excerpt', () => {
  it("keeps the export's excerpt, else starts the body as plain text, cut on a word to fit the description", () => {
    expect(excerptOf('Post 7 of the benchmark.', '# Title')).toBe('Post 7 of the benchmark.')
    const body =
      '## Why it matters\n\nMost **service businesses** lose track of [the calls](/blog/x) their ads produce. ![chart](/media/blog/a.webp) A tracking number per source, recordings on the CRM timeline and a weekly review turn that noise into a budget decision.'
    const out = excerptOf('  ', body)
    expect(out.startsWith('Why it matters Most service businesses lose track of the calls their ads produce. A tracking number')).toBe(true)
    expect(out.length).toBeLessThanOrEqual(160)
    expect(out.endsWith('…')).toBe(true)
    expect(out).not.toMatch(/[#*![\]()]/)
  })
})

describe('Ghost and Markdown zip', () => {
  it('reads a Ghost export: HTML, tags in order, author, SEO meta from posts_meta, pages, and skips what it cannot import', async () => {
    const all = await posts(ghost)
    expect(all.map((p) => [p.slug, p.type, p.status])).toEqual([
      ['reviews-doubled', 'post', 'published'],
      ['ad-copy-tests', 'post', 'draft'],
      ['contact', 'page', 'published'],
    ])
    expect(all[0]).toMatchObject({
      tags: ['reviews', 'local-seo'],
      author: 'Priya Raman',
      seoTitle: 'Review requests that doubled our reviews',
      excerpt: 'Same-day review requests, one tap to the form.',
    })
    expect(all[0].markdown).toContain('> Thanks for having us today. Would you share how it went?')
  })

  it('reads a zip of Markdown files with front matter, and says what to fix in a bad one', async () => {
    const all = await posts(mdZip)
    expect(all.map((p) => [p.slug, p.status, p.tags, p.oldUrls])).toEqual([
      ['utm-rules', 'published', ['tracking', 'utm'], ['/2024/02/utm-rules']],
      ['landing-page-teardown', 'draft', ['cro'], []],
    ])
    expect(normaliseMarkdownFile('a.md', '---\ntitle: X\ndate: someday\n---\nBody')).toMatchObject({
      kind: 'skipped',
      item: { reason: 'front matter date "someday" is not a date (use YYYY-MM-DD)' },
    })
    expect(normaliseMarkdownFile('a.md', '---\ndate: 2024-01-01\n---\nBody')).toMatchObject({ kind: 'skipped', item: { reason: 'front matter has no title' } })
  })

  it('answers a clear error for a file that is not a zip', async () => {
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blog-import-')), 'export.zip')
    fs.writeFileSync(bad, 'not a zip')
    await expect(posts({ kind: 'markdown', file: bad, name: 'export.zip' })).rejects.toThrow(/^export\.zip: not a readable zip file/)
  })
})

describe('dry run', () => {
  it('says per item what would be created or skipped and why, and its report adds up to the file', async () => {
    const run = await dryRun({ ...wxr, mediaEntries: MEDIA })
    expect(run.entries.map((e) => [e.action, e.itemType, e.reason])).toEqual([
      ['create', 'post', 'new published post'],
      ['create', 'post', 'new published post'],
      ['create', 'post', 'new draft post'],
      ['create', 'post', 'new scheduled post'],
      ['create', 'page', 'new published page'],
      ['skip', 'post', 'private on WordPress: not imported, so nothing private becomes public'],
      ['skip', 'post', 'in the WordPress trash'],
      ['skip', 'nav_menu_item', 'not content (nav_menu_item)'],
      ['asset', 'attachment', 'an image the posts may use'],
      ['asset', 'attachment', 'an image the posts may use'],
    ])
    const r = run.reconciliation
    expect(r).toMatchObject({ fileItems: 10, total: 10, addsUp: true, byOutcome: { created: 5, updated: 0, unchanged: 0, skipped: 3, failed: 0, asset: 2 } })
    expect(r.unknownMarkup).toEqual({ 'core/shortcode': 1, 'jetpack/contact-form': 1, '[gallery]': 1 })
    expect(r.skipped.map((s) => s.location)).toEqual(['line 157', 'line 169', 'line 180'])
    for (const input of [ghost, mdZip]) {
      const other = (await dryRun(input)).reconciliation
      expect(other.addsUp).toBe(true)
      expect(Object.values(other.byOutcome).reduce((a, b) => a + b, 0)).toBe(other.fileItems)
    }
    expect((await dryRun(ghost)).reconciliation.fileItems).toBe(4)
    expect((await dryRun(mdZip)).reconciliation.fileItems).toBe(5)
  })

  it('matches images to the media zip by original URL (resized variants too) and lists the missing ones', async () => {
    const run = await dryRun({ ...wxr, mediaEntries: MEDIA })
    expect([...run.images]).toEqual([
      [
        'https://blog.harborloop.example.com/wp-content/uploads/2024/03/calls-by-source-1024x576.png',
        { entry: MEDIA[0], path: '/media/blog/2024/03/calls-by-source.webp' },
      ],
      ['https://blog.harborloop.example.com/wp-content/uploads/2024/03/hvac-van.jpg', { entry: MEDIA[1], path: '/media/blog/2024/03/hvac-van.webp' }],
    ])
    expect(run.missingImages).toEqual([
      { url: 'https://blog.harborloop.example.com/wp-content/uploads/2023/11/profile-photos.jpg', usedBy: ['Google Business Profile checklist'] },
    ])
    expect(run.reconciliation.assets).toEqual({
      referenced: 3,
      found: 2,
      missing: ['https://blog.harborloop.example.com/wp-content/uploads/2023/11/profile-photos.jpg'],
    })
    // A Markdown zip's own images count as its media.
    expect((await dryRun(mdZip)).reconciliation.assets).toEqual({ referenced: 1, found: 1, missing: [] })
  })

  it('plans a redirect for every old URL of a published post (link and ?p=ID), never over a page of this site', async () => {
    const run = await dryRun({ ...wxr, isSitePath: (p) => p === '/about' })
    expect(run.redirects.map((r) => `${r.from} → ${r.to}`)).toEqual([
      '/2024/03/call-tracking-for-hvac → /blog/call-tracking-for-hvac',
      '/?p=101 → /blog/call-tracking-for-hvac',
      '/2023/11/google-business-profile-checklist → /blog/google-business-profile-checklist',
      '/?p=95 → /blog/google-business-profile-checklist',
      '/?page_id=2 → /blog/about',
    ])
    expect(run.redirectsSkipped.map((r) => `${r.from}: ${r.reason}`)).toEqual([
      '/?p=110: the post is draft; its old address gets a redirect when it is published',
      '/2030/04/spring-tune-up-campaign-plan: the post is scheduled; its old address gets a redirect when it is published',
      '/?p=120: the post is scheduled; its old address gets a redirect when it is published',
      '/about: a page of this site has that address',
    ])
  })

  it('rewrites internal links between imported posts (absolute permalinks and ?p=ID) and found images', async () => {
    const run = await dryRun({ ...wxr, mediaEntries: MEDIA })
    expect([...run.linkRewrites]).toEqual([
      ['wordpress:blog.harborloop.example.com:101', 1],
      ['wordpress:blog.harborloop.example.com:95', 1],
    ])
    const oldToNew = new Map(run.redirects.map((r) => [r.from, r.to]))
    const mapLink = createLinkMapper(['blog.harborloop.example.com'], oldToNew)
    const [hvac, gbp] = await posts(wxr)
    const out = rewritePost(hvac, mapLink, (url) => run.images.get(url)?.path)
    expect(out).toMatchObject({ links: 1, images: 1, featureImage: '/media/blog/2024/03/hvac-van.webp' })
    expect(out.markdown).toContain('[Google Business Profile checklist](/blog/google-business-profile-checklist)')
    expect(out.markdown).toContain('![Calls by source, March](/media/blog/2024/03/calls-by-source.webp)')
    expect(rewritePost(gbp, mapLink, () => undefined).markdown).toContain('[call tracking for HVAC](/blog/call-tracking-for-hvac)')
    // Links elsewhere are left alone.
    expect(mapLink('https://www.google.com/business/')).toBeUndefined()
    expect(mapLink('mailto:dana@example.com')).toBeUndefined()
    expect(createMediaMatcher(['uploads/2024/03/a.png'])('https://x.example.com/wp-content/uploads/2024/03/a-150x150.png')).toBe('uploads/2024/03/a.png')
  })

  it('importing the same file again plans nothing new; a changed post is an update; a taken slug gets a suffix', async () => {
    const first = await posts(wxr)
    const stored = new Map<string, Stored>(first.map((p) => [p.sourceKey, { sourceKey: p.sourceKey, slug: p.slug, hash: postHash(p) }]))
    const again = await dryRun({ ...wxr, stored: (k) => stored.get(k), slugOwner: (s) => [...stored.values()].find((x) => x.slug === s)?.sourceKey })
    expect(again.reconciliation.byOutcome).toMatchObject({ created: 0, updated: 0, unchanged: 5, skipped: 3, asset: 2 })
    expect(again.reconciliation.addsUp).toBe(true)

    const changedKey = first[0].sourceKey
    stored.set(changedKey, { ...stored.get(changedKey)!, hash: 'an-older-version' })
    const changed = await dryRun({ ...wxr, stored: (k) => stored.get(k) })
    expect(changed.entries.filter((e) => e.action === 'update').map((e) => [e.sourceKey, e.reason])).toEqual([
      [changedKey, 'imported before; the export has changed since'],
    ])

    const fresh = await dryRun({ ...wxr, slugOwner: (s) => (s === 'about' ? null : undefined) })
    const about = fresh.entries.find((e) => e.itemType === 'page')!
    expect(about).toMatchObject({ action: 'create', slug: 'about-2', warnings: ['the slug "about" is taken; imported as "about-2"'] })
  })
})
