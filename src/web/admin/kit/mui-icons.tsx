import { mdiClose, mdiEye, mdiEyeOff, mdiMenu } from '@mdi/js';
import { SvgIcon, type SvgIconProps } from '@mui/material';

// The back office's icons, as MUI SvgIcons drawn from the one icon source of the whole site,
// @mdi/js (the customer site draws the same paths as plain SVG, components/icons.tsx,
// docs/decisions/0006). MUI comes with them, so only lazily loaded modules import this file.
const icon = (path: string, name: string) => {
  const Icon = (props: SvgIconProps) => (
    <SvgIcon {...props}>
      <path d={path} />
    </SvgIcon>
  );
  Icon.displayName = name;
  return Icon;
};

export const CloseIcon = icon(mdiClose, 'CloseIcon');
export const VisibilityIcon = icon(mdiEye, 'VisibilityIcon');
export const VisibilityOffIcon = icon(mdiEyeOff, 'VisibilityOffIcon');
export const MenuIcon = icon(mdiMenu, 'MenuIcon');
