// The mobile three-step lead form's rules: each step checks only its own fields with the shared
// contract's messages, and the lead body the API receives.
import { describe, expect, it } from 'vitest'
import { budgetLabels, budgets } from '../../shared/contract.ts'
import { leadBody, MOBILE_FORM_SOURCE, STEPS, stepErrors } from './MobileLeadForm.tsx'

const empty = { name: '', email: '', phone: '', company: '', budget: '', message: '' }

describe('mobile lead form', () => {
  it('has three steps and the four budget options', () => {
    expect(STEPS).toBe(3)
    expect(budgets).toEqual(['under-5k', '5k-15k', '15k-50k', '50k-plus'])
    expect(Object.keys(budgetLabels)).toEqual([...budgets])
  })

  it('checks each step with the contract messages', () => {
    expect(stepErrors(empty, 1)).toEqual({ name: 'Enter your name.', email: 'Enter your email address.' })
    expect(stepErrors({ ...empty, name: 'Dana', email: 'dana@', phone: '12' }, 1)).toEqual({
      email: 'Enter a valid email address, like name@company.com.',
      phone: 'Enter a phone number with at least 7 digits.',
    })
    expect(stepErrors(empty, 2)).toEqual({ budget: 'Choose a monthly budget.' })
    expect(stepErrors(empty, 3)).toEqual({})
    expect(stepErrors({ ...empty, name: 'Dana', email: 'dana@example.com', budget: '50k-plus' })).toEqual({})
  })

  it('sends a lead with the name split and the budget in the message', () => {
    expect(
      leadBody({
        name: ' Dana  Whitfield Jr ',
        email: 'dana@example.com ',
        phone: '512 555 0199',
        company: 'Whitfield',
        budget: '15k-50k',
        message: 'Roofing leads.',
      }),
    ).toEqual({
      email: 'dana@example.com',
      firstName: 'Dana',
      lastName: 'Whitfield Jr',
      company: 'Whitfield',
      phone: '512 555 0199',
      message: 'Budget: $15,000 - $50,000 / month\n\nRoofing leads.',
      source: MOBILE_FORM_SOURCE,
      campaign: 'Free Quote Request',
    })
    expect(MOBILE_FORM_SOURCE).toBe('Mobile Lead Form')
  })
})
