/** See compressSettings.mjs. */
export const COMPRESSIBLE: RegExp
export const MIN_BYTES: number
export function levelsOf(file: string): { gzip: number; brotli: number }
export function brotliOptions(quality: number, length: number): { params: Record<number, number> }
export function cacheKeyOf(body: Buffer, gzip: number, brotli: number): string
