/** See buildRunner.mjs. */
export function withMallocArenas(args: string[], script?: string): boolean
export function runnerCacheDir(): string
export function pinImportMeta(code: string, file: string): string
export function compiledBuild(): Promise<{ files: Record<'build' | 'chatbotWorker', string>; made: boolean; seconds: number }>
