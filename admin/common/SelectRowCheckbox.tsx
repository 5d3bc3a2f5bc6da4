// The row checkbox of react-admin's DataTable, with its name on the checkbox itself. react-admin
// 5.15 passes `aria-label` to MUI 7's Checkbox, which puts it on the root <span> (a name that span
// may not have) and leaves the <input> unnamed: axe's "label" (critical) on every list with rows.
// admin/vite.config.ts puts this file in place of react-admin's own (docs/decisions/212-admin-menu-sections.md);
// same behaviour otherwise.
import { memo, useCallback, type MouseEvent } from 'react'
import { Checkbox } from '@mui/material'
import { useDataTableCallbacksContext, useDataTableSelectedIdsContext, useRecordContext, useTranslate } from 'react-admin'

export const SelectRowCheckbox = memo(() => {
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext()
  const selectedIds = useDataTableSelectedIdsContext()
  const translate = useTranslate()
  const record = useRecordContext()
  if (!record) throw new Error('SelectRowCheckbox can only be used within a RecordContext')
  const selectable = !isRowSelectable || isRowSelectable(record)
  const selected = selectedIds?.includes(record.id)
  const toggle = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      if (!selectable || !handleToggleItem) return
      handleToggleItem(record.id, event)
      event.stopPropagation()
    },
    [record.id, handleToggleItem, selectable],
  )
  return (
    <Checkbox
      slotProps={{ input: { 'aria-label': translate('ra.action.select_row', { _: 'Select this row' }) } }}
      color="primary"
      className="select-item RaDataTable-checkbox"
      checked={Boolean(selectable && selected)}
      onClick={toggle}
      disabled={!selectable}
    />
  )
})
SelectRowCheckbox.displayName = 'SelectRowTableCell'
