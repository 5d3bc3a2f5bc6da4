// Server side of an island: renders the component into the HTML and leaves its name and props
// for pages/client.ts, which hydrates exactly these elements and nothing else.
import type { ComponentType } from 'react'
import type { IslandName } from './registry.ts'

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  )
}
