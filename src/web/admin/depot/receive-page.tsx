import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEPOT_LIMITS,
  DEPOT_MESSAGES,
  receiveSchema,
  type DepotCustomer,
  type LookupResult,
  type OpenBooking,
  type ReceiveRequest,
} from '../../../shared/api/depot';
import { toFieldErrors, type FieldError } from '../../../shared/api/errors';
import { isValidReference, looksLikeReference } from '../../../shared/customer-reference';
import { CloseIcon } from '../kit/mui-icons';
import { ApiError } from '../../lib/api-client';
import { useLookup, useReceive } from './api/depot';
import { BookingText, PageHeading, ReceiveOutcome } from './depot-parts';
import { ItemLinesEditor } from './item-lines-editor';
import { problem } from '../kit/problem';
import { resizePhoto } from './resize-photo';

/** What the parcel is recorded for: one of the customer's bookings, the customer, or nobody. */
type Choice =
  | { kind: 'booking'; booking: OpenBooking }
  | { kind: 'unbooked'; customer: DepotCustomer }
  | { kind: 'unknown' };

/** The bookings the find gave (the likeliest first), then recording it without one. */
const choicesOf = (found: LookupResult): Choice[] => [
  ...found.Bookings.map((booking): Choice => ({ kind: 'booking', booking })),
  found.Customer ? { kind: 'unbooked', customer: found.Customer } : { kind: 'unknown' },
];

const EMPTY = { WeightKg: '', LengthCm: '', WidthCm: '', HeightCm: '', Shelf: '', Note: '' };
type Measures = typeof EMPTY;
type MeasureField = keyof Measures;

/** The scale's and the tape measure's fields, in the order they are typed. */
const MEASURES: { field: MeasureField; label: string }[] = [
  { field: 'WeightKg', label: 'Weight (kg)' },
  { field: 'LengthCm', label: 'Length (cm)' },
  { field: 'WidthCm', label: 'Width (cm)' },
  { field: 'HeightCm', label: 'Height (cm)' },
];
const FIELDS = Object.keys(EMPTY) as MeasureField[];
/** Fields shown in place, not as an alert under the form. */
const SHOWN_IN_PLACE: string[] = [...FIELDS, 'HouseholdMemberId'];

/** A number as typed (a comma for the decimal point too); nothing typed is missing. */
const numberOf = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

export interface Photo {
  name: string;
  data: string;
}

/** The check character's verdict as the clerk types, before any call: a typo shows at once. */
const referenceTypo = (q: string) =>
  looksLikeReference(q) && !isValidReference(q) ? DEPOT_MESSAGES.badReference : undefined;

/**
 * /admin/receive/: a parcel arrives. One focused field takes the scanned or typed label (a
 * customer reference, a courier's tracking number or an order reference; Enter finds it); the
 * customer's open bookings follow, the likeliest chosen, arrows and Enter to choose another; then
 * weight, size, shelf, a note and photos, and Enter receives it. The answer says what became of
 * it, with its label to print, and the field is empty and focused for the next parcel.
 */
export function ReceivePage() {
  const lookup = useLookup();
  const receive = useReceive();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [measures, setMeasures] = useState<Measures>(EMPTY);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  /** The person of the customer's household the label names ('' : the account holder). */
  const [addressedTo, setAddressedTo] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (field: MeasureField) =>
    (formRef.current?.elements.namedItem(field) as HTMLInputElement | null)?.focus();
  const fileRef = useRef<HTMLInputElement>(null);

  const found = lookup.data;
  const choices = found ? choicesOf(found) : [];
  const choice = choices[Math.min(active, choices.length - 1)];
  const lookupFailure = lookup.error instanceof ApiError ? lookup.error : null;
  const searchError =
    referenceTypo(query) ??
    lookupFailure?.body?.errors?.find((e) => e.field === 'q')?.error ??
    (lookup.isError ? problem(lookup.error) : undefined);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.error;

  // each answer's list takes the focus: arrows and Enter choose
  useEffect(() => {
    if (found) listRef.current?.focus();
  }, [found]);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q === '') return;
    lookup.mutate(q, {
      onSuccess: (result) => {
        setActive(0);
        setErrors([]);
        setAddressedTo(result.AddressedTo ? String(result.AddressedTo.Id) : '');
      },
    });
  };

  const choose = (index: number) => {
    setActive(index);
    focusField('WeightKg');
  };

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, DEPOT_LIMITS.photos - photos.length);
    event.target.value = '';
    setPhotoProblem(null);
    setPreparing((n) => n + files.length);
    const results = await Promise.allSettled(files.map(resizePhoto));
    setPreparing((n) => n - files.length);
    const ready = results.flatMap((r, i) =>
      r.status === 'fulfilled' ? [{ name: files[i].name, data: r.value }] : [],
    );
    const unreadable = files.filter((_, i) => results[i].status === 'rejected');
    if (unreadable.length > 0) {
      setPhotoProblem(`${unreadable.map((f) => f.name).join(', ')}: not an image we can read.`);
    }
    setPhotos((current) => [...current, ...ready].slice(0, DEPOT_LIMITS.photos));
  };

  const nextParcel = () => {
    lookup.reset();
    setQuery('');
    setMeasures(EMPTY);
    setPhotos([]);
    setErrors([]);
    setPhotoProblem(null);
    setAddressedTo('');
    searchRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!found || !choice || preparing > 0) return;
    const q = query.trim();
    const body: ReceiveRequest = {
      ...(choice.kind === 'booking' ? { OrderId: choice.booking.OrderId } : {}),
      ...(choice.kind === 'unbooked' ? { CustomerId: choice.customer.Id } : {}),
      ...(choice.kind !== 'unknown' && addressedTo !== ''
        ? { HouseholdMemberId: Number(addressedTo) }
        : {}),
      WeightKg: numberOf(measures.WeightKg) as number,
      LengthCm: numberOf(measures.LengthCm) as number,
      WidthCm: numberOf(measures.WidthCm) as number,
      HeightCm: numberOf(measures.HeightCm) as number,
      Shelf: measures.Shelf,
      Note: measures.Note,
      // the courier's number, kept with the parcel (a reference names the customer instead)
      InboundTrackingNumber:
        found.MatchedBy === 'tracking-number' || found.MatchedBy === null
          ? q.slice(0, DEPOT_LIMITS.trackingNumber)
          : '',
      Photos: photos.map((p) => ({ Data: p.data })),
    };
    const checked = receiveSchema.safeParse(body);
    if (!checked.success) {
      const problems = toFieldErrors(checked.error.issues);
      setErrors(problems);
      const first = FIELDS.find((f) => problems.some((p) => p.field === f));
      if (first) focusField(first);
      return;
    }
    setErrors([]);
    receive.mutate(body, {
      onSuccess: nextParcel,
      onError: (error) => setErrors(error instanceof ApiError ? (error.body?.errors ?? []) : []),
    });
  };

  const measureProps = (field: MeasureField) => ({
    name: field,
    value: measures[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      setMeasures((m) => ({ ...m, [field]: e.target.value })),
    error: errorOf(field) !== undefined,
    helperText: errorOf(field),
  });
  // a refusal without a field (a booking no longer waiting), and errors of no field on screen
  const receiveProblem = receive.isError && errors.length === 0 ? problem(receive.error) : null;
  const otherErrors = errors.filter((e) => !SHOWN_IN_PLACE.includes(e.field));
  const photoError = otherErrors.find((e) => e.field.startsWith('Photos'))?.error;

  return (
    <Stack spacing={3}>
      <PageHeading
        title="Receive a parcel"
        link={{ to: '/admin/parcels/', label: 'Unbooked and unknown parcels' }}
      />

      {receive.data && <ReceiveOutcome result={receive.data} />}
      {receive.data?.Parcel.OrderId != null && (
        <ItemLinesEditor orderId={receive.data.Parcel.OrderId} />
      )}

      <Paper
        component="form"
        role="search"
        aria-label="Find the booking"
        variant="outlined"
        onSubmit={find}
        sx={{ p: 2 }}
      >
        <TextField
          label="Customer reference, tracking number, order reference or name"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            if (lookup.data || lookup.isError) lookup.reset();
          }}
          inputRef={searchRef}
          autoFocus
          fullWidth
          autoComplete="off"
          error={searchError !== undefined}
          helperText={searchError ?? 'Scan the label, or type it and press Enter.'}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
      </Paper>

      {found && (
        <Stack spacing={2} component="section" aria-label="The parcel">
          <Typography data-testid="found-customer">
            {found.Customer
              ? `${found.Customer.Name} · ${found.Customer.Reference}${found.Customer.Island ? ` · ${found.Customer.Island}` : ''}`
              : `Nobody matches “${query.trim()}”.`}
            {found.AddressedTo
              ? ` Addressed to ${found.AddressedTo.Name}, of their household.`
              : ''}
            {found.MatchedOrder && found.MatchedOrder.Status !== 'Awaiting Parcel'
              ? ` ${found.MatchedOrder.Reference} is ${found.MatchedOrder.Status}.`
              : ''}
          </Typography>
          {found.Customer && found.Customer.Household.length > 0 && choice?.kind !== 'unknown' && (
            <TextField
              select
              label="Addressed to"
              value={addressedTo}
              onChange={(e) => setAddressedTo(e.target.value)}
              error={errorOf('HouseholdMemberId') !== undefined}
              helperText={
                errorOf('HouseholdMemberId') ??
                'The name on the label: the account holder or a person of their household.'
              }
              slotProps={{ select: { native: true } }}
              sx={{ maxWidth: 420 }}
            >
              <option value="">{found.Customer.Name} (account holder)</option>
              {found.Customer.Household.map((m) => (
                <option key={m.Id} value={String(m.Id)}>
                  {m.Name} (household)
                </option>
              ))}
            </TextField>
          )}
          <ChoiceList
            choices={choices}
            active={active}
            onActive={setActive}
            onChoose={choose}
            listRef={listRef}
          />
          <Paper
            ref={formRef}
            component="form"
            aria-label="Receive the parcel"
            variant="outlined"
            noValidate
            onSubmit={submit}
            sx={{ p: 2 }}
          >
            <Stack spacing={2}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
                }}
              >
                {MEASURES.map(({ field, label }) => (
                  <TextField
                    key={field}
                    {...measureProps(field)}
                    label={label}
                    required
                    autoComplete="off"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                ))}
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...measureProps('Shelf')}
                  label="Shelf"
                  required
                  autoComplete="off"
                  sx={{ width: { sm: 200 } }}
                />
                <TextField {...measureProps('Note')} label="Note (optional)" fullWidth />
              </Stack>
              <PhotoPicker
                photos={photos}
                preparing={preparing}
                problem={photoProblem ?? photoError ?? null}
                fileRef={fileRef}
                onAdd={addPhotos}
                onRemove={(i) => setPhotos((current) => current.filter((_, j) => j !== i))}
              />
              {receiveProblem && <Alert severity="error">{receiveProblem}</Alert>}
              {otherErrors
                .filter((e) => !e.field.startsWith('Photos'))
                .map((e) => (
                  <Alert key={e.field} severity="error">
                    {e.error}
                  </Alert>
                ))}
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={receive.isPending}
                  disabled={preparing > 0}
                >
                  Receive parcel
                </Button>
              </Box>
            </Stack>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The choices as a list box: the first (likeliest) is chosen; the arrow keys, Home and End move
 * the choice, Enter (or a click) takes it and goes on to the weight.
 */
function ChoiceList({
  choices,
  active,
  onActive,
  onChoose,
  listRef,
}: {
  choices: Choice[];
  active: number;
  onActive: (index: number) => void;
  onChoose: (index: number) => void;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const id = useId();
  const last = choices.length - 1;
  const keys: Record<string, () => void> = {
    ArrowDown: () => onActive(Math.min(active + 1, last)),
    ArrowUp: () => onActive(Math.max(active - 1, 0)),
    Home: () => onActive(0),
    End: () => onActive(last),
    Enter: () => onChoose(active),
    ' ': () => onChoose(active),
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  return (
    <List
      ref={listRef}
      role="listbox"
      aria-label="Bookings"
      tabIndex={0}
      aria-activedescendant={`${id}-${active}`}
      onKeyDown={onKeyDown}
      disablePadding
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {choices.map((c, i) => (
        <ListItem
          key={c.kind === 'booking' ? c.booking.OrderId : c.kind}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onClick={() => onChoose(i)}
          divider={i < last}
          sx={{
            cursor: 'pointer',
            display: 'block',
            borderLeft: 4,
            borderLeftColor: i === active ? 'primary.main' : 'transparent',
            bgcolor: i === active ? 'action.selected' : undefined,
          }}
        >
          <ChoiceText choice={c} />
        </ListItem>
      ))}
    </List>
  );
}

function ChoiceText({ choice }: { choice: Choice }) {
  switch (choice.kind) {
    case 'booking':
      return <BookingText booking={choice.booking} />;
    case 'unbooked':
      return (
        <>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            No booking for this parcel
          </Typography>
          {` · record it as unbooked: we e-mail ${choice.customer.Name} to book it`}
        </>
      );
    case 'unknown':
      return (
        <>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            Unknown parcel
          </Typography>
          {' · record it on the list of unknown parcels'}
        </>
      );
  }
}

/** The camera (on a tablet) or files: each resized in the browser, shown as a thumbnail. */
export function PhotoPicker({
  photos,
  preparing,
  problem,
  fileRef,
  onAdd,
  onRemove,
}: {
  photos: Photo[];
  preparing: number;
  problem: string | null;
  fileRef: RefObject<HTMLInputElement | null>;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          aria-label="Photos"
          onChange={onAdd}
        />
        <Button
          variant="outlined"
          onClick={() => fileRef.current?.click()}
          disabled={photos.length + preparing >= DEPOT_LIMITS.photos}
        >
          Add photos
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {preparing > 0
            ? `Preparing ${preparing} photo${preparing > 1 ? 's' : ''}…`
            : `${photos.length} of at most ${DEPOT_LIMITS.photos} photos`}
        </Typography>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Photos to send"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {photos.map((photo, i) => (
            <Box component="li" key={`${photo.name}-${i}`} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.data}
                alt={`Photo ${i + 1}`}
                sx={{
                  width: 96,
                  height: 96,
                  objectFit: 'cover',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  display: 'block',
                }}
              />
              <IconButton
                size="small"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onRemove(i)}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
