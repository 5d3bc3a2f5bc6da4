// ROI calculator (home page #calculator and /roi-calculators; spec sections 3, 4, 5, 8 and 9).
// Results follow the shared computeRoi formula (an empty or invalid input falls back to its
// default) and change only when "Calculate ROI" is pressed. Each calculation is then saved to
// /api/roi-calculation with the visitor's attribution; the outcome is told by a toast.
import { useState, type FormEvent, type HTMLAttributes } from 'react'
import { computeRoi, roiDefaults } from '../../shared/roi.ts'
import { useForm } from '../forms/useForm.ts'
import { toast } from '../ui/toast.ts'
import { Tooltip } from './Tooltip.tsx'
import { useIslandId } from './islandIds.ts'

type Inputs = { traffic: string; conversionRate: string; averageOrderValue: string; profitMargin: string }

const DEFAULTS: Inputs = {
  traffic: String(roiDefaults.traffic),
  conversionRate: String(roiDefaults.conversionRate),
  averageOrderValue: String(roiDefaults.averageOrderValue),
  profitMargin: String(roiDefaults.profitMargin),
}

const FIELDS: { key: keyof Inputs; label: string; unit: string; help: string; inputMode: HTMLAttributes<HTMLInputElement>['inputMode'] }[] = [
  {
    key: 'traffic',
    label: 'Monthly website visitors',
    unit: 'visitors',
    inputMode: 'numeric',
    help: 'Sessions per month from your analytics. Left empty or not a number, 10,000 is used.',
  },
  {
    key: 'conversionRate',
    label: 'Conversion rate',
    unit: '%',
    inputMode: 'decimal',
    help: 'Share of visitors who buy or become a lead. Left empty or not a number, 2.5% is used.',
  },
  {
    key: 'averageOrderValue',
    label: 'Average order value',
    unit: '$',
    inputMode: 'decimal',
    help: 'Revenue from one conversion, or the average deal value. Left empty or not a number, $500 is used.',
  },
  {
    key: 'profitMargin',
    label: 'Profit margin',
    unit: '%',
    inputMode: 'decimal',
    help: 'Share of revenue you keep after direct costs. Left empty or not a number, 30% is used.',
  },
]

const UPLIFTS = ['+40% conversion rate', '+25% average order value', '+60% organic traffic']

const money = (n: number) => `$${n.toLocaleString('en-US')}`

export function RoiCalculator() {
  const id = useIslandId('roi')
  const [results, setResults] = useState(() => computeRoi(DEFAULTS))
  const {
    ref,
    values: inputs,
    set,
    pending,
    submit,
  } = useForm({
    initial: DEFAULTS,
    fields: FIELDS.map((field) => field.key),
    endpoint: '/api/roi-calculation',
    body: (v) => ({ ...v, results: computeRoi(v), userAgent: navigator.userAgent.slice(0, 512) }),
    // A calculation names no form: its source is where the visit came from.
    trafficSource: true,
    formToken: false,
    idempotent: false,
    onSuccess: () => {
      toast({ title: 'Calculation Saved', description: 'Your ROI calculation has been saved successfully.' })
    },
    onFailure: () => toast({ title: 'Error', description: 'Failed to save calculation. Please try again.', variant: 'destructive' }),
  })

  /** Results change only when "Calculate ROI" is pressed; each calculation is then saved. */
  function calculate(event: FormEvent<HTMLFormElement>) {
    if (!pending) setResults(computeRoi(inputs))
    void submit(event)
  }

  const cards = [
    { label: 'Monthly profit', value: money(results.monthlyProfit), strong: true },
    { label: 'Monthly conversions', value: results.conversions.toLocaleString('en-US') },
    { label: 'Monthly revenue', value: money(results.revenue) },
    { label: 'Extra monthly profit with optimization', value: money(results.optimizedProfit), strong: true },
  ]

  return (
    <div className="grid gap-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-2">
      <form ref={ref} method="post" onSubmit={calculate} aria-label="ROI calculator" className="space-y-5">
        {FIELDS.map((field) => (
          <div key={field.key}>
            <div className="flex items-center gap-1">
              <label htmlFor={`${id}-${field.key}`} className="block text-sm font-semibold text-slate-800">
                {field.label} <span className="font-normal text-slate-600">({field.unit})</span>
              </label>
              <Tooltip idKey={`roi-${field.key}-help`} label={`About ${field.label.toLowerCase()}`} content={field.help} />
            </div>
            <input
              id={`${id}-${field.key}`}
              name={field.key}
              type="text"
              inputMode={field.inputMode}
              autoComplete="off"
              value={inputs[field.key]}
              onChange={(e) => set(field.key, e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
            />
          </div>
        ))}
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70"
        >
          {pending ? 'Calculating...' : 'Calculate ROI'}
        </button>
      </form>
      <div>
        <h3 className="text-lg font-bold text-ink">Your estimate</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2" aria-live="polite">
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
        <p className="mt-4 text-sm leading-6 text-slate-700">
          Clients typically reach the 40% conversion rate and 25% order value gains within 90 days; implementation takes 2-4 weeks.
        </p>
        <p className="mt-2 text-xs leading-5 text-slate-600">
          Estimates only, based on the figures you enter. Actual results depend on your market, offer and starting point.
        </p>
      </div>
    </div>
  )
}
export default RoiCalculator
