// Where the images drawn at build time (scripts/build/assets.ts) live. A plain module, so the
// build script can import it without loading React before vike decides the React build.

/** The stand-in for a testimonial photo that fails to load (spec section 8). */
export const PLACEHOLDER_AVATAR = '/images/placeholder-avatar.svg'

/** The illustration of a case study card (PNG, with a WebP variant). */
export const caseStudyImage = (slug: string) => `/images/case-studies/${slug}.png`
