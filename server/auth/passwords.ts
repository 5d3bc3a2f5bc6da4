// Password hashing and rules (docs/decisions/040-admin-auth.md): argon2id with OWASP's minimum
// (t=2, m=19 MiB, p=1); at least 12 characters, no composition rules, refused when found in the
// bundled list of 49k common passwords or when it is the account's own email or name.
import crypto from 'node:crypto'
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/adminContract.ts'

export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, timeCost: 2, memoryCost: 19_456, parallelism: 1 }

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/** Verified against for unknown emails, so a miss costs the same time as a wrong password. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  return dummyHash
}

/** Why a new password is refused, or null when it is acceptable. */
export function checkPasswordRules(password: string, account: { email?: string; name?: string } = {}): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`
  const lower = password.toLowerCase()
  const squashed = lower.replace(/\s+/g, '')
  if (common.has(lower) || common.has(squashed)) return 'This password is too common. Choose another one.'
  const email = account.email?.toLowerCase() ?? ''
  const personal = [email, email.split('@')[0] ?? '', account.name?.toLowerCase().replace(/\s+/g, '') ?? ''].filter((v) => v.length >= 3)
  if (personal.some((p) => squashed === p || squashed.startsWith(p) && squashed.length - p.length < 4)) return 'Do not use your email address or name as your password.'
  if (new Set(lower).size <= 2) return 'This password is too easy to guess. Choose another one.'
  if (isSequence(lower)) return 'This password is too easy to guess. Choose another one.'
  return null
}

/** "123456789012", "abcdefghijkl" and their reverses. */
function isSequence(value: string): boolean {
  const codes = [...value].map((c) => c.codePointAt(0) as number)
  const steps = new Set(codes.slice(1).map((c, i) => c - codes[i]))
  return steps.size === 1 && [1, -1].includes([...steps][0] as number)
}

/** A strong random password: 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  let out = ''
  while (out.length < length) {
    const byte = crypto.randomBytes(1)[0] as number
    if (byte < alphabet.length * Math.floor(256 / alphabet.length)) out += alphabet[byte % alphabet.length]
  }
  return out
}
