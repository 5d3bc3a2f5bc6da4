// The chatbot index's terms, postings and JSON, in a worker thread (earlyOutputs.ts): at 10,000
// cities they take seconds of CPU, which would otherwise delay the first page once the bundles
// come from the build cache. Gets the documents and entities the build read from the data; posts
// back the JSON bytes (transferred, not copied) and the number of documents.
import { parentPort, workerData } from 'node:worker_threads'
import { niceThisThread } from '../../server/lib/niceThread.mjs'
import { buildChatIndex, type Entity, type SourceDoc } from '../../shared/chatSearchIndex.ts'

// Needed only after the pre-render: this thread yields its core to the bundles' build and the
// render thread, taking the CPU they leave idle.
niceThisThread(Number(process.env.CHATBOT_NICE ?? 0))

const { sources, entities } = workerData as { sources: SourceDoc[]; entities: Entity[] }
// A one-off index: no per-document cache for a next call (the publisher's), no key per document.
const index = buildChatIndex(sources, entities, { reuse: false })
const json = new TextEncoder().encode(JSON.stringify(index))
parentPort!.postMessage({ json, docs: index.docs.length }, [json.buffer])
