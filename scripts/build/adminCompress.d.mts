/** See adminCompress.mjs. */
export function fillCompressCache(dir: string, cacheDir: string): number
