// The chatbot index's terms, postings and JSON, in a worker thread (earlyOutputs.ts): at 10,000
// cities they take seconds of CPU, which would otherwise delay the first page once the bundles
// come from the build cache. Gets the documents and entities the build read from the data and the
// file to write; writes the JSON there in pieces (never the whole 27 MB string at 10k, nor its UTF-8
// copy) and posts back the number of documents and bytes.
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { niceThisThread } from '../../server/lib/niceThread.mjs'
import { buildChatIndex, chatIndexJsonParts, type Entity, type SourceDoc } from '../../shared/chatSearchIndex.ts'

// Needed only after the pre-render: this thread yields its core to the bundles' build and the
// render thread, taking the CPU they leave idle.
niceThisThread(Number(process.env.CHATBOT_NICE ?? 0))

const { sources, entities, file } = workerData as { sources: SourceDoc[]; entities: Entity[]; file: string }
// A one-off index: no per-document cache for a next call (the publisher's), no key per document.
const index = buildChatIndex(sources, entities, { reuse: false })
sources.length = 0 // the documents' texts are not needed any more: only the index's copies are
const fd = fs.openSync(file, 'w')
let bytes = 0
try {
  // writeFileSync on a descriptor writes the whole piece at the current position (writeSync may write part of it).
  for (const part of chatIndexJsonParts(index)) {
    fs.writeFileSync(fd, part)
    bytes += Buffer.byteLength(part)
  }
} finally {
  fs.closeSync(fd)
}
parentPort!.postMessage({ bytes, docs: index.docs.length })
