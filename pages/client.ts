// The only script of a pre-rendered page: hydrates the islands found in the HTML (each loading
// its own code on demand, see templates/islands/hydrateIslands.ts), loads the lazy images, and
// starts client-side navigation and the touch helpers. Everything else stays static HTML.
import { hydrateIslands } from '../templates/islands/hydrateIslands.ts'
import { enhanceImages } from '../templates/islands/lazyImages.ts'
import { startNavigation } from '../templates/islands/navigation.ts'
import { startTouchHelpers } from '../templates/islands/touch.ts'
import { scheduleTrackers } from '../templates/islands/tracker/schedule.ts'

hydrateIslands(document)
enhanceImages(document)
startNavigation()
startTouchHelpers()

// Analytics and visitor tracking load after idle, outside the initial bundle.
scheduleTrackers()
