import AltRouteIcon from '@mui/icons-material/AltRoute'
import { RedirectCreate } from './RedirectCreate.tsx'
import { RedirectEdit } from './RedirectEdit.tsx'
import { RedirectList } from './RedirectList.tsx'

export default { list: RedirectList, edit: RedirectEdit, create: RedirectCreate, icon: AltRouteIcon }
