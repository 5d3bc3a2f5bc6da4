// `{ field: message }` from a validation error, without importing zod: the server turns a zod
// error into a 400's `errors`, and the browser forms (client/forms/useForm.ts) show a contract's
// problems under their fields, in islands that must not load zod unless they validate with it.

/** What fieldErrors reads of a zod error (or anything shaped like one). */
export type IssueList = { issues: readonly { path: readonly PropertyKey[]; message: string }[] }

/** The first message of each field, dotted paths; problems of the whole object under '_'. */
export function fieldErrors(error: IssueList): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    out[key] ??= issue.message
  }
  return out
}

/** A contract the browser checks values against before sending: a zod schema's safeParse. */
export type Contract = { safeParse(value: unknown): { success: true } | { success: false; error: IssueList } }
