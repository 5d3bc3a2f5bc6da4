// The islands' error boundary: its island until an error, then the fallback with Try Again and Go Home.
import { describe, expect, it } from 'vitest'

describe('ErrorBoundary', () => {
  it('renders its island until an error, then the spec texts with Try Again and Go Home', async () => {
    const { createElement } = await import('react')
    const { renderToString } = await import('react-dom/server')
    const { ErrorBoundary, ErrorFallback } = await import('./ErrorBoundary.tsx')
    expect(renderToString(createElement(ErrorBoundary, null, createElement('p', null, 'Calculator')))).toBe('<p>Calculator</p>')

    const state = ErrorBoundary.getDerivedStateFromError('boom')
    expect(state.error).toBeInstanceOf(Error)
    expect(state.error?.message).toBe('boom')

    const html = renderToString(createElement(ErrorFallback, { onReset: () => {} }))
    expect(html).toContain('Something went wrong')
    expect(html).toContain('We&#x27;re sorry, but something unexpected happened. Our team has been notified and is working on a fix.')
    expect(html).toContain('>Try Again</button>')
    expect(html).toContain('href="/"')
    expect(html).toContain('>Go Home</a>')
  })
})
