// The pieces of pageRender.ts that stand in for vike's HTML handling: flattening an escapeInject
// template as vike's renderTemplate() does, reading the asset fragments off vike's HTML, and
// putting them back into another page only where vike would put them the same way.
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import { describe, expect, it } from 'vitest'
import { assetsOf, flatten, inject } from './pageRender.ts'

const css = '<link rel="stylesheet" type="text/css" href="/assets/static/styles.css">'
const js = '<script src="/assets/entries/client.js" type="module" async></script>'
/** A page as vike-react's template lays it out, before vike's asset tags. */
const page = (body: string) => `<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="UTF-8" />
        <title>T</title>
      </head>
      <body>
        <div id="root">${body}</div>
        
      </body>
    </html>`
/** The same page with the tags where vike injects them (after <head>, before </body>, with its line breaks). */
const withTags = (body: string) => page(body).replace('<head>\n', `<head>\n        ${css}\n`).replace('\n      </body>', `\n          ${js}\n      </body>`)

describe('flatten', () => {
  it('escapes plain strings, keeps escaped ones and inlines nested templates, as vike renders them', () => {
    const inner = escapeInject`<i>${"it's"}</i>`
    const doc = escapeInject`<p title="${'"a" & <b>'}">${dangerouslySkipEscape('<b>raw</b>')}${inner}${dangerouslySkipEscape('')}</p>`
    expect(flatten(doc)).toBe('<p title="&quot;a&quot; &amp; &lt;b&gt;"><b>raw</b><i>it&#039;s</i></p>')
    expect(flatten(dangerouslySkipEscape('<html></html>'))).toBe('<html></html>')
  })
  it('gives up on what vike would stream, warn about or refuse', () => {
    expect(flatten(escapeInject`<p>${undefined as unknown as string}</p>`)).toBeUndefined()
    expect(flatten(escapeInject`<p>${42 as unknown as string}</p>`)).toBeUndefined()
    expect(flatten('<p></p>')).toBeUndefined()
  })
})

describe('asset fragments', () => {
  const first = page('<main>first</main>')
  const assets = assetsOf(first, withTags('<main>first</main>'))!
  it('are read off vike HTML and put back into another page of the same kind', () => {
    expect(assets.headFragment.trim()).toBe(css)
    expect(assets.bodyFragment.trim()).toBe(js)
    expect(inject(first, assets)).toBe(withTags('<main>first</main>'))
    expect(inject(page('<main>second, longer &amp; other</main>'), assets)).toBe(withTags('<main>second, longer &amp; other</main>'))
  })
  it('are not reused when vike would inject elsewhere or differently', () => {
    // vike injects before the last instance of the first case-insensitive match: another </BODY>.
    expect(inject(page('<pre></BODY></pre>'), assets)).toBeUndefined()
    expect(inject(page('__VITE_PLUGIN__SSR_ASSETS_LAST__'), assets)).toBeUndefined()
    expect(inject(page('x').replace('<html lang="en">', '<html lang="fr">'), assets)).toBeUndefined()
    expect(inject(page('x').replace('\n      </body>', '</body>'), assets)).toBeUndefined()
  })
  it('are only static asset tags', () => {
    const json = '<script id="vike_pageContext" type="application/json">{"data":1}</script>'
    expect(assetsOf(first, withTags('<main>first</main>').replace(js, `${json}${js}`))).toBeUndefined()
    expect(assetsOf(first, withTags('<main>first</main>').replace('<script ', '<script nonce="abc" '))).toBeUndefined()
    expect(assetsOf(first, withTags('<main>changed</main>'))).toBeUndefined()
  })
})
