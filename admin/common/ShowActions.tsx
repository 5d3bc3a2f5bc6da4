// The toolbar of a record's page: the resource's own buttons, then Edit and Delete. react-admin's
// buttons ask canAccess themselves and hide when the role may not act.
import type { ReactNode } from 'react'
import { DeleteButton, EditButton, TopToolbar } from 'react-admin'

export const ShowActions = ({ children }: { children?: ReactNode }) => (
  <TopToolbar>
    {children}
    <EditButton />
    <DeleteButton mutationMode="pessimistic" />
  </TopToolbar>
)
