// The product's page folders (pages/**/+route.ts, +data.ts, +Page.tsx) matched to catalog URLs
// the way vike routes them: the first folder whose route function accepts the URL.
import type { ComponentType, ReactNode } from 'react'
import { getSiteContext } from '@product/pages/_shared/siteContext.ts'

/** What the page needs of a family's data (templates/types.ts PageData). */
export type PageData = { seo: { title: string; description: string } }
type Route = (pageContext: { urlPathname: string }) => boolean
type DataHook = (pageContext: { urlPathname: string }) => unknown
const routes = import.meta.glob<Route>('@product/pages/**/+route.ts', { eager: true, import: 'default' })
const dataHooks = import.meta.glob<DataHook>('@product/pages/**/+data.ts', { eager: true, import: 'default' })
const pages = import.meta.glob<ComponentType>('@product/pages/**/+Page.tsx', { eager: true, import: 'default' })
export { default as Layout } from '@product/pages/+Layout.tsx'
export { default as Head } from '@product/pages/+Head.tsx'

const folders = Object.keys(routes).map((file) => file.slice(0, -'+route.ts'.length))

export function urls(): string[] {
  return getSiteContext().catalog.entries.map((e: { url: string }) => e.url)
}

export async function pageFor(url: string): Promise<{ data: PageData; Page: ComponentType<{ children?: ReactNode }> }> {
  const pageContext = { urlPathname: url }
  const folder = folders.find((f) => routes[`${f}+route.ts`](pageContext))
  if (!folder) throw new Error(`No page folder routes ${url}`)
  const data = (await dataHooks[`${folder}+data.ts`](pageContext)) as PageData
  return { data, Page: pages[`${folder}+Page.tsx`] }
}
