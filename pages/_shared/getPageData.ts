// Kept only for templates/islands/SiteAddons.test.ts, which the i8-client branch moves to
// client/: point that import at ./chrome.ts when it lands, then delete this file.
export { chromeOf } from './chrome.ts'
