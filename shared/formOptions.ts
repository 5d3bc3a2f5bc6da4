// The public forms' fixed choices and limits, without zod: the forms render them on their first
// load, and load the zod contract (shared/contract.ts, which re-exports these) only when a
// visitor starts filling one in (decision 163).
export const budgets = ['under-5k', '5k-15k', '15k-50k', '50k-plus'] as const
export const budgetLabels: Record<(typeof budgets)[number], string> = {
  'under-5k': 'Under $5,000 / month',
  '5k-15k': '$5,000 - $15,000 / month',
  '15k-50k': '$15,000 - $50,000 / month',
  '50k-plus': '$50,000+ / month',
}
export const timelines = ['asap', '1-3-months', '3-6-months', 'exploring'] as const
export const timelineLabels: Record<(typeof timelines)[number], string> = {
  asap: 'As soon as possible',
  '1-3-months': 'In 1-3 months',
  '3-6-months': 'In 3-6 months',
  exploring: 'Just exploring',
}

/** Largest résumé the application form accepts. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024
