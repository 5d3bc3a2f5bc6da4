// Server side of an island: renders the component as its own React root into the HTML and
// leaves its name and props for pages/client.ts, which hydrates exactly these elements. Being
// a separate root on both sides (same identifierPrefix) keeps useId values identical.
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { islandIdPrefix, type IslandName } from '../../client/islands/registry.ts'

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) })
  return <div data-island={name} data-props={JSON.stringify(props)} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
}
