// Visitor tracking, loaded after idle (3000 ms): records where this visit came from (first and
// last touch) and makes sure the visitor and session ids exist before the first form or event.
import { recordLanding } from './attribution.ts'
import { getSessionId, getVisitorId } from './ids.ts'
import type { Landing } from './schedule.ts'

export function startVisitorTracking(landing: Landing) {
  recordLanding(landing)
  getVisitorId()
  getSessionId()
}
