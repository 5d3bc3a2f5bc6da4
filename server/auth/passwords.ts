// Password hashing and rules (docs/decisions/040-admin-auth.md, 061-sign-in-throttling.md):
// argon2id with OWASP's minimum (t=2, m=19 MiB, p=1); at least 12 characters, no composition
// rules, and judged by strength with zxcvbn-ts (score 3 of 4 at least: about 10^8 guesses), with
// the account's email and name as words an attacker would try first. The refusal carries
// zxcvbn's own warning and suggestions.
import crypto from 'node:crypto'
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/adminContract.ts'

export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, timeCost: 2, memoryCost: 19_456, parallelism: 1 }

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const PASSWORD_MIN_SCORE = 3
const ZXCVBN_MAX_LENGTH = 64

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

let estimator: ZxcvbnFactory | undefined
/** zxcvbn-ts with its bundled English and common dictionaries (local: nothing is fetched). */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    // Bounds the work per check (it runs on the event loop): the first 64 characters are judged
    // (more only adds strength) and at most 16 l33t substitutions are tried. Without these, a
    // 240-character "P@ssw0rd1234P@ssw0rd1234…" took over a second.
    maxLength: ZXCVBN_MAX_LENGTH,
    l33tMaxSubstitutions: 16,
  })
  return estimator
}

/** What an account says about its owner: zxcvbn treats these as the first words an attacker tries. */
function userInputs(account: { email?: string; name?: string }): string[] {
  const email = account.email?.toLowerCase() ?? ''
  const local = email.split('@')[0] ?? ''
  const words = [email, local, ...local.split(/[._+-]+/), account.name ?? '', ...(account.name ?? '').split(/\s+/)]
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))]
}

/** Why a new password is refused (a sentence that helps choose a better one), or null when it is acceptable. */
export function checkPasswordRules(password: string, account: { email?: string; name?: string } = {}): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`
  const result = getEstimator().check(password, userInputs(account))
  if (result.score >= PASSWORD_MIN_SCORE) return null
  const personal = result.sequence.some((m) => m.pattern === 'dictionary' && (m as { dictionaryName?: string }).dictionaryName === 'userInputs')
  const why = personal ? 'Do not use your email address or name in your password.' : (result.feedback.warning ?? '')
  const tips = result.feedback.suggestions.filter((t) => !personal || !/personal/i.test(t))
  return ['This password is too easy to guess.', why, ...tips, 'A phrase of four or more unrelated words works well.'].filter(Boolean).join(' ')
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
