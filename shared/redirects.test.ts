import { describe, expect, it } from 'vitest'
import { checkRegex, normalizePath, normalizeSource, RuleTable, withQuery, type RedirectRule } from './redirects.ts'

let id = 0
const rule = (over: Partial<RedirectRule>): RedirectRule => ({
  id: ++id,
  source: '/old',
  target: '/new',
  status_code: 301,
  match_type: 'exact',
  query_mode: 'pass',
  enabled: true,
  ...over,
})

describe('normalizePath', () => {
  it('lower-cases, decodes, drops trailing and doubled slashes like the static site', () => {
    expect(normalizePath('/About/')).toBe('/about')
    expect(normalizePath('/a%20b//c///')).toBe('/a b/c')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('old')).toBe('/old')
    expect(normalizePath('/%E0%A4%A')).toBe('/%e0%a4%a')
  })
  it('stores exact-query sources with sorted parameters', () => {
    expect(normalizeSource('/Old/?b=2&a=1', 'exact', 'exact')).toBe('/old?a=1&b=2')
    expect(normalizeSource('https://example.com/Old/', 'exact', 'pass')).toBe('/old')
    expect(normalizeSource('^/Blog/(.*)$', 'regex', 'pass')).toBe('^/Blog/(.*)$')
  })
})

describe('checkRegex', () => {
  it('accepts the common forms', () => {
    for (const ok of ['^/blog/(\\d{4})/(.*)$', '^/old-(services|work)/?$', '^/a/[^/]+/b$', '^/x(?:y)?$']) expect(checkRegex(ok), ok).toBeNull()
  })
  it('refuses patterns that do not compile', () => {
    expect(checkRegex('^/(unclosed')).toMatch(/does not compile/)
    expect(checkRegex('*oops')).toMatch(/does not compile/)
  })
  it('refuses patterns that can backtrack catastrophically', () => {
    expect(checkRegex('^/(a+)+$')).toMatch(/repeated group/)
    expect(checkRegex('^/(a|aa)*$')).toMatch(/repeated group/)
    expect(checkRegex('^/((ab)*c)+$')).toMatch(/repeated group/)
    expect(checkRegex('^/(.*a){2,}$')).toMatch(/repeated group/)
    expect(checkRegex('^/(\\w+)\\1$')).toMatch(/Backreferences/)
    expect(checkRegex('^/(?=a).*$')).toMatch(/Lookahead/)
    expect(checkRegex('^/a.*b.*c.*d.*$')).toMatch(/unbounded/)
    expect(checkRegex('x'.repeat(400))).toMatch(/at most/)
  })
})

describe('RuleTable', () => {
  it('matches exact rules with trailing-slash and case normalisation, passing the query', () => {
    const t = new RuleTable([rule({ source: '/old-page', target: '/about' })])
    expect(t.match('/Old-Page/', 'utm_source=news&utm_medium=email')).toMatchObject({ status: 301, location: '/about?utm_source=news&utm_medium=email' })
    expect(t.match('/old-page-2')).toBeNull()
  })
  it('query modes: ignore drops the query, exact makes it part of the match', () => {
    const t = new RuleTable([
      rule({ source: '/drop', target: '/about', query_mode: 'ignore' }),
      rule({ source: '/list?page=2&sort=a', target: '/blog', query_mode: 'exact' }),
    ])
    expect(t.match('/drop', 'utm_source=x')?.location).toBe('/about')
    expect(t.match('/list', 'sort=a&page=2')?.location).toBe('/blog')
    expect(t.match('/list', 'page=3')).toBeNull()
    expect(t.match('/list')).toBeNull()
  })
  it('appends the query to a target that has its own', () => {
    expect(withQuery('/a?x=1#top', 'utm_source=y')).toBe('/a?x=1&utm_source=y#top')
    const t = new RuleTable([rule({ source: '/p', target: 'https://example.org/q?ref=1' })])
    expect(t.match('/p', 'utm_campaign=z')?.location).toBe('https://example.org/q?ref=1&utm_campaign=z')
  })
  it('prefix rules: longest first, segment boundary, the rest of the path kept', () => {
    const t = new RuleTable([
      rule({ source: '/old-blog', target: '/blog', match_type: 'prefix' }),
      rule({ source: '/old-blog/archive', target: '/about', match_type: 'prefix' }),
    ])
    expect(t.match('/old-blog/my-post')?.location).toBe('/blog/my-post')
    expect(t.match('/old-blog')?.location).toBe('/blog')
    expect(t.match('/old-blog/archive/2020')?.location).toBe('/about/2020')
    expect(t.match('/old-blogger')).toBeNull()
  })
  it('regex rules substitute captures and keep the original case of captures', () => {
    const t = new RuleTable([rule({ source: '^/news/(\\d{4})/(.+)$', target: '/blog/$2?year=$1', match_type: 'regex' })])
    expect(t.match('/news/2024/Hello-World/', 'utm_source=a')?.location).toBe('/blog/Hello-World?year=2024&utm_source=a')
    expect(t.match('/news/abcd/x')).toBeNull()
    expect(t.match(`/news/2024/${'x'.repeat(2000)}`)).toBeNull()
  })
  it('410 rules answer Gone with no location; disabled rules never match', () => {
    const t = new RuleTable([rule({ source: '/retired', target: null, status_code: 410 }), rule({ source: '/off', enabled: false })])
    expect(t.match('/retired')).toMatchObject({ status: 410, location: null })
    expect(t.match('/off')).toBeNull()
    expect(t.size).toBe(1)
  })
  it('keeps each status code', () => {
    for (const code of [301, 302, 307, 308]) expect(new RuleTable([rule({ status_code: code })]).match('/old')?.status).toBe(code)
  })
})

describe('literalPrefix', () => {
  it('finds the literal start of anchored patterns, never too much', async () => {
    const { literalPrefix } = await import('./redirects.ts')
    expect(literalPrefix('^/News/(\\d+)$')).toBe('/news/')
    expect(literalPrefix('^/a\\.html$')).toBe('/a.html')
    expect(literalPrefix('^/posts?/x')).toBe('/post')
    expect(literalPrefix('^/x{2}')).toBe('/')
    expect(literalPrefix('^/(a|b)')).toBe('/')
    expect(literalPrefix('^/ab|^/cd')).toBe('')
    expect(literalPrefix('/news')).toBe('')
    expect(literalPrefix('^/\\d+')).toBe('/')
  })
})
