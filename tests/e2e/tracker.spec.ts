// The deferred analytics and visitor tracker (client/tracker), in Chromium with a
// controlled clock: loading after idle with the spec's timeouts and fallbacks, page views on
// route changes, scroll and time milestones, timings, the engagement score, sendBeacon batches
// the real /api/events accepts, first/last-touch attribution, and no request leaving the machine
// unless a GA4 id is configured.
import { expect, test, type Page } from '@playwright/test'
import { collectEvents, collectRequests, collectScriptBodies, offsiteRequests, type SentEvent } from './helpers/network.ts'

const analyticsOn = (page: Page) => page.evaluate(() => document.documentElement.dataset.analytics === 'on')
const storedAttribution = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('pl_attribution') ?? 'null') as Record<string, string> | null)
const ofType = (events: SentEvent[], type: string) => events.filter((e) => e.type === type)

/** A fake clock, paused before the page loads: its timers fire only when the test moves time. */
async function pauseClock(page: Page) {
  const start = new Date('2026-03-02T15:00:00.000Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1000))
}

/** Lets the idle callbacks run and waits until the tracker module has loaded and started. */
async function startTracker(page: Page) {
  await page.clock.runFor(100)
  await expect.poll(() => analyticsOn(page)).toBe(true)
}

async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

test.describe('loading', () => {
  test('without requestIdleCallback, analytics starts after 100 ms and visitor tracking after 200 ms', async ({ page }) => {
    await pauseClock(page)
    // After the clock's own script, which installs a fake requestIdleCallback.
    await page.addInitScript(() => {
      // @ts-expect-error: simulating a browser without the API
      delete window.requestIdleCallback
    })
    await page.goto('/?utm_source=fallback-test')
    expect(await page.evaluate(() => typeof window.requestIdleCallback)).toBe('undefined')
    await page.clock.runFor(99)
    expect(await analyticsOn(page)).toBe(false)
    await page.clock.runFor(1)
    await expect.poll(() => analyticsOn(page)).toBe(true)
    expect(await storedAttribution(page)).toBeNull()
    await page.clock.runFor(99)
    expect(await storedAttribution(page)).toBeNull()
    await page.clock.runFor(1)
    await expect.poll(async () => (await storedAttribution(page))?.utmSource).toBe('fallback-test')
  })

  test('with requestIdleCallback, the timeouts are 2000 ms (analytics) and 3000 ms (visitor tracking)', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: number[] = []
      ;(window as unknown as { idleTimeouts: number[] }).idleTimeouts = calls
      const original = window.requestIdleCallback.bind(window)
      window.requestIdleCallback = (callback, options) => {
        if (options?.timeout) calls.push(options.timeout)
        return original(callback, options)
      }
    })
    await page.goto('/services')
    await expect.poll(() => page.evaluate(() => (window as unknown as { idleTimeouts: number[] }).idleTimeouts)).toEqual(expect.arrayContaining([2000, 3000]))
    await expect.poll(() => analyticsOn(page)).toBe(true)
  })

  test('the tracker code is not in the initial bundle: it arrives in a chunk loaded after idle', async ({ page }) => {
    const scripts = collectScriptBodies(page)
    await pauseClock(page)
    await page.goto('/')
    const initial = await Promise.all(scripts)
    expect(initial.length).toBeGreaterThan(0)
    // The tracker's endpoint marks its code (the error reporter, loaded at once, also beacons).
    expect(initial.some((body) => body.includes('/api/events'))).toBe(false)
    await startTracker(page)
    const later = await Promise.all(scripts.slice(initial.length))
    expect(later.some((body) => body.includes('/api/events'))).toBe(true)
  })
})

test.describe('events', () => {
  test('a page view goes out in a text/plain beacon batch that /api/events accepts', async ({ page }) => {
    const sent = collectEvents(page)
    await pauseClock(page)
    await page.goto('/services')
    await startTracker(page)
    await page.clock.runFor(4900)
    expect(sent.events).toEqual([])
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/events'))
    await page.clock.runFor(100)
    expect((await accepted).status()).toBe(202)

    expect(sent.batches).toHaveLength(1)
    expect(sent.contentTypes[0]).toMatch(/^text\/plain/)
    const ids = await page.evaluate(() => ({ visitorId: localStorage.getItem('pl_visitor_id'), sessionId: sessionStorage.getItem('pl_session_id') }))
    expect(ids.visitorId).toMatch(/^[\w-]{8,64}$/)
    expect(ids.sessionId).toMatch(/^[\w-]{8,64}$/)
    const [view] = ofType(sent.events, 'page_view')
    expect(view).toMatchObject({ path: '/services', ...ids, name: await page.title(), at: new Date('2026-03-02T15:00:01.100Z').getTime() })
  })

  test('the timings (load, DOMContentLoaded, first byte, largest contentful paint) are sent when the page is hidden', async ({ page }) => {
    const sent = collectEvents(page)
    await page.goto('/services')
    await expect.poll(() => analyticsOn(page)).toBe(true)
    await hidePage(page)
    await expect
      .poll(() =>
        ofType(sent.events, 'timing')
          .map((e) => e.name)
          .sort(),
      )
      .toEqual(['dom_content_loaded', 'lcp', 'load', 'ttfb'])
    const value = (name: string) => ofType(sent.events, 'timing').find((e) => e.name === name)!.value!
    expect(value('ttfb')).toBeGreaterThan(0)
    expect(value('dom_content_loaded')).toBeGreaterThanOrEqual(value('ttfb'))
    expect(value('load')).toBeGreaterThanOrEqual(value('dom_content_loaded'))
    expect(value('lcp')).toBeGreaterThan(0)
  })

  test('scroll depth milestones 25/50/75/90/100 % are each sent once, then an engagement score above 50 on hide', async ({ page }) => {
    const sent = collectEvents(page)
    await pauseClock(page)
    await page.goto('/services/seo')
    await startTracker(page)
    // Scrolls to a fraction of the page and waits for the scroll event; 1 means the very bottom,
    // whatever the page's height is by then (images and islands below the fold load on the way).
    const scrollTo = (fraction: number) =>
      page.evaluate(
        (f) =>
          new Promise<void>((resolve) => {
            addEventListener('scroll', () => resolve(), { once: true })
            const max = document.documentElement.scrollHeight - window.innerHeight
            window.scrollTo({ top: f === 1 ? document.documentElement.scrollHeight : Math.round(max * f), behavior: 'instant' })
          }),
        fraction,
      )

    await scrollTo(0.3)
    await page.clock.runFor(5000)
    await expect.poll(() => ofType(sent.events, 'scroll_depth').map((e) => e.value)).toEqual([25])
    await scrollTo(0.8)
    await scrollTo(0.2)
    await scrollTo(1)
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
        return page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)
      })
      .toBe(true)
    await page.clock.runFor(5000)
    await expect.poll(() => ofType(sent.events, 'scroll_depth').map((e) => e.value)).toEqual([25, 50, 75, 90, 100])
    expect(ofType(sent.events, 'scroll_depth').map((e) => e.name)).toEqual(['25%', '50%', '75%', '90%', '100%'])

    await hidePage(page)
    await expect.poll(() => ofType(sent.events, 'engagement')).toHaveLength(1)
    const [engagement] = ofType(sent.events, 'engagement')
    // 1 page view + 5 scroll events = 6 events × 5 = 30; 100 % × 0.3 = 30; about 10 s × 20/min.
    expect(engagement.props).toMatchObject({ events: 6, maxScroll: 100 })
    const seconds = engagement.props!.seconds as number
    expect(seconds).toBeGreaterThanOrEqual(10)
    expect(seconds).toBeLessThan(15)
    expect(engagement.value).toBeGreaterThan(60 + (10 / 60) * 20 - 0.01)
    expect(engagement.value).toBeLessThan(60 + (15 / 60) * 20)
    // Hidden again with nothing new: not sent twice.
    await hidePage(page)
    await page.clock.runFor(5000)
    expect(ofType(sent.events, 'engagement')).toHaveLength(1)
  })

  test('time on page milestones 30/60/120/300 s, checked every 5 s; a score of 50 or less is not sent', async ({ page }) => {
    const sent = collectEvents(page)
    await pauseClock(page)
    await page.goto('/contact')
    await startTracker(page)
    const times = () => ofType(sent.events, 'time_on_page').map((e) => e.value)
    await page.clock.runFor(29_000)
    expect(times()).toEqual([])
    await page.clock.runFor(6_000)
    await expect.poll(times).toEqual([30])
    await page.clock.runFor(25_000)
    await expect.poll(times).toEqual([30, 60])
    // 60 s: 20 + 0 (no scroll) + 3 events (page view, 30 s, 60 s) × 5 = 35, not above 50.
    await hidePage(page)
    await page.clock.runFor(5000)
    expect(ofType(sent.events, 'engagement')).toEqual([])
    await page.clock.runFor(240_000)
    await expect.poll(times).toEqual([30, 60, 120, 300])
    expect(ofType(sent.events, 'time_on_page').map((e) => e.name)).toEqual(['30s', '60s', '120s', '300s'])
    await page.clock.runFor(600_000)
    expect(times()).toEqual([30, 60, 120, 300])
  })

  test('a batch is sent as soon as it holds 20 events', async ({ page }) => {
    const sent = collectEvents(page)
    await pauseClock(page)
    await page.goto('/contact')
    await startTracker(page)
    // Calls to the phone number are counted as click events; 19 more fill the batch of 20.
    await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('main a[href^="tel:"]')!
      link.addEventListener('click', (e) => e.preventDefault())
      for (let i = 0; i < 19; i++) link.click()
    })
    await expect.poll(() => sent.batches.length).toBe(1)
    expect(sent.batches[0]).toHaveLength(20)
    expect(ofType(sent.batches[0], 'click')[0]).toMatchObject({ name: 'call' })
  })

  test('client-side navigation and back/forward each count one page view', async ({ page, isMobile }) => {
    const sent = collectEvents(page)
    await pauseClock(page)
    await page.goto('/')
    await startTracker(page)
    if (isMobile) {
      await expect(page.locator('[data-island="MobileMenu"]')).toHaveAttribute('data-hydrated', '')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('dialog', { name: 'Site menu' }).getByRole('link', { name: 'Locations' }).click()
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click()
    }
    await expect(page.locator('h1')).toHaveText('Locations we serve')
    const locationsTitle = await page.title()
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('h1')).toContainText('Marketing That Proves')
    await page.clock.runFor(5000)
    await expect.poll(() => ofType(sent.events, 'page_view').map((e) => e.path)).toEqual(['/', '/locations', '/'])
    const views = ofType(sent.events, 'page_view')
    expect(views[1].referrer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(views[1].name).toBe(locationsTitle)
    // The same path again (a hash change, a repeated event) is not a new page view.
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('pl:navigate', { detail: { path: '/' } })))
    await page.clock.runFor(5000)
    expect(ofType(sent.events, 'page_view')).toHaveLength(3)
  })
})

test.describe('attribution', () => {
  test('first touch is kept, last touch follows each landing with new attribution', async ({ page }) => {
    await page.goto('/?utm_source=google&utm_medium=cpc&utm_campaign=brand&gclid=abc123')
    await expect.poll(() => storedAttribution(page)).not.toBeNull()
    const first = (await storedAttribution(page))!
    expect(first).toMatchObject({
      source: 'google',
      referrer: '',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'brand',
      utmTerm: '',
      utmContent: '',
      gclid: 'abc123',
      fbclid: '',
      msclkid: '',
      landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=brand&gclid=abc123',
    })
    expect(first.firstTouch).toMatch(/^google \/ cpc \/ brand @ \d{4}-\d\d-\d\dT[\d:.]+Z$/)
    expect(first.lastTouch).toBe(first.firstTouch)

    // A direct visit carries no attribution: nothing changes.
    await page.goto('/services')
    await expect.poll(() => analyticsOn(page)).toBe(true)
    await page.waitForTimeout(3500)
    expect(await storedAttribution(page)).toEqual(first)

    // A search engine referral is new attribution: last touch moves, first touch stays.
    await page.goto('/locations', { referer: 'https://www.google.com/search?q=marketing+agency+austin' })
    await expect.poll(async () => (await storedAttribution(page))?.source).toBe('organic-search')
    const last = (await storedAttribution(page))!
    expect(last).toMatchObject({
      referrer: 'https://www.google.com/search?q=marketing+agency+austin',
      utmSource: '',
      gclid: '',
      landingPage: '/locations',
      firstTouch: first.firstTouch,
    })
    expect(last.lastTouch).toMatch(/^organic-search @ /)
  })
})

test.describe('privacy', () => {
  test('by default nothing is requested from anywhere but this server, and no GA4 tag exists', async ({ page, baseURL }) => {
    const urls = collectRequests(page)
    await page.goto('/')
    await expect.poll(() => analyticsOn(page)).toBe(true)
    await page.mouse.wheel(0, 4000)
    await page.getByRole('button', { name: 'Chat with us' }).click()
    await page.getByRole('textbox', { name: 'Your question' }).fill('How long does SEO take?')
    await page.getByRole('button', { name: 'Ask' }).click()
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Read more')
    await page.goto('/free-quote')
    await expect.poll(() => analyticsOn(page)).toBe(true)
    expect(urls.length).toBeGreaterThan(10)
    expect(offsiteRequests(urls, baseURL!)).toEqual([])
    expect(await page.evaluate(() => ({ dataLayer: 'dataLayer' in window, tag: document.querySelectorAll('script[src*="googletagmanager"]').length }))).toEqual(
      { dataLayer: false, tag: 0 },
    )
  })

  test('a page carrying the old GA4 element still loads nothing from Google (GA4 is forwarded by the server)', async ({ page }) => {
    // Earlier builds rendered this element for a client-side gtag.js; the tracker no longer reads it.
    await page.route('**/services', async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace('</body>', '<div hidden id="pl-analytics" data-ga4="G-TEST123"></div></body>')
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
    })
    const google: string[] = []
    page.on('request', (r) => {
      if (/google/.test(new URL(r.url()).hostname)) google.push(r.url())
    })
    await page.goto('/services')
    await expect.poll(() => analyticsOn(page)).toBe(true)
    expect(google).toEqual([])
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  })
})
