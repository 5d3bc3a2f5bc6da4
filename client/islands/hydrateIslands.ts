// Hydrates the islands found in a part of the page and unmounts them again when client-side
// navigation replaces that part (decision 002 and 021). Each island becomes its own root (React's
// API; the page bundle runs it on Preact, decision 163), wrapped in the error boundary, with the
// same id prefix as on the server (islandIds.ts). Islands below the
// fold hydrate when they come near the viewport, the least urgent ones when the browser is idle,
// the rest at once; so the first load of a page runs only the code its first screen needs.
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import './effectTiming.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { IslandIdProvider, islandIdPrefix } from './islandIds.ts'
import { islands, type IslandName } from './registry.ts'

type When = 'load' | 'idle' | 'visible'

/** Islands not listed hydrate on load. */
const hydrateWhen: Partial<Record<string, When>> = {
  RoiCalculator: 'visible',
  FaqAccordion: 'visible',
  NewsletterForm: 'visible',
  ExitIntentPopup: 'idle',
}

const VISIBLE_MARGIN = '200px 0px'
const roots = new Map<HTMLElement, Root>()
const waiting = new Map<HTMLElement, () => void>()
let observer: IntersectionObserver | undefined

/** Marks the island element once its effects ran, so tests and tools can tell it is interactive. */
function Hydrated({ host, children }: { host: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    host.setAttribute('data-hydrated', '')
    return () => host.removeAttribute('data-hydrated')
  }, [host])
  return children
}

function readProps(el: HTMLElement): { props: Record<string, unknown> } | { error: unknown } {
  try {
    return { props: JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown> }
  } catch (error) {
    return { error }
  }
}

function hydrate(el: HTMLElement) {
  waiting.delete(el)
  const name = el.dataset.island as IslandName
  const load = islands[name]
  if (!load || roots.has(el)) return
  const parsed = readProps(el)
  load()
    .then((mod) => {
      if (!el.isConnected || roots.has(el)) return
      const Island = mod.default as ComponentType<Record<string, unknown>>
      // Props that are not JSON render the error screen instead of the island.
      const Broken = () => {
        throw 'error' in parsed ? parsed.error : new Error('unreachable')
      }
      const child = 'props' in parsed ? createElement(Island, parsed.props) : createElement(Broken)
      const tree = createElement(
        IslandIdProvider,
        { value: islandIdPrefix(name) },
        createElement(Hydrated, { host: el }, createElement(ErrorBoundary, null, child)),
      )
      roots.set(
        el,
        hydrateRoot(el, tree, {
          // The boundary logs what it catches; React's default would log it a second time.
          onCaughtError: () => {},
        }),
      )
    })
    .catch((error: unknown) => {
      // The island's code could not load (offline, or a new deploy removed the chunk): the
      // server-rendered HTML stays as it is.
      console.debug(`Island ${name} could not load`, error)
    })
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(run, 200)
  return () => clearTimeout(handle)
}

function whenVisible(el: HTMLElement): () => void {
  // Island wrappers are display: contents and have no box; watch what they render.
  const target = el.firstElementChild
  if (!target || !('IntersectionObserver' in window)) return whenIdle(() => hydrate(el))
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer!.unobserve(entry.target)
        const host = entry.target.closest<HTMLElement>('[data-island]')
        if (host) hydrate(host)
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  )
  observer.observe(target)
  return () => observer!.unobserve(target)
}

/** Hydrates every island inside `scope`, each at its own time. */
export function hydrateIslands(scope: ParentNode = document) {
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (roots.has(el) || waiting.has(el)) continue
    const when = hydrateWhen[el.dataset.island ?? ''] ?? 'load'
    if (when === 'load') hydrate(el)
    else waiting.set(el, when === 'idle' ? whenIdle(() => hydrate(el)) : whenVisible(el))
  }
}

/** Unmounts the islands inside `scope` (before client-side navigation replaces it). */
export function unmountIslands(scope: Node) {
  for (const [el, cancel] of waiting) {
    if (!scope.contains(el)) continue
    cancel()
    waiting.delete(el)
  }
  for (const [el, root] of roots) {
    if (!scope.contains(el)) continue
    root.unmount()
    roots.delete(el)
  }
}
