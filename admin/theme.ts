import { defaultTheme, type RaThemeOptions } from 'react-admin'

// System fonts only: the CSP allows nothing but our own origin, and no web font is shipped.
// Colours meet WCAG AA (4.5:1) for the small text drawn on them (docs/decisions/212-admin-menu-sections.md):
// MUI's default warning (#ed6c02) and info (#0288d1) give white chip text 3.1:1 and 3.9:1, so they
// are Tailwind's amber-700 and sky-700 here, and error (#d32f2f, the Delete buttons on the form
// toolbar's grey) red-700; the list's empty state ("No leads yet") is drawn in
// the secondary text colour instead of the disabled one (2.7:1 on the page's background).
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#c2410c' },
    secondary: { main: '#1e293b' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    error: { main: '#b91c1c' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // MUI gives every Alert the alert role, so a screen reader interrupts with each explainer, "not
    // connected" state and report box as if it had just gone wrong. An Alert is a status (read
    // when it changes, politely) unless it says role="alert": every error one does, written out
    // where it is used (docs/decisions/216-admin-alert-roles.md).
    MuiAlert: { defaultProps: { role: 'status' } },
    // A spinner (react-admin's loading indicator in the app bar among them) is a progressbar: it needs a name.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // The app bar stays on screen (docs/decisions/213-admin-headings.md): an element scrolled into
    // view, by the keyboard's focus or a link to an anchor, stops below it rather than under it.
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 64 } } },
    // The app bar's title is each screen's h1 (docs/decisions/213-admin-headings.md). A Typography
    // drawn at a small heading or subtitle size with no element of its own (the deal board's stage columns,
    // react-admin's "No leads yet") is an h2 below it, not an h4 to h6 that skips levels.
    MuiTypography: {
      defaultProps: {
        variantMapping: { h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h2', h5: 'h2', h6: 'h2', subtitle1: 'h2', subtitle2: 'h2', body1: 'p', body2: 'p', inherit: 'p' },
      },
    },
  },
}
