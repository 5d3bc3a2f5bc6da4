// The only script of a pre-rendered page: hydrates the islands found in the HTML (each loading
// its own code on demand, see client/islands/hydrateIslands.ts), loads the lazy images, and
// starts client-side navigation and the touch helpers. Everything else stays static HTML.
import { startErrorReporting } from '../client/monitoring/reportError.ts'
import { hydrateIslands } from '../client/islands/hydrateIslands.ts'
import { enhanceImages } from '../client/ui/lazyImages.ts'
import { startNavigation } from '../client/navigation/navigation.ts'
import { startTouchHelpers } from '../client/ui/touch.ts'
import { scheduleTrackers } from '../client/tracker/schedule.ts'

// First: errors thrown while the page starts are reported too (first-party, POST /api/errors).
startErrorReporting()
hydrateIslands(document)
enhanceImages(document)
startNavigation()
startTouchHelpers()

// Analytics and visitor tracking load after idle, outside the initial bundle.
scheduleTrackers()
