// ROI calculator (home page #calculator and /roi-calculators). Results follow the shared
// computeRoi formula and change only when "Calculate ROI" is pressed; each calculation is then
// saved to /api/roi-calculation with the visitor's attribution.
import { useId, useState, type FormEvent, type HTMLAttributes } from 'react'
import { AttributionSchema, computeRoi } from '../../shared/contract.ts'
import { apiRequest } from '../../shared/request.ts'

type Inputs = { traffic: string; conversionRate: string; averageOrderValue: string; profitMargin: string }
type Save = 'idle' | 'pending' | 'saved' | 'error'

const DEFAULTS: Inputs = { traffic: '10000', conversionRate: '2.5', averageOrderValue: '500', profitMargin: '30' }

const FIELDS: { key: keyof Inputs; label: string; unit: string; inputMode: HTMLAttributes<HTMLInputElement>['inputMode'] }[] = [
  { key: 'traffic', label: 'Monthly website visitors', unit: 'visitors', inputMode: 'numeric' },
  { key: 'conversionRate', label: 'Conversion rate', unit: '%', inputMode: 'decimal' },
  { key: 'averageOrderValue', label: 'Average order value', unit: '$', inputMode: 'decimal' },
  { key: 'profitMargin', label: 'Profit margin', unit: '%', inputMode: 'decimal' },
]

const UPLIFTS = ['+40% conversion rate', '+25% average order value', '+60% organic traffic']

const money = (n: number) => `$${n.toLocaleString('en-US')}`

/** Attribution the site tracker keeps in localStorage, limited to fields and lengths the API accepts. */
function readAttribution(): Record<string, string> {
  const out: Record<string, string> = {}
  try {
    const raw: unknown = JSON.parse(localStorage.getItem('pl_attribution') ?? 'null')
    if (raw && typeof raw === 'object') {
      for (const [key, schema] of Object.entries(AttributionSchema.shape)) {
        const value = (raw as Record<string, unknown>)[key]
        if (typeof value === 'string' && schema.safeParse(value).success) out[key] = value
      }
    }
  } catch {
    // Storage blocked or not JSON: send no attribution.
  }
  return out
}

export function RoiCalculator() {
  const id = useId()
  const [inputs, setInputs] = useState<Inputs>(DEFAULTS)
  const [results, setResults] = useState(() => computeRoi(DEFAULTS))
  const [save, setSave] = useState<Save>('idle')

  async function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save === 'pending') return
    const next = computeRoi(inputs)
    setResults(next)
    setSave('pending')
    try {
      await apiRequest('POST', '/api/roi-calculation', { ...inputs, results: next, userAgent: navigator.userAgent.slice(0, 512), ...readAttribution() })
      setSave('saved')
    } catch {
      setSave('error')
    }
  }

  const cards = [
    { label: 'Monthly profit', value: money(results.monthlyProfit), strong: true },
    { label: 'Monthly conversions', value: results.conversions.toLocaleString('en-US') },
    { label: 'Monthly revenue', value: money(results.revenue) },
    { label: 'Extra monthly profit with optimization', value: money(results.optimizedProfit), strong: true },
  ]

  return (
    <div className="grid gap-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-2">
      <form method="post" onSubmit={calculate} aria-label="ROI calculator" className="space-y-5">
        {FIELDS.map((field) => (
          <div key={field.key}>
            <label htmlFor={`${id}-${field.key}`} className="block text-sm font-semibold text-slate-800">
              {field.label} <span className="font-normal text-slate-600">({field.unit})</span>
            </label>
            <input
              id={`${id}-${field.key}`}
              name={field.key}
              type="text"
              inputMode={field.inputMode}
              autoComplete="off"
              value={inputs[field.key]}
              onChange={(e) => setInputs((v) => ({ ...v, [field.key]: e.target.value }))}
              className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
            />
          </div>
        ))}
        <button
          type="submit"
          disabled={save === 'pending'}
          className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70"
        >
          {save === 'pending' ? 'Calculating...' : 'Calculate ROI'}
        </button>
        <div role="status" className={`text-sm ${save === 'error' ? 'text-red-700' : 'text-green-800'}`}>
          {save === 'saved' && (
            <p>
              <span className="font-semibold">Calculation Saved</span> — Your ROI calculation has been saved successfully.
            </p>
          )}
          {save === 'error' && (
            <p>
              <span className="font-semibold">Error</span> — Failed to save calculation. Please try again.
            </p>
          )}
        </div>
      </form>
      <div>
        <h3 className="text-lg font-bold text-ink">Your estimate</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {cards.map((card) => (
            <div key={card.label} className={`rounded-lg p-4 ${card.strong ? 'bg-brand-50' : 'bg-slate-50'}`}>
              <dt className="text-sm text-slate-700">{card.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-ink">{card.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-5 text-sm font-semibold text-slate-800">What optimization typically adds</p>
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {UPLIFTS.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" />
              {item}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs leading-5 text-slate-600">Estimates only, based on the figures you enter. Actual results depend on your market, offer and starting point.</p>
      </div>
    </div>
  )
}
export default RoiCalculator
