// Gatus-style check conditions (issue 14): `[STATUS] == 200 && [RESPONSE_TIME] < 800 &&
// [BODY] contains "Proofline"`. Placeholders: [STATUS], [RESPONSE_TIME] (ms), [BODY] (text),
// [CONNECTED] (true/false). Operators: == != < <= > >= on numbers, == != on text and booleans,
// contains / !contains on text (a quoted string). Conditions are joined by && only: every one must
// hold; a result lists the ones that failed, as written.
export const PLACEHOLDERS = ['STATUS', 'RESPONSE_TIME', 'BODY', 'CONNECTED'] as const
type Placeholder = (typeof PLACEHOLDERS)[number]
type Op = '==' | '!=' | '<=' | '>=' | '<' | '>' | 'contains' | '!contains'

export type Condition = { text: string; left: Placeholder; op: Op; right: string | number | boolean }
export type Observation = { status: number | null; responseMs: number; body: string; connected: boolean }

export class ConditionError extends Error {}

function parseOne(text: string): Condition {
  const m = /^\[([A-Z_]+)\]\s*(==|!=|<=|>=|<|>|!contains|contains)\s*(.+)$/.exec(text.trim())
  if (!m) throw new ConditionError(`"${text.trim()}" is not a condition: write [PLACEHOLDER] operator value, e.g. [STATUS] == 200.`)
  const left = m[1] as Placeholder
  if (!PLACEHOLDERS.includes(left)) throw new ConditionError(`[${m[1]}] is unknown: use ${PLACEHOLDERS.map((p) => `[${p}]`).join(', ')}.`)
  const op = m[2] as Op
  const raw = m[3].trim()
  const quoted = /^"(.*)"$/.exec(raw)
  let right: string | number | boolean
  if (left === 'STATUS' || left === 'RESPONSE_TIME') {
    if (!/^\d+$/.test(raw)) throw new ConditionError(`[${left}] compares with a whole number, not ${raw}.`)
    if (op === 'contains' || op === '!contains') throw new ConditionError(`[${left}] is a number: use ==, !=, <, <=, > or >=.`)
    right = Number(raw)
  } else if (left === 'CONNECTED') {
    if (raw !== 'true' && raw !== 'false') throw new ConditionError('[CONNECTED] compares with true or false.')
    if (op !== '==' && op !== '!=') throw new ConditionError('[CONNECTED] takes == or !=.')
    right = raw === 'true'
  } else {
    if (!quoted) throw new ConditionError(`[BODY] compares with a quoted text, e.g. [BODY] contains "ok".`)
    if (!['==', '!=', 'contains', '!contains'].includes(op)) throw new ConditionError('[BODY] takes ==, !=, contains or !contains.')
    right = quoted[1]
  }
  return { text: text.trim(), left, op, right }
}

export function parseConditions(text: string): Condition[] {
  const parts = text
    .split('&&')
    .map((p) => p.trim())
    .filter(Boolean)
  if (!parts.length) throw new ConditionError('Write at least one condition, e.g. [STATUS] == 200.')
  return parts.map(parseOne)
}

function holds(c: Condition, o: Observation): boolean {
  const value = c.left === 'STATUS' ? o.status : c.left === 'RESPONSE_TIME' ? o.responseMs : c.left === 'BODY' ? o.body : o.connected
  switch (c.op) {
    case '==':
      return value === c.right
    case '!=':
      return value !== c.right
    case '<':
      return value !== null && (value as number) < (c.right as number)
    case '<=':
      return value !== null && (value as number) <= (c.right as number)
    case '>':
      return value !== null && (value as number) > (c.right as number)
    case '>=':
      return value !== null && (value as number) >= (c.right as number)
    case 'contains':
      return String(value).includes(String(c.right))
    case '!contains':
      return !String(value).includes(String(c.right))
  }
}

export function evaluate(conditions: Condition[], o: Observation): { ok: boolean; failed: string[] } {
  const failed = conditions.filter((c) => !holds(c, o)).map((c) => c.text)
  return { ok: failed.length === 0, failed }
}
