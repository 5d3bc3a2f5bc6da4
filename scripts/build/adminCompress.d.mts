/** See adminCompress.mjs. */
export function fillCompressCache(dir: string, cacheDir: string, concurrency?: number): Promise<number>
