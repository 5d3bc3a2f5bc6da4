// Parses a request body with its contract schema. Every problem becomes a field message in one
// 400 `{ message, errors }`; messages the schema does not set are worded here for people.
import { z } from 'zod'
import { fieldErrors } from '../../shared/contract.ts'
import { httpError } from '../middleware/errorHandler.ts'

const typeNames: Record<string, string> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  boolean: 'Use true or false.',
  array: 'Send a list.',
  object: 'Send an object.',
}

export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.'
      return typeNames[issue.expected] ?? 'This value has the wrong type.'
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`
      if (issue.origin === 'array') return `Send at most ${issue.maximum} items.`
      return issue.inclusive === false ? `Use a value below ${issue.maximum}.` : `Use a value of at most ${issue.maximum}.`
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${issue.minimum} characters.`
      if (issue.origin === 'array') return `Send at least ${issue.minimum} items.`
      return issue.inclusive === false ? `Use a value above ${issue.minimum}.` : `Use a value of at least ${issue.minimum}.`
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
      return 'This value is not accepted.'
    default:
      return undefined
  }
}

export const badRequest = (errors: Record<string, string>) => httpError(400, 'Please correct the highlighted fields.', errors)

/** The parsed data, or a 400 listing the schema's problems and `extraErrors` together. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, extraErrors: Record<string, string> = {}): z.output<S> {
  const result = schema.safeParse(input, { error: humanMessage })
  const errors = result.success ? {} : fieldErrors(result.error)
  for (const [field, message] of Object.entries(extraErrors)) errors[field] ??= message
  if (!result.success || Object.keys(errors).length) throw badRequest(errors)
  return result.data
}
