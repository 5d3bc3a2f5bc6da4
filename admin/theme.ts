import { defaultTheme, type RaThemeOptions } from 'react-admin'

// System fonts only: the CSP allows nothing but our own origin, and no web font is shipped.
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#c2410c' }, secondary: { main: '#1e293b' } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
}
