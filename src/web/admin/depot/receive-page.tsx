import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  DEPOT_LIMITS,
  DEPOT_MESSAGES,
  receiveSchema,
  type ReceiveRequest,
} from '../../../shared/api/depot';
import { isValidReference, looksLikeReference } from '../../../shared/customer-reference';
import { useLookup, useReceive } from './api/depot';
import { PageHeading, ReceiveOutcome } from './depot-parts';
import { ItemLinesEditor } from './item-lines-editor';
import { serverFieldErrors } from '../kit/form-state';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { resizePhoto } from './resize-photo';
import { choicesOf, ChoiceList } from './receive-choices';
import { photoMessage, PhotoPicker, type Photo } from './photo-picker';

const EMPTY = { WeightKg: '', LengthCm: '', WidthCm: '', HeightCm: '', Shelf: '', Note: '' };
type MeasureField = keyof typeof EMPTY;

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
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
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
  const searchError =
    referenceTypo(query) ??
    serverFieldErrors(lookup.error).q ??
    (lookup.isError ? problem(lookup.error) : undefined);
  const form = useZodForm(receiveSchema, EMPTY, {
    refusal: receive.error,
    body: (measures): Partial<ReceiveRequest> => ({
      ...(choice?.kind === 'booking' ? { OrderId: choice.booking.OrderId } : {}),
      ...(choice?.kind === 'unbooked' ? { CustomerId: choice.customer.Id } : {}),
      ...(choice && choice.kind !== 'unknown' && addressedTo !== ''
        ? { HouseholdMemberId: Number(addressedTo) }
        : {}),
      WeightKg: numberOf(measures.WeightKg),
      LengthCm: numberOf(measures.LengthCm),
      WidthCm: numberOf(measures.WidthCm),
      HeightCm: numberOf(measures.HeightCm),
      Shelf: measures.Shelf,
      Note: measures.Note,
      // the courier's number, kept with the parcel (a reference names the customer instead)
      InboundTrackingNumber:
        found?.MatchedBy === 'tracking-number' || found?.MatchedBy === null
          ? query.trim().slice(0, DEPOT_LIMITS.trackingNumber)
          : '',
      Photos: photos.map((p) => ({ Data: p.data })),
    }),
  });
  const errors = form.messages();
  const errorOf = (field: string): string | undefined => errors[field];

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
        receive.reset();
        form.reset(form.values);
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
    form.reset();
    setPhotos([]);
    setPhotoProblem(null);
    setAddressedTo('');
    searchRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    if (!found || !choice || preparing > 0) return event.preventDefault();
    form.handleSubmit((body) => receive.mutate(body, { onSuccess: nextParcel }))(event);
  };

  const measureProps = (field: MeasureField) => ({ ...form.text(field), fullWidth: false });
  // a refusal without a field (a booking no longer waiting), and errors of no field on screen
  const receiveProblem = form.formError;
  const otherErrors = Object.entries(errors).filter(([field]) => !SHOWN_IN_PLACE.includes(field));
  const photoError = photoMessage(errors);

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
              : found.SharedName
                ? `“${found.SharedName.Name}” is a name ${found.SharedName.Customers} customers’ accounts hold: nobody is matched by it. Look for the customer reference on the label.`
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
              onChange={(e) => {
                setAddressedTo(e.target.value);
                form.forget('HouseholdMemberId');
              }}
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
                .filter(([field]) => !field.startsWith('Photos'))
                .map(([field, error]) => (
                  <Alert key={field} severity="error">
                    {error}
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
