import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
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
  { id: 'settings', label: 'Settings', href: paths.settings.getHref(), Icon: SettingsOutlined },
];
