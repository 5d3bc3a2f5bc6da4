// In the page bundle the islands run on Preact (decision 163). Preact runs `useEffect` after the
// next animation frame (or a 35 ms timer); React runs it in a task right after the commit
// (its scheduler's MessageChannel). Effects here move focus, mark an island hydrated, start
// timers: running them in the next task, as React does, keeps that timing, and keeps it where
// animation frames and timers are held back (a background tab, Playwright's paused clock). In a
// React bundle (the dev server) this sets an option nobody reads.
import { options } from 'preact'

const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined
const queue: (() => void)[] = []
if (channel)
  channel.port1.onmessage = () => {
    for (const run of queue.splice(0)) run()
  }

options.requestAnimationFrame = (callback) => {
  if (!channel) return void setTimeout(callback)
  queue.push(callback)
  if (queue.length === 1) channel.port2.postMessage(null)
}
