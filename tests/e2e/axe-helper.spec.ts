// The axe helper every accessibility spec uses (tests/e2e/helpers/axe.ts) still finds violations
// after its speed-up, on pages whose faults are known: in the page, inside a frame, and with the
// admin's preview frame left out.
import { expect, test, type Page } from '@playwright/test'
import { adminViolations, violations } from './helpers/axe.ts'

const faulty = `<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main><h1>Faulty</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button></button>
<p style="color:#bbb;background:#fff">Low-contrast text</p>
</main></body></html>`

test('the helper reports the violations of a page', async ({ page }) => {
  await page.setContent(faulty)
  const ids = (await violations(page)).map((v) => v.id).sort()
  expect(ids).toEqual(['button-name', 'color-contrast', 'image-alt'])
})

/** Adds a same-origin frame holding an image without alt text to the page's main. */
async function addFrame(page: Page, title: string) {
  await page.evaluate((title) => {
    const frame = document.createElement('iframe')
    frame.title = title
    frame.srcdoc = '<!doctype html><html lang="en"><head><title>Inner</title></head><body><p><img src="/favicon.svg"></p></body></html>'
    document.querySelector('main')!.append(frame)
  }, title)
  await page.frameLocator(`iframe[title="${title}"]`).locator('img').waitFor()
}

test('the helper reports a violation inside a frame, and the admin check leaves the preview frame out', async ({ page }) => {
  await page.goto('/seo')
  expect(await violations(page)).toEqual([])
  await addFrame(page, 'Embedded page')
  const found = await violations(page)
  expect(found.map((v) => v.id)).toEqual(['image-alt'])
  expect(found[0].targets[0]).toMatch(/^iframe /)

  await page.goto('/seo')
  await addFrame(page, 'Preview of a post')
  expect((await violations(page)).map((v) => v.id)).toEqual(['image-alt'])
  expect(await adminViolations(page)).toEqual([])
})
