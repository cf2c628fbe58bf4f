import { useState, type ReactNode } from 'react';
import { DateField } from '../../components/date-field';
import { FactList } from '../../components/fact-list';
import { PlainDialog } from '../../components/plain-dialog';
import { Alert, Choice, ChoiceGroup, Skeleton, Spinner } from '../../components/plain-controls';
import { FormField, IslandField } from '../../components/form-fields';
import './primitives.css';

const SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
const noop = () => undefined;

/** One primitive, named, with its states side by side. */
function Primitive({ name, children }: { name: string; children: ReactNode }) {
  return (
    <section className="primitives__section" aria-label={name} data-testid={name}>
      <h2 className="primitives__name">{name}</h2>
      <div className="primitives__states">{children}</div>
    </section>
  );
}

/**
 * The site's own primitives (docs/decisions/0029), the one design language of the customer
 * site: a page for a reviewer and the browser test's screenshots (tests/e2e/primitives.spec.ts),
 * not linked. Every customer screen is drawn with these, none with MUI.
 */
export function PrimitivesPage() {
  const [text, setText] = useState('Jersey');
  const [date, setDate] = useState('');
  const [dialog, setDialog] = useState(false);
  const [ticked, setTicked] = useState(true);
  const [island, setIsland] = useState('Jersey');
  return (
    <div className="container primitives">
      <h1>Primitives</h1>
      <Primitive name="Field">
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
      </Primitive>
      <Primitive name="Select">
        <IslandField name="plain-island" label="Island" value="Guernsey" onChange={noop} />
      </Primitive>
      <Primitive name="Date">
        <DateField
          name="plain-date"
          label="Expected at our depot"
          value={date}
          onChange={setDate}
          clearable
        />
      </Primitive>
      <Primitive name="Button">
        <div className="primitives__row">
          <button type="button" className="button button--contained">
            Continue
          </button>
          <button type="button" className="button button--outlined">
            Back
          </button>
          <button type="button" className="button button--text">
            Cancel
          </button>
          <button type="button" className="button button--contained" disabled aria-busy>
            <Spinner />
            Saving
          </button>
        </div>
      </Primitive>
      <Primitive name="Card">
        <div className="card">
          <h3>Price Band A</h3>
          <p>Small parcel, up to 5 kg.</p>
        </div>
      </Primitive>
      <Primitive name="Checkbox">
        <div>
          <Choice
            label="Insurance cover up to £500"
            description="£4.50"
            checked={ticked}
            onChange={(e) => setTicked(e.target.checked)}
          />
          <Choice label="Fragile handling" checked={false} onChange={noop} invalid />
        </div>
      </Primitive>
      <Primitive name="Radio">
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
      </Primitive>
      <Primitive name="Alert">
        {SEVERITIES.map((severity) => (
          <Alert key={severity} severity={severity}>
            A {severity} message.
          </Alert>
        ))}
        <Alert severity="info" title="Jersey GST: an estimate">
          A message with a title.
        </Alert>
      </Primitive>
      <Primitive name="Facts">
        <FactList
          rows={[
            ['Order reference', 'FB-000123'],
            ['Destination', 'Jersey, Channel Islands'],
          ]}
        />
      </Primitive>
      <Primitive name="Loading">
        <Skeleton height={56} />
        <Spinner label="Loading" />
      </Primitive>
      <Primitive name="Dialog">
        <div>
          <button type="button" className="button button--outlined" onClick={() => setDialog(true)}>
            Open the dialog
          </button>
        </div>
      </Primitive>
      <PlainDialog open={dialog} onClose={() => setDialog(false)} title="Log in" width={500}>
        <p>Log in with your e-mail address and password.</p>
      </PlainDialog>
    </div>
  );
}
