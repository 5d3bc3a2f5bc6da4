// A table taller than its card scrolls in a box of its own. Keyboard users must be able to scroll
// it too (WCAG 2.1.1): the box is a focusable, named region, with a visible focus ring.
import type { ReactNode } from 'react'
import { Box } from '@mui/material'

export function ScrollArea({ label, maxHeight, flex, children }: { label: string; maxHeight: number; flex?: number; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ flex, maxHeight, overflow: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {children}
    </Box>
  )
}
