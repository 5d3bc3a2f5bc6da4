import RssFeedIcon from '@mui/icons-material/RssFeed'
import { SyndicationPage } from './SyndicationPage.tsx'

export default { list: SyndicationPage, icon: RssFeedIcon }
