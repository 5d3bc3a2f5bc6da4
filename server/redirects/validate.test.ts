import { describe, expect, it } from 'vitest'
import type { RedirectRule } from '../../shared/redirects.ts'
import { checkRule, type Candidate } from './validate.ts'

const catalog = new Set(['/', '/about', '/contact', '/blog', '/blog/seo-basics', '/services'])
let id = 100
const existing = (over: Partial<RedirectRule>): RedirectRule => ({
  id: ++id,
  source: '/x',
  target: '/about',
  status_code: 301,
  match_type: 'exact',
  query_mode: 'pass',
  enabled: true,
  ...over,
})
const candidate = (over: Partial<Candidate>): Candidate => ({
  id: 0,
  source: '/gone-page',
  target: '/about',
  status_code: 301,
  match_type: 'exact',
  query_mode: 'pass',
  enabled: true,
  ...over,
})

describe('checkRule', () => {
  it('accepts a plain rule and normalises its source', () => {
    const r = checkRule(candidate({ source: '/Gone-Page/' }), [], catalog)
    expect(r).toEqual({ ok: true, rule: { source: '/gone-page', target: '/about', flattened: null, repointed: [], hides: [] } })
  })
  it('refuses a loop, naming its steps', () => {
    const r = checkRule(candidate({ source: '/a', target: '/b' }), [existing({ source: '/b', target: '/a' })], catalog)
    expect(r).toMatchObject({ ok: false, errors: { target: expect.stringContaining('loop') } })
    expect(checkRule(candidate({ source: '/a', target: '/a' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { target: expect.stringContaining('/a → /a') },
    })
    // A prefix rule whose target is under its own source loops forever.
    expect(checkRule(candidate({ source: '/docs', target: '/docs/v2', match_type: 'prefix' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { target: expect.stringContaining('loop') },
    })
  })
  it('flattens a chain: A→B while B→C saves A→C and says so', () => {
    const r = checkRule(
      candidate({ source: '/a', target: '/b' }),
      [existing({ source: '/b', target: '/c' }), existing({ source: '/c', target: '/contact' })],
      catalog,
    )
    expect(r).toMatchObject({ ok: true, rule: { target: '/contact', flattened: ['/b', '/c', '/contact'] } })
  })
  it('re-points the rules that would chain through the new one', () => {
    const before = existing({ source: '/older', target: '/a' })
    const r = checkRule(candidate({ source: '/a', target: '/about' }), [before], catalog)
    expect(r).toMatchObject({ ok: true, rule: { repointed: [{ id: before.id, from: '/a', to: '/about' }] } })
  })
  it('refuses a source that hides a live page unless confirmed', () => {
    expect(checkRule(candidate({ source: '/About/', target: '/contact' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('/about') },
    })
    expect(checkRule(candidate({ source: '/blog', target: '/about', match_type: 'prefix' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('/blog') },
    })
    expect(checkRule(candidate({ source: '^/serv.*$', target: '/about', match_type: 'regex' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('/services') },
    })
    expect(checkRule(candidate({ source: '/about', target: '/contact', confirmHidesPage: true }), [], catalog)).toMatchObject({
      ok: true,
      rule: { hides: ['/about'] },
    })
  })
  it('refuses bad and unsafe regexes', () => {
    expect(checkRule(candidate({ source: '^/(a+)+$', match_type: 'regex' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('repeated group') },
    })
    expect(checkRule(candidate({ source: '^/([a-z+$', match_type: 'regex' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('does not compile') },
    })
  })
  it('refuses a target that is a missing catalog URL, allows absolute URLs and files', () => {
    expect(checkRule(candidate({ target: '/no-such-page' }), [], catalog)).toMatchObject({
      ok: false,
      errors: { target: expect.stringContaining('no page at /no-such-page') },
    })
    expect(checkRule(candidate({ target: 'https://example.org/elsewhere' }), [], catalog)).toMatchObject({ ok: true })
    expect(checkRule(candidate({ target: '/brochure.pdf' }), [], catalog)).toMatchObject({ ok: true })
  })
  it('410 takes no target; a rule pointing at a retired URL is refused', () => {
    expect(checkRule(candidate({ status_code: 410, target: '/about' }), [], catalog)).toMatchObject({ ok: true, rule: { target: null } })
    expect(checkRule(candidate({ source: '/a', target: '/b' }), [existing({ source: '/b', target: null, status_code: 410 })], catalog)).toMatchObject({
      ok: false,
      errors: { target: expect.stringContaining('410') },
    })
  })
  it('refuses a duplicate source and captures outside regex rules', () => {
    expect(checkRule(candidate({ source: '/x/' }), [existing({ source: '/x' })], catalog)).toMatchObject({
      ok: false,
      errors: { source: expect.stringContaining('already') },
    })
    expect(checkRule(candidate({ target: '/blog/$1' }), [], catalog)).toMatchObject({ ok: false, errors: { target: expect.stringContaining('$1') } })
    expect(checkRule(candidate({ target: null }), [], catalog)).toMatchObject({ ok: false, errors: { target: expect.stringContaining('410') } })
  })
})
