// A table (or text) larger than its box scrolls in the box. Keyboard users must be able to scroll
// it too (WCAG 2.1.1): while its content overflows, the box is a focusable, named region with a
// visible focus ring; while everything fits, it is a plain box and no extra tab stop
// (docs/decisions/212-admin-menu-sections.md).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Box } from '@mui/material'

export function ScrollArea({
  label,
  maxHeight,
  flex,
  sx,
  children,
}: {
  /** The region's name: say what scrolls ("Growth per day"), distinct from its card's own name. */
  label: string
  maxHeight?: number
  flex?: number
  sx?: object
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  const measure = () => {
    const el = ref.current
    if (el) setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  }
  // After every render (new rows) and whenever the box or the window changes size.
  useLayoutEffect(measure)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <Box
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      sx={{ flex, maxHeight, overflow: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 }, ...sx }}
    >
      {children}
    </Box>
  )
}
