import {
  Alert,
  Box,
  Card,
  CardContent,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { OperationsFigures } from '../../../shared/api/operations';
import { useOperations } from './api/operations';
import { problem } from '../kit/problem';

/** When the last backup finished, in London's time, or that none is recorded. */
function backupShown(at: string | null): { value: string; detail: string } {
  if (!at) return { value: 'None', detail: 'no npm run backup recorded in this database' };
  const when = new Date(at);
  const days = Math.floor((Date.now() - when.getTime()) / 86_400_000);
  return {
    value: when.toLocaleString('en-GB', {
      timeZone: 'Europe/London',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
    detail: days >= 1 ? `${days} day${days === 1 ? '' : 's'} ago` : 'within the last day',
  };
}

function tiles(f: OperationsFigures) {
  const queued = f.Queues.reduce((n, q) => n + q.Queued, 0);
  const failed = f.Queues.reduce((n, q) => n + q.Failed, 0);
  const backup = backupShown(f.LastBackupAt);
  return [
    { label: 'Jobs waiting', value: String(queued), detail: `${failed} failed`, alert: failed > 0 },
    {
      label: 'E-mails waiting',
      value: String(f.MailsWaiting),
      detail: `${f.MailsGivenUp} given up`,
      alert: f.MailsGivenUp > 0,
    },
    {
      label: 'Refunds pending',
      value: String(f.RefundsPending),
      detail: 'asked of the payment provider, not yet settled',
      alert: false,
    },
    { label: 'Last backup', value: backup.value, detail: backup.detail, alert: !f.LastBackupAt },
  ];
}

/**
 * /admin/health/ (admins): what an operator watches, the same figures as GET /metrics gives
 * Prometheus: the job queues, the e-mails waiting, refunds pending with the provider, the last
 * backup and the database's pool.
 */
export function HealthPage() {
  const figures = useOperations();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Health
      </Typography>
      {figures.isError && <Alert severity="error">{problem(figures.error)}</Alert>}
      {figures.isPending && <Skeleton variant="rounded" height={240} />}
      {figures.data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            {tiles(figures.data).map((tile) => {
              const id = `health-${tile.label.toLowerCase().replace(/\W+/g, '-')}`;
              return (
                <Card key={tile.label} variant="outlined" component="section" aria-labelledby={id}>
                  <CardContent>
                    <Typography variant="body2" color="text.secondary" id={id}>
                      {tile.label}
                    </Typography>
                    <Typography
                      variant="h5"
                      component="p"
                      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {tile.value}
                    </Typography>
                    <Typography variant="body2" color={tile.alert ? 'error' : 'text.secondary'}>
                      {tile.detail}
                    </Typography>
                  </CardContent>
                </Card>
              );
            })}
          </Box>
          <QueuesTable queues={figures.data.Queues} />
          <Typography color="text.secondary">
            Database:{' '}
            {figures.data.Database.Kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'}
            {figures.data.Database.Pool &&
              `, ${figures.data.Database.Pool.InUse} connections in use, ${figures.data.Database.Pool.Idle} idle, ${figures.data.Database.Pool.Waiting} waiting`}
          </Typography>
        </>
      )}
    </Stack>
  );
}

function QueuesTable({ queues }: { queues: OperationsFigures['Queues'] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="queues-title" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="queues-title">
        Job queues
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="queues-title">
          <TableHead>
            <TableRow>
              <TableCell>Queue</TableCell>
              <TableCell align="right">Waiting</TableCell>
              <TableCell align="right">Running</TableCell>
              <TableCell align="right">Failed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {queues.map((q) => (
              <TableRow key={q.Name}>
                <TableCell component="th" scope="row">
                  {q.Name}
                </TableCell>
                <TableCell align="right">{q.Queued}</TableCell>
                <TableCell align="right">{q.Active}</TableCell>
                <TableCell align="right">{q.Failed}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
