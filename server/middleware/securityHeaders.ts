// Security headers on every response. The CSP allows only our own origin: every script, style,
// font and image is shipped with the site (nothing loads from a CDN).
import type { Middleware } from 'koa'

export function securityHeaders({ hsts }: { hsts: boolean }): Middleware {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
  // A draft preview (server/admin/postMedia.ts) may be framed by the admin of the same origin, and
  // keeps its signed URL out of Referer headers.
  const framedCsp = csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
  return async function securityHeadersMiddleware(ctx, next) {
    await next()
    const framed = ctx.state.frameSameOrigin === true
    ctx.set('Content-Security-Policy', framed ? framedCsp : csp)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Frame-Options', framed ? 'SAMEORIGIN' : 'DENY')
    ctx.set('Referrer-Policy', framed ? 'no-referrer' : 'strict-origin-when-cross-origin')
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin')
    if (hsts && ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}
