import { useState, type ReactNode } from 'react';
import {
  Alert as MuiAlert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { ISLANDS } from '../../../shared/islands';
import { DialogFrame } from '../../components/dialog-frame';
import { PlainDialog } from '../../components/plain-dialog';
import { Alert, Choice, ChoiceGroup } from '../../components/plain-controls';
import { FormField, IslandField } from '../order/booking-fields';

const SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
const noop = () => undefined;

/** One primitive: the plain one (light screens) beside its MUI counterpart (app screens). */
function Pair({ name, plain, mui }: { name: string; plain: ReactNode; mui: ReactNode }) {
  return (
    <Box component="section" aria-label={name} sx={{ mb: 4 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {name}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: { xs: 2, sm: 4 } }}>
        <div data-testid={`${name}-plain`}>
          <Typography variant="overline" component="p">
            Plain
          </Typography>
          {plain}
        </div>
        <div data-testid={`${name}-mui`}>
          <Typography variant="overline" component="p">
            MUI
          </Typography>
          {mui}
        </div>
      </Box>
    </Box>
  );
}

const stack = { display: 'grid', gap: 2, alignContent: 'start' } as const;

/**
 * The plain primitives beside their MUI counterparts (docs/decisions/0023): a page for a
 * reviewer and the browser test's screenshots (tests/e2e/primitives.spec.ts), not linked.
 */
export function PrimitivesPage() {
  const [text, setText] = useState('Jersey');
  const [dialog, setDialog] = useState<'plain' | 'mui' | null>(null);
  const [ticked, setTicked] = useState(true);
  const [island, setIsland] = useState('Jersey');
  return (
    <Box
      component="main"
      id="main"
      sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 4 }}
    >
      <Typography variant="h1" sx={{ mb: 3 }}>
        Primitives
      </Typography>
      <Pair
        name="Field"
        plain={
          <Box sx={stack}>
            <FormField name="plain-empty" label="Length" unit="cm" value="" onChange={noop} />
            <FormField
              name="plain-filled"
              label="Town"
              value={text}
              onChange={(e) => setText(e.target.value)}
              hint="As on the parcel"
            />
            <FormField
              name="plain-error"
              label="Postcode"
              value="JE"
              onChange={noop}
              error
              helperText="Enter a Jersey postcode"
              required
            />
          </Box>
        }
        mui={
          <Box sx={stack}>
            <TextField
              id="mui-empty"
              label="Length"
              slotProps={{ input: { endAdornment: <span>cm</span> } }}
            />
            <TextField
              id="mui-filled"
              label="Town"
              value={text}
              onChange={(e) => setText(e.target.value)}
              helperText="As on the parcel"
            />
            <TextField
              id="mui-error"
              label="Postcode"
              value="JE"
              error
              helperText="Enter a Jersey postcode"
              required
            />
          </Box>
        }
      />
      <Pair
        name="Select"
        plain={<IslandField name="plain-island" label="Island" value="Guernsey" onChange={noop} />}
        mui={
          <TextField id="mui-island" select label="Island" value="Guernsey" required fullWidth>
            {ISLANDS.map((island) => (
              <MenuItem key={island} value={island}>
                {island}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Pair
        name="Button"
        plain={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <button type="button" className="button button--contained">
              Continue
            </button>
            <button type="button" className="button button--outlined">
              Back
            </button>
            <button type="button" className="button button--text">
              Cancel
            </button>
          </Box>
        }
        mui={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained">Continue</Button>
            <Button variant="outlined">Back</Button>
            <Button>Cancel</Button>
          </Box>
        }
      />
      <Pair
        name="Card"
        plain={
          <div className="card">
            <h3>Price Band A</h3>
            <p>Small parcel, up to 5 kg.</p>
          </div>
        }
        mui={
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h3">Price Band A</Typography>
              <Typography>Small parcel, up to 5 kg.</Typography>
            </CardContent>
          </Card>
        }
      />
      <Pair
        name="Checkbox"
        plain={
          <div>
            <Choice
              label="Insurance cover up to £500"
              description="£4.50"
              checked={ticked}
              onChange={(e) => setTicked(e.target.checked)}
            />
            <Choice label="Fragile handling" checked={false} onChange={noop} invalid />
          </div>
        }
        mui={
          <div>
            <FormControlLabel
              sx={{ alignItems: 'flex-start' }}
              control={<Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)} />}
              label={
                <Box sx={{ py: 1.125 }}>
                  Insurance cover up to £500
                  <Typography variant="body2" color="text.secondary">
                    £4.50
                  </Typography>
                </Box>
              }
            />
            <FormControlLabel
              control={<Checkbox checked={false} sx={{ color: 'error.main' }} />}
              label={<Typography color="error">Fragile handling</Typography>}
            />
          </div>
        }
      />
      <Pair
        name="Radio"
        plain={
          <ChoiceGroup legend="Destination island" id="plain-island-group">
            {['Jersey', 'Guernsey'].map((name) => (
              <Choice
                key={name}
                type="radio"
                name="plain-island-radio"
                label={name}
                checked={island === name}
                onChange={() => setIsland(name)}
              />
            ))}
          </ChoiceGroup>
        }
        mui={
          <div>
            <FormLabel id="mui-island-group">Destination island</FormLabel>
            <RadioGroup
              aria-labelledby="mui-island-group"
              value={island}
              onChange={(e) => setIsland(e.target.value)}
            >
              {['Jersey', 'Guernsey'].map((name) => (
                <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
              ))}
            </RadioGroup>
          </div>
        }
      />
      <Pair
        name="Alert"
        plain={
          <Box sx={stack}>
            {SEVERITIES.map((severity) => (
              <Alert key={severity} severity={severity}>
                A {severity} message.
              </Alert>
            ))}
            <Alert severity="info" title="Jersey GST: an estimate">
              A message with a title.
            </Alert>
          </Box>
        }
        mui={
          <Box sx={stack}>
            {SEVERITIES.map((severity) => (
              <MuiAlert key={severity} severity={severity} icon={false} role="status">
                A {severity} message.
              </MuiAlert>
            ))}
            <MuiAlert severity="info" icon={false} role="status">
              <AlertTitle>Jersey GST: an estimate</AlertTitle>A message with a title.
            </MuiAlert>
          </Box>
        }
      />
      <Pair
        name="Dialog"
        plain={
          <button
            type="button"
            className="button button--outlined"
            onClick={() => setDialog('plain')}
          >
            Open the plain dialog
          </button>
        }
        mui={
          <Button variant="outlined" onClick={() => setDialog('mui')}>
            Open the MUI dialog
          </Button>
        }
      />
      <PlainDialog
        open={dialog === 'plain'}
        onClose={() => setDialog(null)}
        title="Log in"
        width={500}
      >
        <p>Log in with your e-mail address and password.</p>
      </PlainDialog>
      <DialogFrame
        open={dialog === 'mui'}
        onClose={() => setDialog(null)}
        title="Log in"
        width={500}
      >
        <Typography>Log in with your e-mail address and password.</Typography>
      </DialogFrame>
    </Box>
  );
}
