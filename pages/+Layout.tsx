import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { SiteLayout } from '../templates/layout/SiteLayout.tsx'
import type { PageData } from '../templates/types.ts'
import { notFoundChrome } from './_shared/chrome.ts'
import './styles.css'

export default function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData<unknown> | undefined>()
  return (
    <SiteLayout chrome={data?.chrome ?? notFoundChrome()} breadcrumbs={data?.breadcrumbs ?? []}>
      {children}
    </SiteLayout>
  )
}
