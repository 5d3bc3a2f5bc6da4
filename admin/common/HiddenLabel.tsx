// A column or control name that screen readers read and that is not drawn: the header of a column
// of buttons, whose buttons already say what they do to sighted users.
import { Box } from '@mui/material'

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

export function HiddenLabel({ children }: { children: string }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  )
}
