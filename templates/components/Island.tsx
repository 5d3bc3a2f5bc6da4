// Server side of an island: renders the component as its own React root into the HTML and
// leaves its name and props for pages/client.ts, which hydrates exactly these elements (with
// Preact in the browser, see docs/decisions/163-lighter-pages.md). Ids inside the island come
// from its name (IslandIdProvider, client/islands/islandIds.ts), never from useId, so they are
// the same whichever framework renders them.
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { IslandIdProvider, islandIdPrefix } from '../../client/islands/islandIds.ts'
import type { IslandName } from '../../client/islands/registry.ts'

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const html = renderToString(
    <IslandIdProvider value={islandIdPrefix(name)}>
      <Component {...props} />
    </IslandIdProvider>,
  )
  return <div data-island={name} data-props={JSON.stringify(props)} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
}
