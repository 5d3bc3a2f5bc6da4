// `npm run bench:js`: the JavaScript each form page loads, in Chromium against the real server
// and the current build. For each page: the JS of the first load (before the page is scrolled),
// then all the JS once the page was scrolled to the end and the idle-time code (popup, trackers)
// had loaded, both in gzip KB (level 9) of the files the page requested. A report, never a test.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist', 'client')
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error('Build the site first: npm run build')
  process.exit(1)
}
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/contact', '/free-quote', '/apply', '/roi-calculators']

const gzipKb = (urlPath: string) => {
  const file = path.join(clientDir, urlPath)
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024 : 0
}

const env = loadEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', VAR_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jsweight-')), NODE_ENV: 'test' })
const server = await startServer(env)
const origin = `http://127.0.0.1:${server.port}`
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })

console.log('page                      first load JS gzip KB   after scroll + idle JS gzip KB   files')
try {
  for (const url of pages) {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(origin)) scripts.add(new URL(request.url()).pathname)
    })
    await page.goto(origin + url, { waitUntil: 'load' })
    const sum = () => [...scripts].reduce((total, file) => total + gzipKb(file), 0)
    const first = sum()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(3500)
    console.log(`${url.padEnd(26)}${first.toFixed(1).padStart(22)}${sum().toFixed(1).padStart(33)}${String(scripts.size).padStart(8)}`)
    await page.close()
  }
} finally {
  await browser.close()
  await server.close()
}
