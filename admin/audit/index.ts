import HistoryIcon from '@mui/icons-material/History'
import { AuditLogList } from './AuditLogList.tsx'

export default { list: AuditLogList, icon: HistoryIcon }
