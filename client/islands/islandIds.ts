// Element ids inside islands (labels, aria-controls, aria-describedby…). An island's ids come
// from its name and a key the component gives, never from `useId`: the server renders islands
// with React while the browser hydrates them with Preact (docs/decisions/163-lighter-pages.md),
// and the two frameworks' useId make different ids, which would point labels at nothing. Every
// island appears at most once per page, so `<island name>-<key>` is unique on the page.
import { createContext, useContext } from 'react'
// A type only: the server's Island.tsx imports this file, never the registry, whose dynamic
// imports mean nothing in the SSR bundle (Rolldown warned INEFFECTIVE_DYNAMIC_IMPORT there for
// every island the layout renders).
import type { IslandName } from './registry.ts'

/** Prefix of the ids inside an island, the same on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => `${name}-`

const IslandIdContext = createContext('island-')

/** Provides an island's id prefix (Island.tsx on the server, hydrateIslands.ts in the browser). */
export const IslandIdProvider = IslandIdContext.Provider

/** The id of this island's element `key`: the same on the server and in the browser. */
export function useIslandId(key: string): string {
  return useContext(IslandIdContext) + key
}
