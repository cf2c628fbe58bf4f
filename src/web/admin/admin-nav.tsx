import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { currentMark, type AdminGroup } from './admin-areas';
import { CloseIcon, MenuIcon } from './kit/mui-icons';

/** The side bar's width on a desktop, and the drawer's on a phone (at most 85% of the screen). */
const NAV_WIDTH = 232;

/**
 * The rooms' links in their groups, each group a heading and the list it names. The room shown is
 * marked for the eye (a bar, bold, a tint) and for a screen reader (aria-current: `page` on the
 * room itself, `true` on a record opened from it).
 */
function AdminNavGroups({ groups, onGo }: { groups: AdminGroup[]; onGo?: () => void }) {
  const { pathname } = useLocation();
  const id = useId();
  return (
    <Box component="nav" aria-label="Back office" sx={{ py: 1 }}>
      {groups.map((group) => (
        <Box key={group.id} sx={{ mb: 1.5 }}>
          <Typography
            component="h2"
            id={`${id}-${group.id}`}
            variant="subtitle2"
            sx={{ px: 2, py: 1, color: 'text.secondary', fontWeight: 700 }}
          >
            {group.label}
          </Typography>
          <List dense disablePadding aria-labelledby={`${id}-${group.id}`}>
            {group.areas.map((area) => {
              const mark = currentMark(pathname, area.to);
              return (
                <li key={area.to}>
                  <ListItemButton
                    component={RouterLink}
                    to={area.to}
                    aria-current={mark}
                    selected={mark !== undefined}
                    onClick={onGo}
                    sx={{
                      borderLeft: 4,
                      borderColor: 'transparent',
                      '&.Mui-selected': { borderColor: 'primary.main', fontWeight: 700 },
                      // Inside the bar, whose scrolling would clip a ring drawn outside.
                      '&.Mui-focusVisible': { outlineOffset: '-3px' },
                    }}
                  >
                    <ListItemText
                      primary={area.label}
                      slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
                    />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}

/** From the medium breakpoint up: the groups in a side bar beside the page, always there. */
export function AdminSideNav({ groups }: { groups: AdminGroup[] }) {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'block' },
        width: NAV_WIDTH,
        flexShrink: 0,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
        <AdminNavGroups groups={groups} />
      </Box>
    </Box>
  );
}

/**
 * Below the medium breakpoint: a menu button in the bar opens the groups in a drawer, a modal
 * dialog named Menu (focus held inside it; Escape, the close button, a press outside or a link
 * close it, and the focus goes back to the button). Who is logged in is said at its top, the
 * bar having no room for it.
 */
export function AdminNavDrawer({ groups, who }: { groups: AdminGroup[]; who: string }) {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const close = () => setOpen(false);
  const shown = open && !wide;
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open menu"
        aria-expanded={shown}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ display: { md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        open={shown}
        onClose={close}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-label': 'Menu',
            sx: { width: NAV_WIDTH + 48, maxWidth: '85vw' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 1 }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {who}
          </Typography>
          <IconButton aria-label="Close menu" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <AdminNavGroups groups={groups} onGo={close} />
      </Drawer>
    </>
  );
}
