// Waiting for islands: pages/client.ts marks each island element data-hydrated once its React
// root is interactive (client/islands/hydrateIslands.ts).
import type { Page } from '@playwright/test'

export async function waitForIsland(page: Page, name: string) {
  await page.locator(`[data-island="${name}"][data-hydrated]`).first().waitFor({ state: 'attached' })
}

export async function gotoWithIsland(page: Page, url: string, name: string) {
  await page.goto(url)
  await waitForIsland(page, name)
}
