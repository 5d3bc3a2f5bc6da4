// Whether the visitor asked for reduced motion, following changes while the page is open. The
// server render (and hydration) assume motion is allowed; the media query takes over after.
import { useStore } from './useStore.ts'

const query = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

export function useReducedMotion(): boolean {
  return useStore(subscribe, prefersReducedMotion, () => false)
}

export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia(query).matches
