// A button that opens the file chooser of a hidden file input: a real <button>, so keyboard users
// and screen readers meet a button, not a <label role="button"> (MUI's documented upload button,
// which axe's aria-allowed-role flags; docs/decisions/213-admin-headings.md). The input keeps its
// own aria-label and accept list; it is what the form reads and what the tests fill.
import { useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { Button, type ButtonProps } from '@mui/material'

type Props = Omit<ButtonProps, 'onClick' | 'component'> & {
  children: ReactNode
  /** The hidden input's attributes: aria-label, accept, multiple, onChange, id... */
  input: InputHTMLAttributes<HTMLInputElement> & { 'aria-label': string }
}

export function FileButton({ children, input, variant = 'outlined', ...button }: Props) {
  const ref = useRef<HTMLInputElement>(null)
  return (
    <>
      <Button variant={variant} {...button} onClick={() => ref.current?.click()}>
        {children}
      </Button>
      <input ref={ref} type="file" hidden {...input} />
    </>
  )
}
