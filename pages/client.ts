// The only script of a pre-rendered page: hydrates each island found in the HTML, loading that
// island's code on demand. Everything else on the page stays static HTML.
import { createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { islandIdPrefix, islands, type IslandName } from '../templates/islands/registry.ts'
import { scheduleTrackers } from '../templates/islands/tracker/schedule.ts'

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = el.dataset.island as IslandName
  const load = islands[name]
  if (!load) continue
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>
  void load().then((mod) =>
    hydrateRoot(el, createElement(mod.default as React.ComponentType<Record<string, unknown>>, props), { identifierPrefix: islandIdPrefix(name) }),
  )
}

// Analytics and visitor tracking load after idle, outside the initial bundle.
scheduleTrackers()
