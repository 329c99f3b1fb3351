import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { NavigationTab } from '@/components/layout/navigation-state';
import { paths } from '@/config/paths';

export interface TabDefinition {
  id: NavigationTab;
  label: string;
  href: string;
  Icon: SvgIconComponent;
}

export const TABS: readonly TabDefinition[] = [
  { id: 'record', label: 'Record', href: paths.record.getHref(), Icon: MicNoneOutlined },
  { id: 'sessions', label: 'Sessions', href: paths.sessions.getHref(), Icon: ListAltOutlined },
  { id: 'templates', label: 'Templates', href: paths.templates.getHref(), Icon: DescriptionOutlined },
  // "Plan": the bottom navigation has room for one short word per tab on a 360 px phone.
  { id: 'billing', label: 'Plan', href: paths.billing.getHref(), Icon: WorkspacePremiumOutlined },
  { id: 'settings', label: 'Settings', href: paths.settings.getHref(), Icon: SettingsOutlined },
];
