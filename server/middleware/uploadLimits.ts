// Limits on what the public forms may write to disk (docs/decisions/062-upload-quotas-and-form-tokens.md):
// - a per-address quota of bytes per clock hour, in the database (upload_usage) so that it holds
//   across instances: 429 with Retry-After past it;
// - a cap on the uploads folder's total size, and a floor of free disk space: 507 past either.
// Both are reserved for the request's whole body before the body is read, so parallel uploads
// cannot overshoot them, and settled to what was received (or kept) once the request ends.
import fs from 'node:fs'
import path from 'node:path'
import createError, { type HttpError } from 'http-errors'
import type { Db } from '../db/knex.ts'
import { HOUR_MS, releaseUploadBytes, reserveUploadBytes } from '../db/queries/uploadUsage.ts'
import { httpError } from './errorHandler.ts'

export type UploadLimitOptions = {
  db: Db
  bytesPerHour: number
  maxTotalBytes: number
  minFreeBytes: number
  now?: () => number
}

/** How long a scan of the uploads folder is trusted (other instances may share the folder). */
const RESCAN_MS = 60_000

export const mb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024 / 1024))} MB`

/** 507 Insufficient Storage, with a message the visitor can act on (5xx are otherwise generic). */
export function storageFull(message: string): HttpError {
  return createError(507, message, { expose: true, headers: { 'Retry-After': '3600' } })
}

export const storageFullMessage = 'We cannot accept file uploads right now: our storage for them is full. Please try again later, or email us your application.'

/** The bytes of the folder's files, counted once a minute, plus this process's reservations. */
class FolderUsage {
  private counted = 0
  private countedAt = Number.NEGATIVE_INFINITY
  private reserved = 0
  constructor(private readonly dir: string) {}

  private async count(now: number) {
    if (now - this.countedAt < RESCAN_MS) return
    let total = 0
    for (const name of await fs.promises.readdir(this.dir).catch(() => [] as string[])) {
      const stat = await fs.promises.stat(path.join(this.dir, name)).catch(() => null)
      if (stat?.isFile()) total += stat.size
    }
    this.counted = total
    this.countedAt = now
  }

  /** Reserves `bytes` unless the folder would pass `max`. */
  async reserve(bytes: number, max: number, now: number): Promise<boolean> {
    await this.count(now)
    if (this.counted + this.reserved + bytes > max) return false
    this.reserved += bytes
    return true
  }

  /** Ends a reservation; `kept` bytes stay in the folder. */
  settle(reserved: number, kept: number) {
    this.reserved -= reserved
    this.counted += kept
  }
}

export type UploadReservation = { settle: (received: number, kept: number) => Promise<void> }

export function uploadLimits(dir: string, opts: UploadLimitOptions) {
  const now = opts.now ?? Date.now
  const folder = new FolderUsage(dir)
  return {
    /**
     * Reserves `bytes` for one request from `ipHash`, or throws 429 (quota) or 507 (storage).
     * The caller must settle the reservation when the request ends.
     */
    async reserve(ipHash: string, bytes: number): Promise<UploadReservation> {
      const at = now()
      if (!(await reserveUploadBytes(opts.db, ipHash, bytes, opts.bytesPerHour, at))) {
        const retryAfter = Math.max(1, Math.ceil((HOUR_MS - (at % HOUR_MS)) / 1000))
        throw httpError(
          429,
          `You have uploaded the most we accept from one address in an hour (${mb(opts.bytesPerHour)}). Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          { _: 'Upload limit reached for this hour.' },
          { 'Retry-After': String(retryAfter), Connection: 'close' },
        )
      }
      const free = await fs.promises
        .statfs(dir)
        .then((s) => s.bavail * s.bsize)
        .catch(() => Number.POSITIVE_INFINITY)
      if (free - bytes < opts.minFreeBytes || !(await folder.reserve(bytes, opts.maxTotalBytes, at))) {
        await releaseUploadBytes(opts.db, ipHash, bytes, at)
        throw Object.assign(storageFull(storageFullMessage), { headers: { 'Retry-After': '3600', Connection: 'close' } })
      }
      let settled = false
      return {
        async settle(received: number, kept: number) {
          if (settled) return
          settled = true
          folder.settle(bytes, kept)
          await releaseUploadBytes(opts.db, ipHash, bytes - Math.min(bytes, received), at)
        },
      }
    },
  }
}
