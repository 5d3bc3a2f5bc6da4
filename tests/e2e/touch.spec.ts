// The touch helpers in a touch-emulated Chromium, with real touch input sent through the DevTools
// protocol: the start-up class and touch-action, swipeLeft/swipeRight document events, double-tap
// suppression, pull-to-refresh at the top of the page, and pinch-zoom left alone.
import { expect, test, type CDPSession, type Page } from '@playwright/test'

test.use({ hasTouch: true, viewport: { width: 390, height: 760 } })

type Point = { x: number; y: number }

/** One finger from `from` to `to` in a few moves; resolves once the page has seen the touchend. */
async function drag(page: Page, cdp: CDPSession, from: Point, to: Point) {
  await page.evaluate(() => {
    const w = window as unknown as { touchDone: Promise<unknown> }
    w.touchDone = new Promise((resolve) => window.addEventListener('touchend', resolve, { once: true }))
  })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 }],
    })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await page.evaluate(() => (window as unknown as { touchDone: Promise<unknown> }).touchDone.then(() => null))
}

async function setUp(page: Page, url = '/about') {
  await page.goto(url)
  await expect(page.locator('body')).toHaveClass(/mobile-optimized/)
  const cdp = await page.context().newCDPSession(page)
  // Record what reaches window after the helpers ran on document.
  await page.evaluate(() => {
    const w = window as unknown as { swipes: string[]; touchEnds: boolean[] }
    w.swipes = []
    w.touchEnds = []
    for (const name of ['swipeLeft', 'swipeRight'])
      document.addEventListener(name, (e) => w.swipes.push(`${name}:${Math.round((e as CustomEvent<{ distance: number }>).detail.distance)}`))
    window.addEventListener('touchend', (e) => w.touchEnds.push(e.defaultPrevented))
  })
  return cdp
}

const swipes = (page: Page) => page.evaluate(() => (window as unknown as { swipes: string[] }).swipes)
const touchEnds = (page: Page) => page.evaluate(() => (window as unknown as { touchEnds: boolean[] }).touchEnds)

test('the body gets the mobile-optimised class and touch-action: manipulation', async ({ page }) => {
  await setUp(page)
  expect(await page.evaluate(() => getComputedStyle(document.body).touchAction)).toBe('manipulation')
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('-webkit-tap-highlight-color'))).toBe('rgba(249, 115, 22, 0.2)')
})

test('horizontal swipes over 50 px fire swipeLeft and swipeRight; short or mostly vertical ones do not', async ({ page }) => {
  const cdp = await setUp(page)
  await drag(page, cdp, { x: 100, y: 400 }, { x: 220, y: 410 })
  await drag(page, cdp, { x: 300, y: 400 }, { x: 180, y: 395 })
  await drag(page, cdp, { x: 100, y: 400 }, { x: 140, y: 400 })
  // Mostly vertical, and short of the 100 px pull-to-refresh, which would reload the page mid-test.
  await drag(page, cdp, { x: 100, y: 300 }, { x: 170, y: 390 })
  expect(await swipes(page)).toEqual(['swipeRight:120', 'swipeLeft:120'])
})

test('a touchend within 300 ms of the previous one is cancelled, a later one is not', async ({ page }) => {
  const cdp = await setUp(page)
  const tap = async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 500 }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  }
  await tap()
  await tap()
  await expect.poll(() => touchEnds(page)).toHaveLength(2)
  await page.waitForTimeout(400)
  await tap()
  await expect.poll(() => touchEnds(page)).toHaveLength(3)
  expect(await touchEnds(page)).toEqual([false, true, false])
})

test('two-finger touches are left alone, so pinch-zoom keeps working', async ({ page }) => {
  const cdp = await setUp(page)
  await page.evaluate(() => window.addEventListener('touchstart', (e) => ((window as unknown as { pinchBlocked: boolean }).pinchBlocked = e.defaultPrevented)))
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [
      { x: 150, y: 400, id: 1 },
      { x: 250, y: 400, id: 2 },
    ],
  })
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchMove',
    touchPoints: [
      { x: 120, y: 400, id: 1 },
      { x: 280, y: 400, id: 2 },
    ],
  })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await expect.poll(() => page.evaluate(() => (window as unknown as { pinchBlocked?: boolean }).pinchBlocked)).toBe(false)
  expect(await swipes(page)).toEqual([])
  await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute('content', /user-scalable=no|maximum-scale=1(?!\d)/)
})

test('pulling down more than 100 px at the top shows the refresh indicator for 1.5 s, then reloads', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') })
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'))
  const cdp = await setUp(page)
  await page.evaluate(() => ((window as unknown as { plMarker: string }).plMarker = 'before refresh'))
  const refreshing = page.getByRole('status').filter({ hasText: 'Refreshing…' })

  // Not far enough: nothing happens.
  await drag(page, cdp, { x: 200, y: 200 }, { x: 200, y: 280 })
  await expect(refreshing).toHaveCount(0)

  await drag(page, cdp, { x: 200, y: 200 }, { x: 200, y: 340 })
  await expect(refreshing).toBeVisible()
  await page.clock.runFor(1499)
  expect(await page.evaluate(() => (window as unknown as { plMarker?: string }).plMarker)).toBe('before refresh')
  await expect(refreshing).toBeVisible()
  const reloaded = page.waitForEvent('load')
  await page.clock.runFor(1)
  await reloaded
  expect(await page.evaluate(() => (window as unknown as { plMarker?: string }).plMarker ?? null)).toBeNull()
})

test('pulling down when the page is not at the top does not refresh', async ({ page }) => {
  const cdp = await setUp(page)
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await drag(page, cdp, { x: 200, y: 200 }, { x: 200, y: 400 })
  await expect(page.getByRole('status').filter({ hasText: 'Refreshing…' })).toHaveCount(0)
})
