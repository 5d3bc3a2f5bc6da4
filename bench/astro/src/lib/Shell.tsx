// The page body as vike-react renders it: the product's +Layout around the family's +Page, with
// the page's data in the context useData reads.
import type { ComponentType } from 'react'
import { DataContext } from './useData.ts'
import { Head, Layout } from './pages.ts'

export function Body({ data, Page }: { data: unknown; Page: ComponentType }) {
  return (
    <DataContext.Provider value={data}>
      <div id="root">
        <Layout>
          <Page />
        </Layout>
      </div>
    </DataContext.Provider>
  )
}

export function HeadTags({ data }: { data: unknown }) {
  return (
    <DataContext.Provider value={data}>
      <Head />
    </DataContext.Provider>
  )
}
