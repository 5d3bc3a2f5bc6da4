import { describe, expect, it } from 'vitest'
import type { RedirectRule } from '../../shared/redirects.ts'
import { checkRules, htaccess, netlifyRedirects, nginxMap, planRedirects } from './redirects.ts'
import { readYamlRules } from '../../server/redirects/yamlRules.ts'

const catalog = new Set(['/', '/about', '/contact', '/blog', '/blog/seo-basics', '/services'])
const r = (id: string, over: Partial<RedirectRule>): RedirectRule => ({
  id,
  source: '/old',
  target: '/about',
  status_code: 301,
  match_type: 'exact',
  query_mode: 'pass',
  enabled: true,
  ...over,
})

describe('build-time redirect checks', () => {
  it('passes a clean rule set, and the rules of data/redirects.yaml', () => {
    expect(
      checkRules(
        [r('a', {}), r('b', { source: '/news', target: '/blog', match_type: 'prefix' }), r('c', { source: '/gone', target: null, status_code: 410 })],
        catalog,
      ),
    ).toEqual([])
    const yaml = readYamlRules()
    expect(yaml.length).toBeGreaterThan(0)
  })
  it('fails naming the rule: hidden page, missing target, chain, loop, bad regex', () => {
    const problems = checkRules(
      [
        r('hide', { source: '/about', target: '/contact' }),
        r('missing', { source: '/x', target: '/nowhere' }),
        r('chain1', { source: '/c1', target: '/c2' }),
        r('chain2', { source: '/c2', target: '/contact' }),
        r('loop1', { source: '/l1', target: '/l2' }),
        r('loop2', { source: '/l2', target: '/l1' }),
        r('redos', { source: '^/(a+)+$', match_type: 'regex' }),
      ],
      catalog,
    )
    expect(problems.find((p) => p.startsWith('rule hide'))).toMatch(/hides the catalog URL \/about/)
    expect(problems.find((p) => p.startsWith('rule missing'))).toMatch(/\/nowhere is not a page/)
    expect(problems.find((p) => p.startsWith('rule chain1'))).toMatch(/chain through rule chain2.*point it at \/contact/)
    expect(problems.find((p) => p.startsWith('rule loop1'))).toMatch(/loop with rule loop2/)
    expect(problems.find((p) => p.startsWith('rule redos'))).toMatch(/repeated group/)
  })
  it('rewrites internal links that point at a redirected URL, keeping the fragment', () => {
    const plan = planRedirects([r('a', { source: '/old-post', target: '/blog/seo-basics' })])
    const html =
      '<a href="/old-post#top">x</a><a class="b" href="/Old-Post/?a=1&amp;b=2">y</a><a href="/about">z</a><a href="https://ext.example/old-post">e</a>'
    expect(plan.rewrite(html)).toBe(
      '<a href="/blog/seo-basics#top">x</a><a class="b" href="/blog/seo-basics?a=1&amp;b=2">y</a><a href="/about">z</a><a href="https://ext.example/old-post">e</a>',
    )
    expect(plan.rewritten).toBe(2)
  })
  it('writes host rules and lists what each host cannot run', () => {
    const rules = [
      r('e', { source: '/old', target: '/about' }),
      r('p', { source: '/news', target: '/blog', match_type: 'prefix', status_code: 302 }),
      r('x', { source: '^/n/(\\d+)$', target: '/blog/$1', match_type: 'regex' }),
      r('g', { source: '/gone', target: null, status_code: 410 }),
      r('q', { source: '/list?page=2', target: '/blog', query_mode: 'exact' }),
    ]
    const netlify = netlifyRedirects(rules)
    expect(netlify.text).toContain('/old /about 301\n/old/ /about 301\n/news /blog 302\n/news/* /blog/:splat 302\n')
    expect(netlify.unsupported.map((u) => u.id)).toEqual(['x', 'g', 'q'])
    const nginx = nginxMap(rules)
    expect(nginx.text).toContain('map $uri $proofline_redirect_301 {')
    expect(nginx.text).toContain('~*^/old/?$ "/about";')
    expect(nginx.text).toContain('~*^/n/(\\d+)$ "/blog/$1";')
    expect(nginx.text).toContain('map $uri $proofline_gone {')
    expect(nginx.unsupported.map((u) => u.id)).toEqual(['q'])
    const apache = htaccess(rules)
    expect(apache.text).toContain('RewriteRule ^old/?$ /about [R=301,L,NC]')
    expect(apache.text).toContain('RewriteRule ^news(?:/(.*))?$ /blog/$1 [R=302,L,NC]')
    expect(apache.text).toContain('RewriteRule ^n/(\\d+)$ /blog/$1 [R=301,L,NC]')
    expect(apache.text).toContain('RewriteRule ^gone/?$ - [G,L,NC]')
  })
})
