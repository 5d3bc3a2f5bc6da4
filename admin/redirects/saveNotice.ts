import type { RaRecord } from 'react-admin'

/** What a save did besides saving: the chain it flattened and the rules it re-pointed. */
export function saveNotice(record: RaRecord): string {
  const parts = ['Redirect saved.']
  const flattened = record.flattened as string[] | null | undefined
  if (flattened?.length) parts.push(`Chain flattened: it now points straight at ${record.target} (via ${flattened.slice(0, -1).join(' → ')}).`)
  const repointed = (record.repointed as Array<{ source: string; to: string }> | undefined) ?? []
  if (repointed.length) parts.push(`${repointed.length} other rule${repointed.length === 1 ? '' : 's'} re-pointed to ${repointed[0].to}.`)
  return parts.join(' ')
}
