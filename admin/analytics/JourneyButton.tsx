// "Visitor journey": from a lead (or a contact that came from one) to /admin/visitors/lead/:id,
// for roles that may see attribution.
import { Button, useRecordContext } from 'react-admin'
import RouteIcon from '@mui/icons-material/Route'
import { Link } from 'react-router-dom'
import { useCan } from '../common/hooks.ts'

export function JourneyButton({ leadField = 'id' }: { leadField?: 'id' | 'lead_id' }) {
  const record = useRecordContext()
  const { can } = useCan()
  const leadId = record?.[leadField]
  if (!leadId || !can('attribution', 'show')) return null
  return (
    <Button component={Link} to={`/visitors/lead/${leadId}`} label="Visitor journey">
      <RouteIcon />
    </Button>
  )
}
