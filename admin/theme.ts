import { defaultTheme, type RaThemeOptions } from 'react-admin'

// System fonts only: the CSP allows nothing but our own origin, and no web font is shipped.
// Colours meet WCAG AA (4.5:1) for the small text drawn on them (docs/decisions/212-admin-menu-sections.md):
// MUI's default warning (#ed6c02) and info (#0288d1) give white chip text 3.1:1 and 3.9:1, so they
// are Tailwind's amber-700 and sky-700 here; the list's empty state ("No leads yet") is drawn in
// the secondary text colour instead of the disabled one (2.7:1 on the page's background).
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#c2410c' },
    secondary: { main: '#1e293b' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
}
