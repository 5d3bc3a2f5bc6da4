// The newsletter's admin screens (issue 15) for App.tsx.
import MailIcon from '@mui/icons-material/MarkEmailRead'
import ListIcon from '@mui/icons-material/FormatListBulleted'
import CampaignIcon from '@mui/icons-material/Campaign'
import { CampaignCreate, CampaignEdit } from './CampaignForms.tsx'
import { CampaignList, CampaignShow } from './CampaignScreens.tsx'
import { ListCreate, ListEdit, ListList } from './ListScreens.tsx'
import { SubscriberCreate, SubscriberEdit } from './SubscriberForms.tsx'
import { SubscriberList } from './SubscriberList.tsx'
import { SubscriberShow } from './SubscriberShow.tsx'

export { SubscriberImport } from './SubscriberImport.tsx'
export { MailSettings } from './MailSettings.tsx'
export { NewsletterAnalytics } from './NewsletterAnalytics.tsx'

export const subscribers = { list: SubscriberList, show: SubscriberShow, create: SubscriberCreate, edit: SubscriberEdit, icon: MailIcon }
export const newsletterLists = { list: ListList, create: ListCreate, edit: ListEdit, icon: ListIcon }
export const campaigns = { list: CampaignList, show: CampaignShow, create: CampaignCreate, edit: CampaignEdit, icon: CampaignIcon }
