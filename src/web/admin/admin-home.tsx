import { Navigate, Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { adminGroupsFor } from './admin-areas';
import { staffCan, useStaffSession } from './staff/staff-session';

/**
 * /admin/: the rooms this staff member's role may open, in the side bar's groups. The office's
 * working day starts on Today (/admin/today/), so the office and admins are taken there; the
 * depot keeps this list.
 */
export function AdminHome() {
  const { user } = useStaffSession();
  if (staffCan(user, 'manage', 'Order')) return <Navigate to="/admin/today/" replace />;
  const groups = adminGroupsFor(user);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Hello {user?.FirstName}
      </Typography>
      {groups.length === 0 && <Typography>There is nothing here for your role yet.</Typography>}
      {groups.map((group) => (
        <Box component="section" key={group.id} aria-labelledby={`home-${group.id}`}>
          <Typography variant="h5" component="h2" id={`home-${group.id}`} sx={{ mb: 1.5 }}>
            {group.label}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            {group.areas.map((area) => (
              <Card key={area.to} variant="outlined" sx={{ width: { sm: 280 } }}>
                <CardActionArea component={RouterLink} to={area.to} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {area.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {area.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
