// The ROI calculator formula of spec section 9, kept free of zod so the calculator island that
// uses it stays small. shared/contract.ts re-exports it for the server.
/** Spec section 9: the ROI calculator formula. Inputs are strings; invalid ones fall back. */
export const roiDefaults = { traffic: 10000, conversionRate: 2.5, averageOrderValue: 500, profitMargin: 30 }

export function computeRoi(input: { traffic: string; conversionRate: string; averageOrderValue: string; profitMargin: string }) {
  const num = (value: string, fallback: number) => {
    const n = Number.parseFloat(value)
    return Number.isFinite(n) ? n : fallback
  }
  const traffic = num(input.traffic, roiDefaults.traffic)
  const rate = num(input.conversionRate, roiDefaults.conversionRate)
  const order = num(input.averageOrderValue, roiDefaults.averageOrderValue)
  const margin = num(input.profitMargin, roiDefaults.profitMargin)
  const conversions = Math.round((traffic * rate) / 100)
  const revenue = conversions * order
  const monthlyProfit = Math.round((revenue * margin) / 100)
  const optimizedProfit = Math.round(monthlyProfit / 2)
  return { monthlyProfit, conversions, revenue, optimizedProfit }
}
