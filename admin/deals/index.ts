import ViewKanbanIcon from '@mui/icons-material/ViewKanban'
import { DealBoard } from './DealBoard.tsx'
import { DealCreate } from './DealCreate.tsx'
import { DealEdit } from './DealEdit.tsx'
import { DealShow } from './DealShow.tsx'

// The list route is the kanban board; the table view is /admin/deals/table (App.tsx).
export default { list: DealBoard, show: DealShow, edit: DealEdit, create: DealCreate, icon: ViewKanbanIcon }
