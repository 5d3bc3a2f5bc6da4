// The two resources of issue 10 for App.tsx: redirects (with its import page) and the 404 log.
export { default } from './index.ts'
export { RedirectImport } from './RedirectImport.tsx'
export { default as notFound } from '../not-found/index.ts'
