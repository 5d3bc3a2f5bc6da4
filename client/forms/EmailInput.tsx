// The one-field email forms' input (exit popup, footer newsletter, chatbot): required, typed as an
// email with the email keyboard and autocomplete, its error tied to it. Its own small module, so
// the islands on most pages do not load the full field set of client/forms/fields.tsx.
import type { Ref } from 'react'

export function EmailInput({
  id,
  value,
  onChange,
  className,
  placeholder,
  error,
  errorId,
  inputRef,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  className: string
  placeholder?: string
  error?: string
  errorId?: string
  inputRef?: Ref<HTMLInputElement>
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      name="email"
      type="email"
      required
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={className}
    />
  )
}
