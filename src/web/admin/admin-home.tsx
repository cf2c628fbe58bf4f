import { Navigate, Link as RouterLink } from 'react-router';
import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { ADMIN_AREAS } from './admin-layout';
import { staffCan, useStaffSession } from './staff/staff-session';

/**
 * /admin/: the areas this staff member's role may use. The office's working day starts on Today
 * (/admin/today/), so the office and admins are taken there; the depot keeps this list.
 */
export function AdminHome() {
  const { user } = useStaffSession();
  if (staffCan(user, 'manage', 'Order')) return <Navigate to="/admin/today/" replace />;
  const areas = ADMIN_AREAS.filter((a) => staffCan(user, ...a.can));
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Hello {user?.FirstName}
      </Typography>
      {areas.length === 0 ? (
        <Typography>There is nothing here for your role yet.</Typography>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          {areas.map((area) => (
            <Card key={area.to} variant="outlined" sx={{ width: { sm: 280 } }}>
              <CardActionArea component={RouterLink} to={area.to}>
                <CardContent>
                  <Typography variant="h6" component="h2">
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
      )}
    </Stack>
  );
}
