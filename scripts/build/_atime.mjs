import { performance } from 'node:perf_hooks'
const t0 = performance.now()
const { build } = await import('vite')
const loaded = performance.now()
console.log('load', ((loaded - t0)/1000).toFixed(2), 'since process', (loaded/1000).toFixed(2))
const mark = (name) => function () { console.log(((performance.now() - loaded)/1000).toFixed(2), name, (process.cpuUsage().user/1e6).toFixed(2)) }
const timer = { name: 'timer', apply: 'build', configResolved: mark('configResolved'), buildStart: mark('buildStart'), buildEnd: mark('buildEnd'), renderStart: mark('renderStart'), generateBundle: mark('generateBundle'), writeBundle: mark('writeBundle'), closeBundle: mark('closeBundle') }
const extra = JSON.parse(process.argv[2] || '{}')
await build({ configFile: '/work/main/admin/vite.config.ts', logLevel: 'error', build: { outDir: '/tmp/admintest/admin', emptyOutDir: true, ...extra }, plugins: [timer] })
const c = process.cpuUsage(); console.log('done', ((performance.now() - loaded)/1000).toFixed(2), 'cpu', ((c.user + c.system)/1e6).toFixed(2))
