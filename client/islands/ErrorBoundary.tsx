// The error screen of spec sections 2 and 8, around the root of every island (pages/client.ts):
// a rendering error replaces only that island with 'Something went wrong', Try Again renders it
// again, Go Home goes to /. The error is logged and reported to monitoring here and nowhere else
// (the roots are created with a silent onCaughtError, see hydrateIslands.ts); a new kind of
// error alerts the on-call staff, which is what "Our team has been notified" stands for.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportError } from '../monitoring/reportError.ts'

type Props = { children: ReactNode }
type State = { error: Error | null }

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Something went wrong while rendering part of this page.', error, info.componentStack ?? '')
    reportError(error, 'boundary', info.componentStack ?? undefined)
  }

  reset = () => this.setState({ error: null })

  render() {
    if (!this.state.error) return this.props.children
    return <ErrorFallback onReset={this.reset} />
  }
}

export function ErrorFallback({ onReset }: { onReset: () => void }) {
  return (
    <div role="alert" className="my-4 rounded-xl border border-red-200 bg-red-50 p-6 text-left text-slate-800">
      <p className="text-lg font-bold text-ink">Something went wrong</p>
      <p className="mt-2 text-sm leading-6">We&apos;re sorry, but something unexpected happened. Our team has been notified and is working on a fix.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onReset}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Try Again
        </button>
        <a
          href="/"
          className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Go Home
        </a>
      </div>
    </div>
  )
}
