/** See niceThread.mjs. */
export function niceThisThread(nice: number): boolean
