// CSV output (RFC 4180) with spreadsheet-formula neutralisation: a cell that a spreadsheet
// would run as a formula (=, @, tab, CR, or +/- not followed by a number) gets a leading quote.
// https://owasp.org/www-community/attacks/CSV_Injection
export function csvCell(value: string): string {
  let v = value
  if (/^[=@\t\r]/.test(v) || /^[+-](?![\d\s().]*$)/.test(v)) v = `'${v}`
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

export const csvLine = (values: string[]) => `${values.map(csvCell).join(',')}\r\n`
